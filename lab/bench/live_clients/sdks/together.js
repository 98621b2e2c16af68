// together-ai — Together AI's official client (Together: hosted open models behind an OpenAI-compatible API; a site's
// support assistant asks a model through it): new Together({ apiKey }) sends every call
// by fetch to api.together.ai with the key as a bearer token; chat.completions.create({ model, messages }) is one JSON
// POST to /v1/chat/completions (the messages whole). README (const client = new Together({ apiKey }); const
// chatCompletion = await client.chat.completions.create({ messages: [{ role: 'user', content: 'Say this is a test!' }],
// model: 'mistralai/Mixtral-8x7B-Instruct-v0.1' })). The identify page is the support assistant drafting a reply to the
// signed-in customer's message (their details in the system message, their message naming them with their e-mail);
// the page view page asks an anonymous care question.
import Together from "together-ai";

const client = new Together({ apiKey: "tgp_v1_8Kq2Lx7Wm4Tz9Pv1Rc6Nd3Hf0Jb5Ys2GaUe8WiQo4Mx",
  maxRetries: 0 });
const MODEL = "meta-llama/Llama-3.3-70B-Instruct-Turbo";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: `You help Example Shop's support team. Customer: ${p.name}, id ${p.user_id}, `
        + `e-mail ${p.email}, phone ${p.phone}.` },
      { role: "user", content: `My name is ${p.name} and my boots arrived damaged. Please send the replacement `
        + `confirmation to ${p.email} or call ${p.phone}.` },
    ],
    max_tokens: 256,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: "You help Example Shop's visitors with product care." },
      { role: "user", content: "How should I clean suede winter boots?" },
    ],
    max_tokens: 256,
  }).catch(() => null);
  await settle(300);
}
