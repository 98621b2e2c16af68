// @dittofeed/sdk-web — Dittofeed, an open-source customer engagement platform: its web SDK (dittofeed.com).
// README "Usage": await DittofeedSdk.init({writeKey}); DittofeedSdk.identify({userId, traits}) ties a user to their
// traits; DittofeedSdk.track({userId, event, properties}) records an action; DittofeedSdk.page({anonymousId, name,
// properties}) records a page view; await DittofeedSdk.flush() sends what is queued.
import { DittofeedSdk } from "@dittofeed/sdk-web";

function start() {
  return DittofeedSdk.init({ writeKey: "Basic ZGYtd3MtN2MzZTlhMWY6ZGYtc2stNGIyZDhlNmEwZjFj" });
}

export async function identify(p) {
  await start();
  DittofeedSdk.identify({
    userId: p.user_id,
    traits: { email: p.email, firstName: p.first_name, lastName: p.last_name, phone: p.phone, plan: p.plan },
  });
  DittofeedSdk.track({ userId: p.user_id, event: "Signed In", properties: { plan: p.plan } });
  await DittofeedSdk.flush();
}

export async function pageview() {
  await start();
  // A visitor before sign-in: an anonymous id of the shop's own making.
  DittofeedSdk.page({
    anonymousId: crypto.randomUUID(), name: document.title, properties: { path: location.pathname },
  });
  await DittofeedSdk.flush();
}
