// @ninetailed/experience.js — Ninetailed personalization and A/B testing, its Experience API (experience.ninetailed.co).
// docs.ninetailed.io "JavaScript SDK": new Ninetailed({clientId, environment}); ninetailed.page() for a page view;
// ninetailed.identify(uid, traits) for a known user; ninetailed.track(event, properties). Each call returns a
// promise that settles once the queued events went out to the profile API.
import { Ninetailed } from "@ninetailed/experience.js";

function start() {
  return new Ninetailed({ clientId: "8c3e1f7a-52d4-4b9e-a0c6-3f1d9e7b2a45", environment: "main" });
}

export async function identify(p) {
  const ninetailed = start();
  await ninetailed.page();
  await ninetailed.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await ninetailed.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  // An anonymous visitor: the profile id comes from the API's answer.
  await start().page();
}
