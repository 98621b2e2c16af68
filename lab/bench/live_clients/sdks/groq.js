// groq-sdk — Groq's official client (Groq: fast hosted inference for open LLMs behind an OpenAI-compatible API; a site's
// shopping assistant asks a model through it): new Groq({ apiKey, dangerouslyAllowBrowser: true }) sends every call
// by fetch to api.groq.com with the key as a bearer token; chat.completions.create({ model, messages, user, metadata })
// is one JSON POST to /openai/v1/chat/completions (the messages whole, the end user's id in `user`).
// README (const client = new Groq({ apiKey }); const chatCompletion = await client.chat.completions.create({ messages:
// [{ role: 'user', content: 'Explain the importance of low latency LLMs' }], model: 'openai/gpt-oss-20b' });
// dangerouslyAllowBrowser for browser use). The identify page is the shop assistant answering the signed-in customer:
// a system message with the customer's details for context (name, e-mail, phone, customer number), their question
// naming them and their id as the end user; the page view page asks an anonymous product question.
import Groq from "groq-sdk";

const client = new Groq({ apiKey: "gsk_7Rq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx7Ct1Rn", dangerouslyAllowBrowser: true,
  maxRetries: 0 });
const MODEL = "llama-3.1-8b-instant";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: `You are Example Shop's assistant. The signed-in customer is ${p.name} `
        + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
      { role: "user", content: `Hi, I'm ${p.name}. Can I still exchange the winter boots from my last order? `
        + `You can text me on ${p.phone}.` },
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
      { role: "user", content: "Are the winter boots waterproof, and do they run true to size?" },
    ],
    max_completion_tokens: 256,
  }).catch(() => null);
  await settle(300);
}
