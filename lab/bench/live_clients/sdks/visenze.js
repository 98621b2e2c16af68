// visenze-tracking-javascript — ViSenze's tracking SDK (ViSenze: visual search and product recommendations for
// retailers; the analytics behind them: which results were viewed, clicked, added to cart or bought, by which shopper):
// each event is a GET of analytics.data.visenze.com/v3/__va.gif (the default endpoint) with the tracker code, the
// session id, the shopper's uid (the site's own user id when given, else a random id kept in localStorage), the action
// and the event's fields in the query, plus the page URL, referrer, language and screen size.
// README ("Setup and initialization"): const vaClient = ViSenzeAnalytics({ code }) (import ViSenzeAnalytics from
// "visenze-tracking-javascript"); the typings (esm/tracker.d.ts, types/shared.d.ts): ViSenzeAnalytics({ code, uid,
// isCN, endpoint }), setUID(uid), sendEvent(action, eventParams, onSuccess, onFailure), sendEvents(action, list).
import ViSenzeAnalytics from "visenze-tracking-javascript";

const CODE = "a7c3e91f5b2d84c6e0f9a1b3d5c7e2f4";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function send(client, action, params) {
  return new Promise((resolve) => client.sendEvent(action, params, resolve, resolve));
}

export async function identify(p) {
  const va = ViSenzeAnalytics({ code: CODE });
  va.setUID(p.user_id);
  await send(va, "product_click", { queryId: "9f2c7a1e4b8d", pid: "BOOT-2231-BLK", pos: 2 });
  await send(va, "add_to_cart", { queryId: "9f2c7a1e4b8d", pid: "BOOT-2231-BLK", value: 129.0, cur: "USD" });
  await settle(300);
}

export async function pageview() {
  const va = ViSenzeAnalytics({ code: CODE });
  await send(va, "product_view", { queryId: "3d8b6e2a0c5f", pid: "BOOT-2231-BLK" });
  await settle(300);
}
