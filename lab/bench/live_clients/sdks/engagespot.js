// @engagespot/core — Engagespot notification infrastructure, its JavaScript core for in-app inboxes (api.engagespot.co).
// README "Initializing the Engagespot Instance": createInstance({apiKey, userId, disableWebPush, disableRtm}) starts
// the SDK session for the user (real-time WebSocket and web push left off here); preferences.setProfileAttributes(
// attributes) sets the user's profile; notification.getByPage({pageNo, limit}) loads the inbox.
import { createInstance } from "@engagespot/core";

function start(userId) {
  return createInstance({ apiKey: "es_pk_7c3e9a1f5b2d8e4c6a0f", userId, disableWebPush: true, disableRtm: true });
}

export async function identify(p) {
  const engagespot = start(p.user_id);
  await engagespot.preferences.setProfileAttributes({
    email: p.email, phoneNumber: p.phone, name: p.name, plan: p.plan,
  }).catch(() => undefined);
  await engagespot.notification.getByPage({ pageNo: 1, limit: 10 }).catch(() => undefined);
}

export async function pageview() {
  // A visitor before sign-in: Engagespot needs a user, so an anonymous id of the shop's own making.
  const engagespot = start(`guest_${crypto.randomUUID()}`);
  await engagespot.notification.getByPage({ pageNo: 1, limit: 10 }).catch(() => undefined);
}
