// @vemetric/web — Vemetric's web SDK (product and web analytics: page views, page leaves, custom events and
// identified users with their data): the tracker posts JSON by XMLHttpRequest to hub.vemetric.com (the default
// `host`: /e for events and page views, /i to identify, /u to update the user) with the project's public token in a
// Token header, and sends the page leave with navigator.sendBeacon.
// The package ships that tracker as dist/main.js (what vemetric.init() otherwise loads from cdn.vemetric.com/main.js:
// it reads its options from window.vmtrcOptions, starts, and takes the queued calls); the entry file sets the
// options and requires it at the call, then uses the package's documented API. Typings (dist/index.d.ts):
// init({ token, host, trackPageViews, allowCookies, ... }), trackPageView(), trackEvent(name, { eventData,
// userData: { set, setOnce, unset } }), identify({ identifier, displayName, data: { set, setOnce } }),
// updateUser({ set, ... }) and resetUser().
import { vemetric } from "@vemetric/web";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function start() {
  window.vmtrcOptions = { token: "vmt_4kP9xQ2mZ7bR1sT6", sdk: "web", trackOutboundLinks: false };
  require("@vemetric/web/dist/main.js");
}

export async function identify(p) {
  start();
  await vemetric.identify({
    identifier: p.user_id,
    displayName: p.name,
    data: { set: { email: p.email, phone: p.phone, plan: p.plan } },
  }).catch(() => null);
  await vemetric.trackEvent("profile_updated", { eventData: { section: "contact details" } }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  start();
  await vemetric.trackEvent("view_product", { eventData: { product: "winter-boots", category: "footwear" } })
    .catch(() => null);
  await settle(800);
}
