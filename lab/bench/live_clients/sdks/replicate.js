// replicate — Replicate's official client (Replicate: hosted models run by API; a site's assistant runs a language
// model through it): new Replicate({ auth }) sends every call by fetch to api.replicate.com with the token as a bearer
// token; predictions.create({ model, input }) is one JSON POST to /v1/models/<owner>/<name>/predictions (the input
// whole). README (const replicate = new Replicate(); const prediction = await replicate.predictions.create({ model,
// input })). The identify page asks the shop's assistant model about the signed-in customer's order (their details in
// the system prompt, their question naming them); the page view page an anonymous product question.
import Replicate from "replicate";

const replicate = new Replicate({ auth: "r8_Tq4Wx9Lm2Pz7Vb1Kc6Nd3Hf8Jg0Ys5AeUi", useFileOutput: false });
const MODEL = "meta/meta-llama-3-8b-instruct";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await replicate.predictions.create({
    model: MODEL,
    input: {
      system_prompt: `You are Example Shop's assistant. The customer is ${p.name} (customer ${p.user_id}, `
        + `${p.email}, ${p.phone}).`,
      prompt: `Hi, I'm ${p.name}. Can I change the delivery address of my boots order? My phone is ${p.phone}.`,
      max_new_tokens: 256,
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await replicate.predictions.create({
    model: MODEL,
    input: { system_prompt: "You are Example Shop's assistant.", prompt: "Do the winter boots come in half sizes?",
      max_new_tokens: 256 },
  }).catch(() => null);
  await settle(300);
}
