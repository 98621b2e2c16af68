// @hackler/javascript-sdk — Hackle experiments and product analytics (sdk-api.hackle.io / event-api.hackle.io).
// README: Hackle.createInstance(sdkKey); hackleClient.onReady(cb); docs "User": setUser({id, userId, deviceId,
// properties}); "Event": track(eventKey, user) or track({key, properties}); trackPageView() for a page view.
import * as Hackle from "@hackler/javascript-sdk";

function start() {
  const client = Hackle.createInstance("q7Lm2Rv9Nk4Tw8Zb3Yc6Hd1Jf5Gs0PaXe7Ku2");
  return new Promise((resolve) => client.onReady(() => resolve(client)));
}

export async function identify(p) {
  const client = await start();
  const properties = { name: p.name, email: p.email, phone: p.phone, plan: p.plan };
  await client.setUser({ userId: p.user_id, properties });
  client.track({ key: "signed_in", properties: { plan: p.plan } });
}

export async function pageview() {
  const client = await start();
  client.trackPageView();
}
