// cohere-ai — Cohere's official TypeScript SDK (Cohere: hosted language models; a site's support assistant drafts its
// answers through it): new CohereClientV2({ token }) sends every call by fetch to api.cohere.com with the key as a
// bearer token and Fern's X-Fern-* headers; chat({ model, messages }) is one JSON POST to /v2/chat (the messages
// whole). README (const cohere = new CohereClientV2({ token: '<<apiKey>>' }); const response = await cohere.chat({
// model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hello world!' }] })). The identify page has the
// shop's support assistant answer the signed-in customer (a system message with their name, customer number, e-mail,
// phone and plan, their message naming them with their e-mail and phone); the page view page asks an anonymous care
// question.
import { CohereClientV2 } from "cohere-ai";

const cohere = new CohereClientV2({ token: "Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx7Rt1", maxRetries: 0 });
const MODEL = "command-a-03-2025";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await cohere.chat({
    model: MODEL,
    messages: [
      { role: "system", content: `You are Example Shop's support assistant. The signed-in customer is ${p.name} `
        + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
      { role: "user", content: `Hi, ${p.name} here. My winter boots arrived with a broken zip. `
        + `Please e-mail the return label to ${p.email} or call me on ${p.phone}.` },
    ],
    maxTokens: 300,
  }, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await cohere.chat({
    model: MODEL,
    messages: [
      { role: "system", content: "You are Example Shop's support assistant. Answer questions about product care." },
      { role: "user", content: "How should I clean suede winter boots after snow?" },
    ],
    maxTokens: 300,
  }, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}
