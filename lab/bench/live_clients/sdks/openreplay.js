// @openreplay/tracker — OpenReplay session replay (api.openreplay.com/ingest).
// README: new Tracker({projectKey}); tracker.start({userID, metadata}); setUserID(),
// setMetadata(key, value); docs: tracker.event(name, payload) for a custom event.
import Tracker from "@openreplay/tracker";

export async function identify(p) {
  const tracker = new Tracker({ projectKey: "Xp4Rk9Tm2Wv7Lq3Zn8Jc" });
  await tracker.start({ userID: p.user_id, metadata: { plan: p.plan } });
  tracker.setMetadata("email", p.email);
  tracker.setMetadata("name", p.name);
  tracker.setMetadata("phone", p.phone);
  tracker.event("signed_in", { plan: p.plan });
  await flush(tracker);
}

async function flush(tracker) {
  await new Promise((r) => setTimeout(r, 1500));
  tracker.forceFlushBatch();
  await new Promise((r) => setTimeout(r, 1000));
}

export async function pageview() {
  const tracker = new Tracker({ projectKey: "Xp4Rk9Tm2Wv7Lq3Zn8Jc" });
  await tracker.start();
  await flush(tracker);
}
