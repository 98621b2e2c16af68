// retell-sdk — Retell AI's official TypeScript library for its API (Retell AI: voice AI agents that make and take phone
// calls; a shop's AI agent calls its customers back about their returns): new Retell({ apiKey }) sends every call by
// fetch to api.retellai.com with the key as a bearer token (a Stainless client: x-stainless-* headers);
// call.createPhoneCall({ from_number, to_number, override_agent_id, metadata, retell_llm_dynamic_variables }) is one
// JSON POST of /v2/create-phone-call (the number called, the metadata and the agent's dynamic variables whole),
// call.retrieve(callId) a GET of /v2/get-call/<id>, agent.list() a JSON POST of /v2/list-agents and phoneNumber.list()
// a GET of /v2/list-phone-numbers. README (const client = new Retell({ apiKey: process.env['RETELL_API_KEY'] }); const
// agentResponse = await client.agent.create({ response_engine: { llm_id: 'llm_234sdertfsdsfsdf', type: 'retell-llm' },
// voice_id: '11labs-Adrian' })). The identify page has the returns agent call the signed-in customer back (their phone
// as the number called, their id and plan as metadata, their name, e-mail and phone as the agent's dynamic variables)
// and reads the call it queued; the page view page lists the agents and the shop's phone numbers.
import Retell from "retell-sdk";

const retell = new Retell({ apiKey: "key_5f2c8a1e9d4b7f3a6c0e2d8b1a4f", maxRetries: 0 });
const AGENT = "agent_7c1e4a9f2b6d8e0a3c5f1b7d";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const call = await retell.call.createPhoneCall({
    from_number: "+14155550100",
    to_number: `+${p.phone.replace(/\D/g, "")}`,
    override_agent_id: AGENT,
    metadata: { customer_id: p.user_id, plan: p.plan, reason: "return_request" },
    retell_llm_dynamic_variables: {
      customer_name: p.name,
      customer_email: p.email,
      customer_phone: p.phone,
      item: "leather winter boots",
      return_reason: "too small",
    },
  }).catch(() => null);
  if (call && call.call_id) {
    await retell.call.retrieve(call.call_id).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await retell.agent.list({ limit: 10 }).catch(() => null);
  await retell.phoneNumber.list().catch(() => null);
  await settle(300);
}
