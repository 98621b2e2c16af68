// branch-sdk — Branch, deep linking and attribution for web (api2.branch.io).
// Branch docs "Web basic integration" and "Web full reference": branch.init(key, options, callback) opens the
// session (and records the page view); branch.setIdentity(id, callback) identifies the signed-in user;
// branch.logEvent(name, event_and_custom_data, content_items, customer_event_alias, callback) tracks an event.
import branch from "branch-sdk";

const KEY = "key_live_hC3nW8pQ2xK7mZ4vT9rB1dF6gJ5sL0yA";

function call(fn, ...args) {
  return new Promise((resolve) => fn.call(branch, ...args, (err, data) => resolve(err ? null : data)));
}

export async function identify(p) {
  await call(branch.init, KEY, {});
  await call(branch.setIdentity, p.user_id);
  await call(branch.logEvent, "COMPLETE_REGISTRATION",
    { name: p.name, email: p.email, phone: p.phone, plan: p.plan }, [], "signed_in");
}

export async function pageview() {
  await call(branch.init, KEY, {});
  await call(branch.logEvent, "VIEW_ITEM", { description: "Winter boots" },
    [{ $og_title: "Winter boots", $canonical_identifier: "product/winter-boots", $product_category: "Apparel & Accessories" }]);
}
