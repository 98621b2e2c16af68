// @novu/js — Novu in-app notification inbox (api.novu.co).
// docs.novu.co "JavaScript SDK": new Novu({applicationIdentifier, subscriber: {subscriberId, firstName, lastName,
// email, phone, data}}) starts the inbox session; novu.notifications.list({limit}) fetches the feed.
import { Novu } from "@novu/js";

const APP_ID = "Xq7Lm2Rv9Nk4";

async function feed(subscriber) {
  const novu = new Novu({ applicationIdentifier: APP_ID, subscriber });
  await novu.notifications.list({ limit: 10 }).catch(() => undefined);
  return novu;
}

export async function identify(p) {
  const [firstName, lastName] = p.name.split(" ");
  await feed({ subscriberId: p.user_id, firstName, lastName, email: p.email, phone: p.phone,
               data: { plan: p.plan } });
}

export async function pageview() {
  // A visitor's inbox before sign-in: an anonymous id of the shop's own making.
  await feed({ subscriberId: `guest_${crypto.randomUUID()}` });
}
