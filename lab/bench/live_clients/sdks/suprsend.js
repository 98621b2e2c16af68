// @suprsend/web-sdk — SuprSend notification infrastructure (hub.suprsend.com).
// README: new SuprSend(publicApiKey); await client.identify(distinctId) (a user token only with enhanced security
// on); client.user.addEmail(email), addSms(mobile) (E.164, so without spaces), set(key|object);
// client.track(event, properties).
import { SuprSend } from "@suprsend/web-sdk";

function start() {
  return new SuprSend("SS.WSS.q7Lm2Rv9Nk4Tw8Zb3Yc6Hd1Jf5Gs0PaXe");
}

export async function identify(p) {
  const client = start();
  await client.identify(p.user_id);
  await client.user.addEmail(p.email);
  await client.user.addSms(p.phone.replace(/[^+\d]/g, ""));
  await client.user.set({ name: p.name, plan: p.plan });
  await client.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  // A visitor before sign-in: an anonymous id of the shop's own making, as SuprSend needs a distinct id.
  const client = start();
  await client.identify(`guest_${crypto.randomUUID()}`);
  await client.track("page_view", { path: location.pathname });
}
