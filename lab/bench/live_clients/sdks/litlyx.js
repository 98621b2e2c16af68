// litlyx-js — Litlyx web analytics (broker.litlyx.com).
// README "Usage": Lit.init(workspaceId) (sends the page visit); Lit.event(name, {metadata}) for a custom event.
// Litlyx has no identify call: the values travel as event metadata.
import { Lit } from "litlyx-js";

let started = false;

function start() {
  if (!started) {
    Lit.init("6a1f4c9e2b7d3e8a5c0f9b2d");
    started = true;
  }
  return Lit;
}

export async function identify(p) {
  const lit = start();
  await lit.event("signed_in", { metadata: { user_id: p.user_id, name: p.name, email: p.email, phone: p.phone,
                                             plan: p.plan } });
}

export async function pageview() {
  start();
}
