// clarity-js — Microsoft Clarity's open-source tracker, the code that powers its hosted behavioural analytics:
// session recordings (layout and interaction), heatmap data, custom tags and events, and the signed-in user's id
// (hashed by the tracker) with a friendly name, uploaded to the collection endpoint the config gives
// (Clarity's k.clarity.ms/collect).
// The package README describes the library, not its set-up; the set-up follows the package's typings (types/index.d.ts,
// types/core.d.ts): clarity.start({ projectId, upload, track, content }), clarity.identify(userId, sessionId, pageId,
// userHint), clarity.set(key, value) for custom tags and clarity.event(name, value); uploads go out on the tracker's
// delay (1 s) and, for the last payload, by sendBeacon when the page is hidden.
import { clarity } from "clarity-js";

let started = false;

function start() {
  if (!started) {
    clarity.start({ projectId: "t3xk9q2mzb", upload: "https://k.clarity.ms/collect", track: true, content: true });
    started = true;
  }
  return clarity;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2500));
}

export async function identify(p) {
  const c = start();
  c.identify(p.user_id, undefined, undefined, p.name);
  c.set("email", p.email);
  c.set("phone", p.phone);
  c.set("plan", p.plan);
  c.event("account_signed_in", p.plan);
  await settle();
}

export async function pageview() {
  const c = start();
  c.set("product", "winter-boots-129");
  c.event("view_product", "winter-boots-129");
  await settle();
}
