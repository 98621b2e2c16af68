// @github/hydro-analytics-client — GitHub's Hydro analytics client: page views and events with a flat string context
// (the page's base context, marketing parameters and the event's own), sent as one JSON payload with a client id
// (the `_octo` cookie) and the request context to the collector URL the page names (collector.github.com here).
// README links its API docs; the typings give new AnalyticsClient({ collectorUrl, baseContext, clientId }),
// sendPageView(context), sendEvent(type, context), sendBatchedEvent() and flushBatch(); payloads go out by
// navigator.sendBeacon (fetch when it is missing).
import { AnalyticsClient } from "@github/hydro-analytics-client";

const COLLECTOR = "https://collector.github.com/github/collect";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const client = new AnalyticsClient({
    collectorUrl: COLLECTOR,
    baseContext: { actor_id: p.user_id, actor_login: p.name, actor_email: p.email },
  });
  client.sendPageView({ page_type: "account" });
  client.sendEvent("account.profile_update", {
    user_id: p.user_id,
    display_name: p.name,
    email: p.email,
    phone: p.phone,
    plan: p.plan,
  });
  await settle();
}

export async function pageview() {
  const client = new AnalyticsClient({ collectorUrl: COLLECTOR, baseContext: { page_type: "product" } });
  client.sendPageView({ product: "winter-boots" });
  client.sendEvent("product.view", { product: "winter-boots", category: "footwear" });
  await settle();
}
