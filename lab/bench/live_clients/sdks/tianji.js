// tianji-client-sdk — Tianji's client SDK, website tracking (open-source web analytics, self-hosted: page views,
// custom events and identified visitors): events are batched (200 ms) and posted as JSON ({ events: [{ type,
// payload }] }) to the Tianji server's /api/website/batch, here the shop's own instance (tianji.shop.example), with
// the website id, the page's URL and title, the screen and the browser's language.
// The package's typings (lib/tracker/pure.d.ts, "Pure Website Tracking SDK for Tianji": simple event tracking
// without DOM manipulation or auto-tracking): initWebsiteTracking({ serverUrl, websiteId, batchDelay }),
// trackPageView(url?, title?), reportWebsiteEvent(eventName, eventData), identifyWebsiteUser({ id, email, username,
// avatar, ...any other field }) ("Identify user for website tracking") and flushBatchQueue().
import { flushBatchQueue, identifyWebsiteUser, initWebsiteTracking, reportWebsiteEvent, trackPageView }
  from "tianji-client-sdk/lib/tracker/pure";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function init() {
  initWebsiteTracking({ serverUrl: "https://tianji.shop.example", websiteId: "clx8k2m4p0001qz7w3h5v9n6d" });
}

export async function identify(p) {
  init();
  await trackPageView();
  await identifyWebsiteUser({ id: p.user_id, email: p.email, username: p.name, phone: p.phone, plan: p.plan });
  await flushBatchQueue();
  await settle(800);
}

export async function pageview() {
  init();
  await trackPageView();
  await reportWebsiteEvent("view_product", { product: "winter-boots", category: "footwear" });
  await flushBatchQueue();
  await settle(800);
}
