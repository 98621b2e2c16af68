// humanbehavior-js — HumanBehavior, session replay (rrweb) and event tracking: the session's recording, custom
// events and the identified user to ingest.humanbehavior.co/api/ingestion.
// README "Quick Start", "Configuration Options", "API Reference" and "API Endpoints":
// const tracker = HumanBehaviorTracker.init(apiKey, options); tracker.start();
// tracker.identifyUser({userProperties}) (POST /api/ingestion/user); tracker.customEvent(name, properties)
// (POST /api/ingestion/customEvent); recording events are batched to /api/ingestion/events every 3 seconds.
// The tracker holds back recordings and custom events of sessions shorter than 5 s (its minimum duration), so each
// page stays a little over 5 s, as a person reading it would, and its checkout block changes before the event.
import { HumanBehaviorTracker } from "humanbehavior-js";

let tracker = null;

async function start() {
  if (!tracker) {
    tracker = HumanBehaviorTracker.init("hb_3f9a2c7e1d4b8a6f0c5e", {
      redactionStrategy: { mode: "privacy-first" }, enableAutomaticTracking: true,
    });
    await tracker.start();
  }
  return tracker;
}

async function dwell(text) {
  await new Promise((resolve) => setTimeout(resolve, 5500));
  const block = document.getElementById("checkout");
  if (block) block.textContent = text;
}

export async function identify(p) {
  const t = await start();
  await t.identifyUser({ userProperties: { userId: p.user_id, name: p.name, email: p.email, phone: p.phone,
                                           plan: p.plan } });
  await dwell("Checkout: 1 saved address");
  await t.customEvent("signed_in", { plan: p.plan });
}

export async function pageview() {
  const t = await start();
  await dwell("Checkout: 1 item, 129.00");
  await t.customEvent("product_viewed", { product: "winter-boots", price: 129 });
}
