// writer-sdk — Writer's official TypeScript library (Writer: an enterprise platform of hosted Palmyra language models;
// a shop's assistant answers its customers through it): new Writer({ apiKey }) sends every call by fetch to
// api.writer.com with the key as a bearer token (a Stainless client: x-stainless-* headers); chat.chat({ model,
// messages }) is one JSON POST to /v1/chat (the messages whole). README (const client = new Writer(); const
// chatCompletion = await client.chat.chat({ messages: [{ content: 'Write a haiku about programming', role: 'user' }],
// model: 'palmyra-x5' })). The identify page has the shop's assistant answer the signed-in customer (a system message
// with their name, customer number, e-mail, phone and plan, their question naming them with their e-mail and phone);
// the page view page asks an anonymous question about a delivery.
import Writer from "writer-sdk";

const client = new Writer({ apiKey: "wr-Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx7Rt1", maxRetries: 0 });
const MODEL = "palmyra-x5";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.chat.chat({
    model: MODEL,
    messages: [
      { role: "system", content: `You are Example Shop's assistant. The signed-in customer is ${p.name} `
        + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
      { role: "user", content: `Hi, ${p.name} here. My boots arrived with a scuffed toe: can you send a `
        + `replacement? Write to ${p.email} or text ${p.phone}.` },
    ],
    max_tokens: 300,
  }, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.chat.chat({
    model: MODEL,
    messages: [
      { role: "system", content: "You are Example Shop's assistant. Answer questions about delivery and returns." },
      { role: "user", content: "How long does standard delivery take for boots ordered today?" },
    ],
    max_tokens: 300,
  }, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}
