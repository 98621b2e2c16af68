// tggl-client — Tggl's TypeScript SDK, client side (feature flags: each context change is evaluated by the Tggl API,
// which answers the flags active for it): TgglClient posts the context as JSON to api.tggl.io/flags (the default
// `url`) with the client API key in the x-tggl-api-key header, and its reporting posts the flags used and the context
// properties and values it received to api.tggl.io/report (the default reporting `url`) every `reportInterval`.
// Pinned at 1.17.2, the last release with a browser build (its `browser` field swaps the Node http call for fetch);
// 3.x sets a Content-Length header from Node's Buffer, which a browser has not.
// README ("Usage", "Client side"): new TgglClient(apiKey, { initialContext, reporting: { reportInterval } }), then
// client.setContext({ userId, email, country, ... }) ("Updating the context": the flags are fetched again), then
// client.get(slug, defaultValue) / client.isActive(slug).
import { TgglClient } from "tggl-client";

const API_KEY = "client_3f7a9c2e5b8d1f4a6c0e9b7d";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function client() {
  return new TgglClient(API_KEY, { reporting: { reportInterval: 1000 } });
}

export async function identify(p) {
  const tggl = client();
  await tggl.setContext({
    userId: p.user_id, email: p.email, name: p.name, phone: p.phone, plan: p.plan, country: "US",
  }).catch(() => null);
  tggl.get("new_checkout", false);
  tggl.isActive("express_shipping");
  await settle(1800);
}

export async function pageview() {
  const tggl = client();
  await tggl.setContext({ page: "/products/winter-boots", country: "US" }).catch(() => null);
  tggl.get("product_page_v2", false);
  await settle(1800);
}
