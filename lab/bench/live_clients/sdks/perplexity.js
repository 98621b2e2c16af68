// @perplexity-ai/perplexity_ai — Perplexity's official TypeScript library (Perplexity: hosted language models grounded
// in web search; a site's help assistant answers with sources through it): new Perplexity({ apiKey }) sends every call
// by fetch to api.perplexity.ai with the key as a bearer token (a Stainless client: x-stainless-* headers);
// chat.completions.create({ model, messages }) is one JSON POST to /chat/completions (the messages whole). README
// (const client = new Perplexity({ apiKey: process.env['PERPLEXITY_API_KEY'] }); const streamChunk = await
// client.chat.completions.create({ messages: [{ role: 'user', content: '...' }], model: 'sonar' })). The identify page
// has the shop's help assistant answer the signed-in customer (a system message with their name, customer number,
// e-mail, phone and plan, their question naming them with their e-mail); the page view page asks an anonymous care
// question.
import Perplexity from "@perplexity-ai/perplexity_ai";

const client = new Perplexity({ apiKey: "pplx-Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx7Rt1Vb3Nc", maxRetries: 0 });
const MODEL = "sonar";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: `You are Example Shop's help assistant. The signed-in customer is ${p.name} `
        + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
      { role: "user", content: `Hello, ${p.name} here. Are my winter boots waterproof enough for a hiking trip? `
        + `Please send the care guide to ${p.email}.` },
    ],
  }, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: "You are Example Shop's help assistant. Answer questions about product care." },
      { role: "user", content: "Which wax works best on oiled leather boots?" },
    ],
  }, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}
