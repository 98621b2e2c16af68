// @frontend-monitor/sdk — an open-source front-end monitoring SDK (errors, performance, page views, custom events)
// reporting to the shop's own monitoring API (fe-monitor.shop.example/ingest).
// README "Quick Start", "Optional: Set User & Page", "Optional: Custom Events" and "Optional: Manual Error
// Reporting": FrontendMonitor.init({projectId, secretKey, endpoint, sampleRate, bufferFlushMs, ...});
// FrontendMonitor.setUser(user.id); FrontendMonitor.track(eventName, properties, eventType, pageName);
// FrontendMonitor.captureException(err, type, extra).
import FrontendMonitor from "@frontend-monitor/sdk";

let started = false;

function start() {
  if (!started) {
    FrontendMonitor.init({ projectId: "p_8d3f1a6c9e2b", secretKey: "sk_4e7a1c9f3b8d2e6a5c0f",
                           endpoint: "https://fe-monitor.shop.example", release: "4.2.0", sampleRate: 1,
                           bufferFlushMs: 500 });
    started = true;
  }
}

export async function identify(p) {
  start();
  FrontendMonitor.setUser(p.user_id);
  FrontendMonitor.track("signed_in", { name: p.name, email: p.email, phone: p.phone, plan: p.plan }, "custom",
                        "Your account");
}

export async function pageview() {
  start();
  FrontendMonitor.track("product_viewed", { product: "winter-boots", price: 129 }, "view", "Winter boots");
  FrontendMonitor.captureException(new Error("Checkout widget failed to render: timeout after 3000 ms"), "js_error",
                                   { section: "checkout" });
}
