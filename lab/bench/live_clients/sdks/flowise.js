// flowise-sdk — Flowise's SDK (Flowise: open-source builder of LLM chat flows and agents; the site's own Flowise server
// runs the flow, calls the model and keeps the chat history by session): createPrediction() first asks whether the
// chat flow can stream (GET /api/v1/chatflows-streaming/<chatflow id>), then posts the whole request as JSON (the
// question, the chat id, overrideConfig with the session id and the flow's variables, the history) to
// /api/v1/prediction/<chatflow id> on the Flowise host (here the shop's own instance, flowise.shop.example).
// README ("Usage", "API Reference"): new FlowiseClient({ baseUrl, apiKey? }) (the key is optional: a public chat flow
// takes none), createPrediction({ chatflowId, question, streaming, chatId, overrideConfig, history }). The package's
// `main` (dist/index.js) is missing from its tarball, so the page imports the built file, dist/flowise-sdk.js.
import FlowiseClient from "flowise-sdk/dist/flowise-sdk.js";

const CHATFLOW_ID = "5d7e2b9a-31c4-4f08-9a6e-c2b8f41d7e35";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function client() {
  return new FlowiseClient({ baseUrl: "https://flowise.shop.example" });
}

export async function identify(p) {
  const chatId = crypto.randomUUID();
  await client().createPrediction({
    chatflowId: CHATFLOW_ID,
    question: `Hi, I'm ${p.name} (${p.email}, ${p.phone}). Where is my winter boots order?`,
    chatId,
    streaming: false,
    overrideConfig: {
      sessionId: chatId,
      vars: { customer_id: p.user_id, customer_name: p.name, customer_email: p.email, plan: p.plan },
    },
  }).catch(() => null);
  await settle(500);
}

export async function pageview() {
  // An anonymous visitor's question to the shop's assistant.
  const chatId = crypto.randomUUID();
  await client().createPrediction({
    chatflowId: CHATFLOW_ID,
    question: "Do the winter boots run true to size, or should I order half a size up?",
    chatId,
    streaming: false,
    overrideConfig: { sessionId: chatId },
  }).catch(() => null);
  await settle(500);
}
