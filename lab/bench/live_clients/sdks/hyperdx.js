// @hyperdx/browser — HyperDX, real user monitoring, tracing and session replay (OpenTelemetry): to in-otel.hyperdx.io.
// README "Initialize HyperDX", "Attach User Information or Metadata", "Send Custom Actions": HyperDX.init({apiKey,
// service, ...}); HyperDX.setGlobalAttributes({userId, userEmail, userName, ...}) attaches the user to the session
// and every event after it; HyperDX.addAction(name, metadata) tracks an application event.
import HyperDX from "@hyperdx/browser";

let started = false;

function start() {
  if (!started) {
    HyperDX.init({ apiKey: "3f6b9c2e-8d14-4a7b-b5e0-1c9f7a2d4e68", service: "example-shop-web" });
    started = true;
  }
}

export async function identify(p) {
  start();
  HyperDX.setGlobalAttributes({ userId: p.user_id, userEmail: p.email, userName: p.name, userPhone: p.phone,
                                teamName: p.plan });
  HyperDX.addAction("Signed-In", { plan: p.plan });
}

export async function pageview() {
  start();
  HyperDX.addAction("Product-Viewed", { product: "winter-boots" });
}
