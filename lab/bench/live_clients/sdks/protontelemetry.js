// @protontech/telemetry — Proton's frontend telemetry library (proton.me and its apps): page views, clicks,
// performance and custom events batched into one JSON POST to the telemetry endpoint, each event with the page's URL,
// title and a telemetry id, skipped when the browser sends Do Not Track or Global Privacy Control.
// README ("Integrate telemetry in your project", "React hooks"): ProtonTelemetrySingleton({ endpoint, appVersion,
// pageTitle, events: { pageView, click, performance, exit } }) and sendCustomEvent(eventType, data) with custom
// properties; the typings add `uidHeader` ("the header to use for the user ID": sent as `x-pm-uid`, which ingestion
// attaches the signed-in user to) and destroyTelemetryInstance(), which flushes the queue. The endpoint is the one
// the README names (telemetry.proton.me/payload).
import { ProtonTelemetrySingleton, sendCustomEvent, destroyTelemetryInstance } from "@protontech/telemetry";

const ENDPOINT = "https://telemetry.proton.me/payload";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  ProtonTelemetrySingleton({
    endpoint: ENDPOINT,
    appVersion: "web-account@4.2.0",
    uidHeader: p.user_id,
    events: { pageView: true, click: false, performance: false, exit: false },
  });
  sendCustomEvent("account_profile_updated", {
    userId: p.user_id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    plan: p.plan,
  });
  await settle(800);
  await destroyTelemetryInstance().catch(() => null);
  await settle(500);
}

export async function pageview() {
  ProtonTelemetrySingleton({
    endpoint: ENDPOINT,
    appVersion: "web-static@4.2.0",
    events: { pageView: true, click: false, performance: false, exit: false },
  });
  sendCustomEvent("product_viewed", { product: "winter-boots", category: "footwear" });
  await settle(800);
  await destroyTelemetryInstance().catch(() => null);
  await settle(500);
}
