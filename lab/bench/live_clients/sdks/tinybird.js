// @tinybirdco/flock.js — Tinybird's web analytics tracker (Tinybird: a real-time analytics data platform; its Web
// Analytics starter kit stores a site's page hits and custom events in the workspace's `analytics_events` data source
// through the Events API): a script that reads its own tag's data-* attributes (data-token: the workspace's append
// token, data-host, data-datasource; tb_* attributes are added to every payload), sends a page hit when it loads and
// exposes Tinybird.trackEvent(action, payload). Each event is one JSON POST by XHR to
// api.tinybird.co/v0/events?name=analytics_events&token=<token> (timestamp, action, session_id from its
// `session-id` cookie, the payload as a JSON string); the script masks payload fields named like personal data
// (email, phone, user_id, username, address ...) before sending.
// README (the starter kit's: the script tag with data-token, then Tinybird.trackEvent('add_to_cart', { ... })).
// This bundle is the page's script tag, so the page sets data-token on it before the tracker reads it (a dynamic
// import runs in the microtask after the bundle, while it is still the current script). The identify page tracks the
// signed-in customer's checkout with the shop's own field names (which the masking list does not cover); the page
// view page is the tracker's own page hit.
const script = document.currentScript;
if (script) {
  script.setAttribute("data-token", "p.eyJ1IjogIjdmNGE5YzJlLTNiMWQtNGU4Zi05YTJjLTVkNmU3ZjhhOWIwYyIsICJpZCI6ICJhcHBlbmQifQ.X3kL9mQ2vT7wR4nZ8cB5");
  script.setAttribute("tb_site", "example-shop");
}
const tracker = import("@tinybirdco/flock.js");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await tracker;
  await settle(400);
  window.Tinybird.trackEvent("checkout_started", {
    customer: p.user_id,
    customer_name: p.name,
    contact_email: p.email,
    contact_phone: p.phone,
    plan: p.plan,
    cart_items: 2,
  });
  await settle(500);
}

export async function pageview() {
  await tracker;
  await settle(800);
}
