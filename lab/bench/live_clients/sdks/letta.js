// @letta-ai/letta-client — Letta's official client (Letta: stateful AI agents with long-term memory, hosted on Letta
// Cloud at api.letta.com; an app gives each user an agent whose memory blocks hold what it knows about them): new
// Letta({ apiKey }) sends every call by fetch with the key as a bearer token; agents.create({ name, model,
// memory_blocks, tags, metadata }) is one JSON POST to /v1/agents/, agents.messages.create(agentId, { messages }) one to
// /v1/agents/<id>/messages (the messages whole, the agent's reply in the answer).
// README / api reference (const client = new Letta({ apiKey }); client.agents.create({ model, memory_blocks: [{
// label: 'human', value: '...' }, { label: 'persona', value: '...' }] }); client.agents.messages.create(agentId, {
// messages: [{ role: 'user', content: '...' }] })). The identify page is the shop's support assistant for the signed-in
// customer: an agent created for them (their details in its "human" memory block, their customer number as a tag and
// in the metadata) and their first message naming them; the page view page asks the shop's shared catalogue agent an
// anonymous question.
import Letta from "@letta-ai/letta-client";

const client = new Letta({ apiKey: "sk-let-NzQ2ZDFhOGMtM2U5Yi00YjdmLTlhMmMtNmUxZjViOGQ0YzJhOmE3YzNlOWIx", maxRetries: 0 });
const CATALOGUE_AGENT = "agent-3f1c9a7e-52d4-4b8e-9c06-7a2e4d1b8f53";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const agent = await client.agents.create({
    name: `support-${p.user_id}`,
    model: "openai/gpt-4o-mini",
    embedding: "openai/text-embedding-3-small",
    memory_blocks: [
      { label: "human", value: `Name: ${p.name}\nE-mail: ${p.email}\nPhone: ${p.phone}\nCustomer number: ${p.user_id}` },
      { label: "persona", value: "I am Example Shop's friendly support assistant." },
    ],
    tags: ["example-shop", `customer:${p.user_id}`],
    metadata: { customer_id: p.user_id, plan: p.plan },
  }).catch(() => null);
  if (agent && agent.id) {
    await client.agents.messages.create(agent.id, {
      messages: [{ role: "user", content: `Hello, this is ${p.name} (${p.email}). My boots arrived a size too small; `
        + `can you arrange an exchange? Call me on ${p.phone} if needed.` }],
    }).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await client.agents.messages.create(CATALOGUE_AGENT, {
    messages: [{ role: "user", content: "Which of your winter boots are best for snow?" }],
  }).catch(() => null);
  await settle(300);
}
