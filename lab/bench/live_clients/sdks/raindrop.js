// @raindrop-ai/browser-sdk — Raindrop's browser SDK (Raindrop: analytics and monitoring for AI products: which answers
// of an app's assistant users liked, where it failed, what they asked): every call is one JSON POST by fetch to
// api.raindrop.ai/v1/ with the project's write key as a bearer token: users/identify (the user's id and traits),
// events/track (AI events: the event, the user's id, the model, the user's input, the assistant's output, the
// conversation id, properties) and signals/track (feedback on an event: thumbs up or down, a comment).
// The package's typings (it has no README; "Minimal browser-safe SDK for Raindrop /v1/events"): new Raindrop({ apiKey,
// baseUrl? }), identify({ userId, traits }), trackAi({ event, userId, model, input, output, convoId, properties }),
// trackSignal({ eventId, name, sentiment, type, comment }). The shop's support assistant reports each exchange of its
// signed-in customers; its page view page only sends a visitor's thumbs-up on an earlier answer.
import { Raindrop } from "@raindrop-ai/browser-sdk";

// The project's public write key (made up).
const WRITE_KEY = "rk_pub_7Hq2xWm9Lc4Tz8Rv";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const raindrop = new Raindrop({ apiKey: WRITE_KEY });
  await raindrop.identify({
    userId: p.user_id,
    traits: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  }).catch(() => null);
  await raindrop.trackAi({
    event: "support_chat",
    userId: p.user_id,
    model: "gpt-4o-mini",
    convoId: crypto.randomUUID(),
    input: `Hi, this is ${p.name}. My winter boots order has not arrived yet, could you call me on ${p.phone}?`,
    output: "I'm sorry about the delay! I have asked our support team to call you back today.",
    properties: { plan: p.plan, page: "account" },
  }).catch(() => null);
  await settle(500);
}

export async function pageview() {
  // A visitor's thumbs-up on an answer the assistant gave earlier (the event's id only).
  const raindrop = new Raindrop({ apiKey: WRITE_KEY });
  await raindrop.trackSignal({
    eventId: "evt_3f9c1a7e52d84b06",
    name: "thumbs_up",
    sentiment: "POSITIVE",
  }).catch(() => null);
  await settle(500);
}
