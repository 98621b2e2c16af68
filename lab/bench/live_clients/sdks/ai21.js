// ai21 — AI21 Labs' official TypeScript SDK (AI21: the Jamba language models, hosted; a shop's assistant answers its
// customers through it): new AI21({ apiKey, dangerouslyAllowBrowser: true }) sends every call by fetch to
// api.ai21.com/studio/v1 with the key as a bearer token; chat.completions.create({ model, messages }) is one JSON POST
// of /chat/completions (the messages whole). README (const client = new AI21({ apiKey: process.env.AI21_API_KEY });
// const response = await client.chat.completions.create({ model: 'jamba-mini', messages: [{ role: 'user', content:
// 'Hello, how are you? tell me a 100 line story about a cat named "Fluffy"' }] })). The module reads its defaults from
// process.env when it runs, which a site's bundler defines: the entry file gives it an empty process.env and imports
// the SDK at the call. The identify page has the shop's assistant answer the signed-in customer (a system message with
// their name, customer number, e-mail, phone and plan, their question naming them with their e-mail and phone); the
// page view page asks an anonymous question about a delivery.
globalThis.process = globalThis.process || { env: {} };

let ai21 = null;

async function client() {
  if (!ai21) {
    const { AI21 } = await import("ai21");
    ai21 = new AI21({ apiKey: "Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaU", dangerouslyAllowBrowser: true, maxRetries: 0 });
  }
  return ai21;
}

const MODEL = "jamba-mini";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const c = await client();
  await c.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: `You are Example Shop's assistant. The signed-in customer is ${p.name} `
        + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
      { role: "user", content: `Hi, ${p.name} here. My boots arrived with a scuffed toe: can you send a `
        + `replacement? Write to ${p.email} or text ${p.phone}.` },
    ],
    max_tokens: 300,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  const c = await client();
  await c.chat.completions.create({
    model: MODEL,
    messages: [
      { role: "system", content: "You are Example Shop's assistant. Answer questions about delivery and returns." },
      { role: "user", content: "Can I return boots that I have worn outside once?" },
    ],
    max_tokens: 300,
  }).catch(() => null);
  await settle(300);
}
