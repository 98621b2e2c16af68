// @himetrica/tracker-js — Himetrica, web analytics with user identification and error tracking: page views, custom
// events, identify calls and errors to app.himetrica.com/api/t.
// README "Quick Start" and "API Reference": const hm = new HimetricaClient({apiKey, autoTrackPageViews, ...});
// hm.trackPageView(path?); hm.track(eventName, properties); hm.identify({name, email, metadata});
// hm.captureMessage(message, severity, context); hm.flush() sends pending duration beacons.
import { HimetricaClient } from "@himetrica/tracker-js";

function start() {
  return new HimetricaClient({ apiKey: "hm_live_7c2e9a4f1b8d3e6c5a0f" });
}

export async function identify(p) {
  const hm = start();
  hm.identify({ name: p.name, email: p.email, metadata: { user_id: p.user_id, phone: p.phone, plan: p.plan } });
  hm.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  const hm = start();
  hm.track("product_viewed", { product: "winter-boots", price: 129 });
  hm.captureMessage("Checkout widget failed to render: timeout after 3000 ms", "warning", { section: "checkout" });
}
