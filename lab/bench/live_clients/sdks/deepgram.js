// @deepgram/sdk — Deepgram's official JavaScript SDK (Deepgram: speech-to-text, text-to-speech and text intelligence; a
// shop's support page summarises and triages what its customers write and reads the reply aloud): new DeepgramClient({
// apiKey }) sends every call by fetch to api.deepgram.com with the key as `Authorization: Token ...` and the client's
// session id in x-deepgram-session-id (Fern's X-Fern-* headers); read.v1.text.analyze({ body: { text }, summarize,
// sentiment, intents, topics, language }) is one JSON POST of /v1/read with the options in the query string,
// speak.v1.audio.generate({ text, model }) one JSON POST of /v1/speak?model=... answered with the audio. README (const
// deepgramClient = new DeepgramClient({ apiKey: "YOUR_API_KEY" }); const data = await
// deepgramClient.read.v1.text.analyze({ body: { text: "Hello, world!" }, language: "en", sentiment: true, intents: true,
// summarize: true, topics: true })). The identify page analyses the signed-in customer's support message (naming them,
// with their customer number, e-mail and phone) and speaks the shop's answer to them by name; the page view page
// analyses an anonymous product review and speaks the boots' description.
import { DeepgramClient } from "@deepgram/sdk";

const deepgram = new DeepgramClient({ apiKey: "3f9a2c7e1b5d4a8f6c0e2b9d7a1c4e6f8b0d2a4c", maxRetries: 0 });
const VOICE = "aura-2-thalia-en";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await deepgram.read.v1.text.analyze({
    body: { text: `Hello, this is ${p.name}, customer ${p.user_id} on the ${p.plan} plan. The leather winter boots I `
      + `ordered are too small and I would like to return them. Please send the label to ${p.email} or call me on `
      + `${p.phone}.` },
    summarize: true, sentiment: true, intents: true, language: "en",
  }).catch(() => null);
  await deepgram.speak.v1.audio.generate({
    text: `Hello ${p.name}. Your return for the leather winter boots is registered; we will text ${p.phone} when the `
      + "courier is on its way.",
    model: VOICE,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await deepgram.read.v1.text.analyze({
    body: { text: "These boots are warm and the leather is soft, but they run half a size small. Delivery took three "
      + "days." },
    sentiment: true, topics: true, language: "en",
  }).catch(() => null);
  await deepgram.speak.v1.audio.generate({
    text: "Leather winter boots with a lined shaft and a non-slip sole, in sizes 36 to 46.",
    model: VOICE,
  }).catch(() => null);
  await settle(300);
}
