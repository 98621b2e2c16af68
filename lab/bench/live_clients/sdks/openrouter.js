// @openrouter/sdk — OpenRouter's official TypeScript SDK (OpenRouter: one API in front of many hosted language models;
// a site's shopping assistant asks a model through it): new OpenRouter({ apiKey, httpReferer, appTitle }) sends every
// call by fetch to openrouter.ai/api/v1 with the key as a bearer token and the site's referer and title in
// HTTP-Referer and X-OpenRouter-Title; chat.send({ chatRequest: { model, messages, user } }) is one JSON POST to
// /chat/completions (the messages whole, the end user's id in `user`). README (const openRouter = new OpenRouter();
// const result = await openRouter.chat.send({ messages: [{ role: "user", content: "Hello, how are you?" }], model:
// "openai/gpt-5", stream: true }), the request under `chatRequest` in this version's API). The identify page has the
// shop's assistant answer the signed-in customer (a system message with their name, customer number, e-mail, phone and
// plan, their question naming them with their phone, their id as the end user); the page view page asks an anonymous
// sizing question.
import { OpenRouter } from "@openrouter/sdk";

const openRouter = new OpenRouter({
  apiKey: "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",
  httpReferer: "https://shop.example",
  appTitle: "Example Shop",
  retryConfig: { strategy: "none" },
});
const MODEL = "meta-llama/llama-3.3-70b-instruct";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await openRouter.chat.send({
    chatRequest: {
      model: MODEL,
      messages: [
        { role: "system", content: `You are Example Shop's assistant. The signed-in customer is ${p.name} `
          + `(customer ${p.user_id}, ${p.email}, ${p.phone}, plan ${p.plan}).` },
        { role: "user", content: `Hi, this is ${p.name}. Can I still exchange the winter boots from my last order `
          + `for a larger size? Call me on ${p.phone} if you need anything.` },
      ],
      user: p.user_id,
      maxTokens: 300,
      stream: false,
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await openRouter.chat.send({
    chatRequest: {
      model: MODEL,
      messages: [
        { role: "system", content: "You are Example Shop's assistant. Answer questions about sizes and fit." },
        { role: "user", content: "Do the leather winter boots run small? I usually wear a 42." },
      ],
      maxTokens: 300,
      stream: false,
    },
  }).catch(() => null);
  await settle(300);
}
