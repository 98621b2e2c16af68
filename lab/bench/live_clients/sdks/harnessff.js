// @harnessio/ff-javascript-client-sdk — Harness Feature Flags (config.ff.harness.io, events.ff.harness.io).
// README: initialize(apiKey, target, options) with the target {identifier, name, attributes};
// cf.on(Event.READY, flags => ...); cf.variation(flag, default). Streaming is off here
// (options.streamEnabled false, as the README shows; polling follows it), so no SSE connection stays open.
import { initialize, Event } from "@harnessio/ff-javascript-client-sdk";

const API_KEY = "5f2c9a7e-1b3d-4e8a-9c6f-2d1e7b4a0c58";

function start(target) {
  const cf = initialize(API_KEY, target, { streamEnabled: false });
  return new Promise((resolve) => {
    cf.on(Event.READY, () => resolve(cf));
    cf.on(Event.ERROR, () => resolve(cf));
  });
}

export async function identify(p) {
  const cf = await start({ identifier: p.user_id, name: p.name, attributes: { email: p.email, phone: p.phone, plan: p.plan } });
  cf.variation("new_checkout", false);
}

export async function pageview() {
  // an anonymous visitor: a random identifier kept for the visit
  const cf = await start({ identifier: crypto.randomUUID(), name: "anonymous" });
  cf.variation("new_checkout", false);
}
