// @huggingface/inference — Hugging Face's inference client (Hugging Face: a model hub whose Inference Providers serve
// open models behind one router, router.huggingface.co): new InferenceClient(token) sends every call by fetch with the
// token as a bearer token; chatCompletion({ model, messages, max_tokens }) without a provider is one JSON POST to the
// router's auto route (/v1/chat/completions: the model and the messages whole).
// README (const hf = new InferenceClient('your access token'); const out = await hf.chatCompletion({ model:
// "Qwen/Qwen3-32B", messages: [{ role: "user", content: "Hello, nice to meet you!" }], max_tokens: 512 });
// provider "auto" by default). The identify page is the shop's help widget drafting a reply for the signed-in
// customer: a system message with their details (name, e-mail, phone, customer number) and their question naming
// them; the page view page asks an anonymous sizing question.
import { InferenceClient } from "@huggingface/inference";

const hf = new InferenceClient("hf_qWbZ3kPfR8tLmN2vXc7JhY4sDg6aKe9UoTi");
const MODEL = "meta-llama/Llama-3.1-8B-Instruct";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await hf.chatCompletion({
    model: MODEL,
    messages: [
      { role: "system", content: `You help Example Shop's customers. Customer: ${p.name}, ${p.email}, ${p.phone}, `
        + `customer number ${p.user_id}.` },
      { role: "user", content: `This is ${p.name} again: where is my order of winter boots? My number is ${p.phone}.` },
    ],
    max_tokens: 256,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await hf.chatCompletion({
    model: MODEL,
    messages: [{ role: "user", content: "I usually wear a 39 in sneakers. Which size of the winter boots should I take?" }],
    max_tokens: 256,
  }).catch(() => null);
  await settle(300);
}
