// apxor — Apxor Web Analytics, product analytics: the user id, user properties, page views and app events to
// server.apxor.com/v2/api (with its apxor-rtm and apxor-qe plugins, which start the SDK's monitoring).
// README "SDK Initialization", "Initialize Plugins" and "APIs": Apxor.init(siteId, {plugins: ["ApxorRTM"],
// deps: [ApxorRTM, CE], ...}); Apxor.setUserId(id); Apxor.setUserProperties({...}); Apxor.logPageView(pathname);
// Apxor.logEvent(eventName, eventProperties). Calls made before the SDK runs are dropped, so the page waits for
// Apxor.getSessionId() (null until then) before it identifies the user or logs an event, as an app calling these on
// a later user action would find the SDK running.
import Apxor from "apxor";
import CE from "apxor-qe";
import ApxorRTM from "apxor-rtm";

const SITE_ID = "6a1f3c9e-4b2d-4e8a-9c71-5d0b8e2f7a34";
let started = false;

function start() {
  if (!started) {
    Apxor.init(SITE_ID, { idle_time_out: 1800, plugins: ["ApxorRTM"], deps: [ApxorRTM, CE] });
    started = true;
  }
}

async function ready() {
  start();
  for (let i = 0; i < 50 && !Apxor.getSessionId(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

export async function identify(p) {
  await ready();
  Apxor.setUserId(p.user_id);
  Apxor.setUserProperties({ name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  Apxor.logPageView("/account");
  Apxor.logEvent("SIGNED_IN", { userId: p.user_id, plan: p.plan });
}

export async function pageview() {
  await ready();
  Apxor.logPageView("/products/winter-boots");
  Apxor.logEvent("PRODUCT_VIEWED", { product: "winter-boots", price: 129 });
}
