// ollama — Ollama's official JavaScript library (Ollama: open models run locally or on Ollama's cloud; a shop's
// assistant answers its customers with a cloud model through it): new Ollama({ host, headers }) from
// "ollama/browser" sends every call by fetch to the host (here https://ollama.com, the cloud API) with the key as a
// bearer token in the headers given; chat({ model, messages, stream: false }) is one JSON POST of /api/chat (the model
// and the messages whole). README (import ollama from 'ollama/browser'; const ollama = new Ollama({ host:
// 'https://ollama.com', headers: { Authorization: 'Bearer ' + process.env.OLLAMA_API_KEY } }); const response = await
// ollama.chat({ model: 'gpt-oss:120b', messages: [{ role: 'user', content: 'Explain quantum computing' }], stream:
// false })). The identify page has the shop's assistant answer the signed-in customer (a system message with their
// name, customer number, e-mail, phone and plan, their question naming them with their e-mail and phone); the page
// view page asks an anonymous question about the boots' sizes.
import { Ollama } from "ollama/browser";

const ollama = new Ollama({
  host: "https://ollama.com",
  headers: { Authorization: "Bearer 7f3c9a2e41b84d6f9e0a5c1d8b2f4e67.Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaU" },
});
const MODEL = "gpt-oss:120b";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await ollama.chat({
    model: MODEL,
    messages: [
      { role: "system", content: `You are Example Shop's assistant. The signed-in customer is ${p.name} `
        + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
      { role: "user", content: `Hello, this is ${p.name}. My order of winter boots has not arrived yet: can you `
        + `check it and write to ${p.email} or text ${p.phone}?` },
    ],
    stream: false,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await ollama.chat({
    model: MODEL,
    messages: [
      { role: "system", content: "You are Example Shop's assistant. Answer questions about the catalogue." },
      { role: "user", content: "Do the leather winter boots run true to size, or should I order half a size up?" },
    ],
    stream: false,
  }).catch(() => null);
  await settle(300);
}
