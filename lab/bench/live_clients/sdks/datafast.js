// datafast — DataFast's official SDK for web apps (web analytics: page views, custom events, identified users and
// payments): events are queued and posted as JSON to the DataFast API (datafa.st/api/events, the default `apiUrl`)
// with the visitor and session ids, the page's URL and the device's screen and language.
// README ("Quick Start", "API"): initDataFast({ websiteId, domain, autoCapturePageviews, flushInterval,
// maxQueueSize }), then datafast.trackPageview(path?), datafast.track(eventName, properties) (lowercase names;
// string, number or boolean values), datafast.identify(userId, { name, email, ... }) ("Identify a logged-in user")
// and datafast.flush() ("Flush all queued events immediately").
import { initDataFast } from "datafast";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function init() {
  return initDataFast({
    websiteId: "dfid_7Kq2mZ9xVb4Lp1Ns",
    domain: "shop.example",
    autoCapturePageviews: false,
    flushInterval: 1000,
  });
}

export async function identify(p) {
  const datafast = await init();
  await datafast.trackPageview();
  await datafast.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await datafast.flush();
  await settle(800);
}

export async function pageview() {
  const datafast = await init();
  await datafast.trackPageview();
  await datafast.track("view_product", { product: "winter-boots", category: "footwear" });
  await datafast.flush();
  await settle(800);
}
