// @jitsu/js — Jitsu (self-hosted, https://jitsu.shop.example).
// Set-up as docs.jitsu.com/sending-data/npm shows: jitsuAnalytics({host, writeKey}), then
// analytics.identify(userId, traits), analytics.track(event, props), analytics.page().
import { jitsuAnalytics } from "@jitsu/js";

function start() {
  return jitsuAnalytics({ host: "https://jitsu.shop.example", writeKey: "k7Qz2vXb8pT3:nR5wLm9cF4hJ2dS6" });
}

export async function identify(p) {
  const analytics = start();
  await analytics.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone });
  await analytics.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  const analytics = start();
  await analytics.page();
}
