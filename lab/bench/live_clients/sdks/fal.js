// @fal-ai/client — fal's official JavaScript client (fal: hosted generative-model endpoints, images, audio and LLMs
// behind one API; a shop's assistant answers its customers with the any-llm endpoint): createFalClient({ credentials
// }) sends every call by fetch to fal.run with the key as `Authorization: Key <key>`; run("fal-ai/any-llm", { input })
// is one JSON POST of /fal-ai/any-llm (the input whole: the model, the system prompt and the prompt). README (import {
// fal } from "@fal-ai/client"; fal.config({ credentials: "FAL_KEY" }); const result = await
// fal.run("fal-ai/flux/dev", { input: { prompt: "a cat" } })). The identify page has the shop's assistant answer the
// signed-in customer (a system prompt with their name, customer number, e-mail, phone and plan, their question naming
// them with their e-mail and phone); the page view page asks an anonymous question about a delivery.
import { createFalClient } from "@fal-ai/client";

const fal = createFalClient({
  credentials: "7c1e4f2a-93b8-4d5e-a6f0-2b8d9c3e1f47:1f0a9c2e7b3d4e5f6a8b9c0d1e2f3a4b",
  suppressLocalCredentialsWarning: true,
});
const MODEL = "meta-llama/llama-3.1-8b-instruct";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await fal.run("fal-ai/any-llm", {
    input: {
      model: MODEL,
      system_prompt: `You are Example Shop's assistant. The signed-in customer is ${p.name} (customer ${p.user_id}, `
        + `${p.email}, ${p.phone}, plan ${p.plan}).`,
      prompt: `Hi, ${p.name} here. I'd like to swap my boots for a larger size: please write to ${p.email} or text `
        + `${p.phone}.`,
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await fal.run("fal-ai/any-llm", {
    input: {
      model: MODEL,
      system_prompt: "You are Example Shop's assistant. Answer questions about delivery and returns.",
      prompt: "How long does standard delivery take for boots ordered today?",
    },
  }).catch(() => null);
  await settle(300);
}
