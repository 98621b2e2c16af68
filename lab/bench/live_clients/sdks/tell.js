// @tell-rs/browser — Tell, product analytics and structured logging: batched events and logs to collect.tell.app.
// README "Quick Start" and "API": tell.configure(apiKey, {flushInterval, ...}); tell.identify(userId, traits) (kept
// in localStorage); tell.track(eventName, properties); tell.logInfo/logWarning(message, data) for structured logs;
// await tell.flush() sends what is queued.
import tell from "@tell-rs/browser";

let configured = false;

function start() {
  if (!configured) {
    tell.configure("4b8e1c7a9d2f4e6b0a5c8d1f7e3b9a2c", { service: "example-shop-web", flushInterval: 1000 });
    configured = true;
  }
}

export async function identify(p) {
  start();
  tell.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  tell.track("Signed In", { plan: p.plan });
  await tell.flush();
}

export async function pageview() {
  start();
  tell.track("Product Viewed", { product: "winter-boots" });
  tell.logWarning("Checkout widget failed to render: timeout after 3000 ms", { section: "checkout" });
  await tell.flush();
}
