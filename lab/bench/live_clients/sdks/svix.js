// svix — Svix's official JavaScript library for its API (Svix: webhooks as a service; a shop sends its partners, here
// its courier, signed webhooks of what its customers ask): new Svix(token) sends every call by fetch to the token's
// region (api.us.svix.com for a `.us` token) with the token as a bearer token, a random svix-req-id and, on each POST,
// an idempotency key; application.getOrCreate({ name, uid }) is a JSON POST of /api/v1/app?get_if_exists=true,
// message.create(appId, { eventType, eventId, payload }) a JSON POST of /api/v1/app/<app>/msg (the payload whole),
// eventType.list() and endpoint.list(appId) GETs. README (const svix = new Svix("AUTH_TOKEN"); const app = await
// svix.application.create({ name: "Application name" })). The identify page makes sure the courier's application exists
// and sends it a `customer.return_requested` message for the signed-in customer (their id, name, e-mail, phone and
// plan, the item, their id in the event id); the page view page lists the event types and the courier's endpoints.
import { Svix } from "svix";

const svix = new Svix("sk_7Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pA.us");
const COURIER = "courier-partner";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await svix.application.getOrCreate({ name: "Courier partner", uid: COURIER }).catch(() => null);
  await svix.message.create(COURIER, {
    eventType: "customer.return_requested",
    eventId: `return-${p.user_id}-${Date.now()}`,
    payload: {
      type: "customer.return_requested",
      customer: { id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan },
      item: "leather winter boots",
      reason: "too small",
      pickup: "courier to call the customer",
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await svix.eventType.list({ limit: 20 }).catch(() => null);
  await svix.endpoint.list(COURIER, { limit: 10 }).catch(() => null);
  await settle(300);
}
