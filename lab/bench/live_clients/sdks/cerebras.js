// @cerebras/cerebras_cloud_sdk — Cerebras's official client (Cerebras Inference: hosted open LLMs behind an
// OpenAI-compatible API; a site's shopping assistant asks a model through it): new Cerebras({ apiKey,
// warmTCPConnection: false }) sends every call by fetch to api.cerebras.ai with the key as a bearer token;
// chat.completions.create({ model, messages, user }) is one JSON POST to /v1/chat/completions (the messages whole, the
// end user's id in `user`). README (const client = new Cerebras({ apiKey }); await client.chat.completions.create({
// messages: [{ role: 'user', content: 'Why is fast inference important?' }], model: 'llama3.1-8b' })). The identify
// page is the shop assistant answering the signed-in customer (a system message with their details, their question
// naming them, their id as the end user); the page view page asks an anonymous product question.
import Cerebras from "@cerebras/cerebras_cloud_sdk";

const client = new Cerebras({ apiKey: "csk-4m9xq2tw7kzp1vb8nr5yd3hf6jc0lsaegu2wio4mx7ct1rnq",
  maxRetries: 0, warmTCPConnection: false });
const MODEL = "llama3.1-8b";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: `You are Example Shop's assistant. The signed-in customer is ${p.name} `
        + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
      { role: "user", content: `Hello, this is ${p.name}. Where is my order of winter boots? `
        + `Please text me on ${p.phone} when it ships.` },
    ],
    user: p.user_id,
    max_completion_tokens: 256,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: "You are Example Shop's assistant. Answer questions about the catalogue." },
      { role: "user", content: "Which winter boots are best for wet weather?" },
    ],
    max_completion_tokens: 256,
  }).catch(() => null);
  await settle(300);
}
