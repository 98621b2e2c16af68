// @athoscommerce/beacon — Athos Commerce's beacon.js (Athos Commerce, with Searchspring: e-commerce site search,
// merchandising and recommendations; the beacon is their analytics: which results a shopper saw, clicked, carted and
// bought, for ranking and personalisation): each event is posted as JSON text (Content-Type: text/plain, keepalive) to
// the beacon API (analytics.athoscommerce.net/beacon/v2 for an Athos site id) with a context (page URL, user agent,
// the user id and session id the beacon keeps in cookies and localStorage, the page-load id, the shopper id once
// logged in, the initiator, the currency); product events are batched for a moment. When the shopper or the cart
// changes, a preflight (user id, shopper id, cart and last viewed SKUs) goes to the personalisation host
// (<site id>.a.athoscommerce.net/v1/preflight).
// README ("Quick Start: NPM", "Tracking Events", "Public Methods"): new Beacon({ siteId }, config); setCurrency({ code
// }); events.shopper.login({ data: { id } }) (or setShopperId(id)); events.product.pageView({ data: { result: { uid,
// parentId, sku } } }); events.cart.add({ data: { results, cart } }); events.order.transaction({ data: { orderId, total,
// city, state, country, results } }).
import { Beacon } from "@athoscommerce/beacon";

const SITE_ID = "at7k2q9x";
const BOOT = { uid: "BOOT-2231-BLK-9", parentId: "BOOT-2231", sku: "BOOT-2231-BLK-9", qty: 1, price: 129.0 };

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function start() {
  const beacon = new Beacon({ siteId: SITE_ID });
  beacon.setCurrency({ code: "USD" });
  return beacon;
}

export async function identify(p) {
  const beacon = start();
  beacon.events.shopper.login({ data: { id: p.user_id } });
  beacon.events.product.pageView({ data: { result: { uid: BOOT.uid, parentId: BOOT.parentId, sku: BOOT.sku } } });
  beacon.events.cart.add({ data: { results: [BOOT], cart: [BOOT] } });
  await settle(1500);
}

export async function pageview() {
  const beacon = start();
  beacon.events.product.pageView({ data: { result: { uid: BOOT.uid, parentId: BOOT.parentId, sku: BOOT.sku } } });
  await settle(1500);
}
