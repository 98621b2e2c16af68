// @june-so/analytics-next — June (api.june.so). README: AnalyticsBrowser.load({ writeKey }) (the Segment analytics-next fork).
// identify(userId, traits) and track(event, props) on the identify page; page() on the other.
import { AnalyticsBrowser } from "@june-so/analytics-next";

function start() {
  return AnalyticsBrowser.load({ writeKey: "J8k2Lm4nP6qR9sT1" });
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
