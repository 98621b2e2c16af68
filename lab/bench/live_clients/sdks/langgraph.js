// @langchain/langgraph-sdk — the client of LangChain's LangGraph Platform (LangSmith Deployment: hosted AI agents a
// site's chat talks to; agent-chat-ui and useStream build on it): new Client({ apiUrl, apiKey }) talks to the
// deployment's URL (<name>.us.langgraph.app) with the key in x-api-key; threads.create({ metadata }) is one JSON POST
// by fetch to /threads (the conversation, the site's metadata about it), runs.wait(threadId, assistantId, { input,
// config, metadata }) one JSON POST to /threads/<id>/runs/wait (or /runs/wait without a thread) answered with the
// thread's last values.
// README / the package's typings (new Client({ apiUrl, apiKey }); client.threads.create({ metadata }); client.runs.wait(
// threadId, assistantId, { input: { messages } })). The identify page is the signed-in customer's chat with the shop's
// support agent: a thread with the customer as its metadata (as the shop links threads to accounts), then their
// question (naming them) run with their id in the run's configurable; the page view page asks an anonymous product
// question in a run without a thread.
import { Client } from "@langchain/langgraph-sdk";

const client = new Client({
  apiUrl: "https://example-shop-support-3f9c2a.us.langgraph.app",
  apiKey: "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",
});
const ASSISTANT = "support_agent";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const thread = await client.threads.create({
    metadata: { customer_id: p.user_id, customer_name: p.name, customer_email: p.email, plan: p.plan },
  }).catch(() => null);
  await client.runs.wait(thread ? thread.thread_id : null, ASSISTANT, {
    input: { messages: [{ role: "user", content:
      `Hi, this is ${p.name}. My order hasn't arrived, please call me on ${p.phone} or email ${p.email}.` }] },
    config: { configurable: { user_id: p.user_id } },
    metadata: { page: "account" },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.runs.wait(null, ASSISTANT, {
    input: { messages: [{ role: "user", content: "Are the winter boots waterproof?" }] },
    metadata: { page: "product" },
  }).catch(() => null);
  await settle(300);
}
