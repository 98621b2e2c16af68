// @trycourier/courier-js — Courier, customer notifications (in-app inbox): its browser API client, to api.courier.com
// and inbox.courier.com.
// README "Quick Start" and "API Overview": new CourierClient({userId, jwt}) with the JWT the shop's backend mints for
// the signed-in user; courierClient.inbox.getMessages() fetches the user's inbox; tracking-client.d.ts:
// courierClient.tracking.postInboundCourier({clientKey, event, messageId, type: "track", properties}) tracks a custom
// event with its properties.
import { CourierClient } from "@trycourier/courier-js";

const CLIENT_KEY = "YzE4ZmE2NTctNDM5Yi00YjJkLWE3NzEtOWE1YzQwZTgyYjFk";

function b64url(obj) {
  return btoa(JSON.stringify(obj)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

// What the shop's backend would hand the page (Courier's issue-token endpoint signs it; the signature is made up).
function jwtFor(userId) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { scope: `user_id:${userId} inbox:read:messages inbox:write:events read:preferences`,
                   tenant_scope: "published/production", iat: now, exp: now + 86400, jti: "a6c1f0e2-7b3d-4d5e-9f81" };
  return `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url(claims)}.Q3vX9kP2mZ7rT4wB8nL1yD6fH0sJ5cA3eG9uK2qR7tM`;
}

function client(userId) {
  return new CourierClient({ userId, jwt: jwtFor(userId), showLogs: false });
}

export async function identify(p) {
  const courier = client(p.user_id);
  await courier.inbox.getMessages().catch(() => undefined);
  await courier.tracking.postInboundCourier({
    clientKey: CLIENT_KEY, event: "Signed In", messageId: "1-6575f2d4-8b1e4c0a9d2f7e3b5c6a1d08", type: "track",
    properties: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  }).catch(() => undefined);
}

export async function pageview() {
  const courier = client("guest-7f3a9c21");
  await courier.inbox.getMessages().catch(() => undefined);
  await courier.tracking.postInboundCourier({
    clientKey: CLIENT_KEY, event: "Viewed Product", messageId: "1-6575f2d4-8b1e4c0a9d2f7e3b5c6a1d08", type: "track",
    properties: { path: location.pathname, product: "winter-boots" },
  }).catch(() => undefined);
}
