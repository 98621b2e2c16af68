// cartesia — Cartesia's official TypeScript SDK, @cartesia/cartesia-js (Cartesia: real-time text-to-speech voices; a
// shop voices the messages its phone line plays to a customer): new Cartesia({ token }) sends every call by fetch to
// api.cartesia.ai with the access token as a bearer token and a cartesia-version header (a Stainless client:
// x-stainless-* headers); pronunciationDicts.create({ name, items }) is one JSON POST of /pronunciation-dicts/ (the
// name and items whole), tts.generate({ model_id, transcript, voice, output_format, pronunciation_dict_id }) a JSON
// POST of /tts/bytes (the transcript whole) answered with the audio, voices.list() and pronunciationDicts.list() GETs
// of /voices and /pronunciation-dicts/. README (const client = new Cartesia({ token: 'My Token' }); const response =
// await client.tts.generate({ model_id: 'sonic-latest', output_format: { container: 'wav', encoding: 'pcm_f32le',
// sample_rate: 44100 }, transcript: "Hi there! ...", voice: 'e07c00bc-4134-4eae-9ea4-1a55fb45746b' }); const content =
// await response.blob();). The identify page keeps a pronunciation dictionary for the signed-in customer (named after
// their id, their surname spelled out) and voices the call that confirms their return (their name, e-mail and phone in
// the transcript); the page view page lists the voices and the pronunciation dictionaries.
import Cartesia from "@cartesia/cartesia-js";

const cartesia = new Cartesia({ token: "ctk_Nq6Lm2Xv9Tr4Wz8Kp3Hs7Dc1Bj5Ga0FyQe2Uo8Ri4Tn", maxRetries: 0,
  timeout: 15000 });
const VOICE = "e07c00bc-4134-4eae-9ea4-1a55fb45746b";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const dict = await cartesia.pronunciationDicts.create({
    name: `customer-${p.user_id}`,
    items: [{ text: p.last_name, alias: "oh-yeh-LAH-rahn" }],
  }).catch(() => null);
  const response = await cartesia.tts.generate({
    model_id: "sonic-3",
    transcript: `Hello ${p.name}, this is Example Shop. Your return for order ORD-20418 is approved. We sent the ` +
      `prepaid label to ${p.email}, and we will text the tracking number to ${p.phone}.`,
    voice: VOICE,
    language: "en",
    output_format: { container: "wav", encoding: "pcm_s16le", sample_rate: 24000 },
    pronunciation_dict_id: dict && dict.id ? dict.id : null,
  }).catch(() => null);
  if (response) await response.arrayBuffer().catch(() => null);
  await settle(300);
}

export async function pageview() {
  await cartesia.voices.list({ limit: 10 }).catch(() => null);
  await cartesia.pronunciationDicts.list({ limit: 10 }).catch(() => null);
  await settle(300);
}
