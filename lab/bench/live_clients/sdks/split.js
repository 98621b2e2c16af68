// @splitsoftware/splitio-browserjs — Split (Harness FME) feature flags (sdk.split.io, events.split.io,
// telemetry.split.io). README "Getting started": SplitFactory({core: {authorizationKey, key}});
// factory.client(); await client.whenReady(); client.getTreatment(flag, attributes); docs "Track":
// client.track(trafficType, eventType, value, properties). Queued events and impressions go out
// on the SDK's push timers or when the page is hidden.
import { SplitFactory } from "@splitsoftware/splitio-browserjs";

const SDK_KEY = "k4q9fz2m7x1c8v3b6n5tr0pw2ys8dla7ghj3";

function start(key) {
  return SplitFactory({ core: { authorizationKey: SDK_KEY, key } }).client();
}

export async function identify(p) {
  const client = start(p.user_id);
  await client.whenReady();
  client.getTreatment("new_checkout", { plan: p.plan });
  client.track("user", "signed_in", null, { email: p.email, name: p.name, phone: p.phone, plan: p.plan });
}

export async function pageview() {
  // an anonymous visitor's key, as Split's docs advise (a random id kept for the visit)
  const client = start(crypto.randomUUID());
  await client.whenReady();
  client.getTreatment("new_checkout");
  client.track("anonymous", "page_view", null, { page: document.location.pathname });
}
