// assemblyai — AssemblyAI's official JavaScript SDK for its API (AssemblyAI: speech-to-text and speech understanding,
// with an LLM gateway; a shop transcribes its customers' support voicemails and has a model summarise their messages):
// new AssemblyAI({ apiKey }) sends every call by fetch with the key in Authorization (the package's browser build; in
// Chromium the SDK's agent string goes in AssemblyAI-Agent, as the browser keeps its own User-Agent);
// transcripts.submit({ audio_url, speaker_labels, keyterms_prompt, ... }) is one JSON POST of
// api.assemblyai.com/v2/transcript (no polling), llmGateway.chatCompletions({ model, messages }) a JSON POST of
// llm-gateway.assemblyai.com/v1/chat/completions (the messages whole), transcripts.list() a GET of /v2/transcript,
// llmGateway.listModels() a GET of /v1/models. README (const client = new AssemblyAI({ apiKey:
// process.env.ASSEMBLYAI_API_KEY }); const transcript = await client.transcripts.transcribe({ audio: audioUrl })).
// The identify page queues the transcription of the signed-in customer's voicemail (their name as a key term, their id
// and plan as the recording's file name) and asks the gateway's model to summarise the message they wrote (their name,
// e-mail, phone and id in it); the page view page lists the shop's recent transcripts and the gateway's models.
import { AssemblyAI } from "assemblyai";

const client = new AssemblyAI({ apiKey: "4f7c1e2a9b3d5e8f0a6c2d4b8e1f3a5c" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.transcripts.submit({
    audio_url: `https://shop.example/support/voicemail/${p.user_id}-return.mp3`,
    speaker_labels: true,
    language_code: "en_us",
    keyterms_prompt: [p.name, "Leather winter boots", "return label"],
  }).catch(() => null);
  await client.llmGateway.chatCompletions({
    model: "claude-haiku-4-5-20251001",
    max_tokens: 200,
    messages: [
      { role: "system", content: "Summarise the customer's message for the support team in one sentence." },
      { role: "user", content: `Hello, this is ${p.name} (account ${p.user_id}, ${p.plan} plan). The leather winter ` +
        `boots I ordered are too small and I'd like to return them. Please e-mail me at ${p.email} or call me on ` +
        `${p.phone}.` },
    ],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.transcripts.list({ limit: 10, status: "completed" }).catch(() => null);
  await client.llmGateway.listModels().catch(() => null);
  await settle(300);
}
