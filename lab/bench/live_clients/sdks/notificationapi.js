// @notificationapi/core — NotificationAPI's JavaScript core SDK (notification infrastructure: in-app inbox, e-mail,
// SMS and push for the site's users; headless, the site draws its own inbox): every call goes to the NotificationAPI
// REST API (api.notificationapi.com, the default `host`) under /<clientId>/users/<userId>/..., with
// `Authorization: Basic base64(clientId:userId)`; identify() posts the user's e-mail and phone number (where the
// notifications go) as JSON, the inbox is read with GET notifications/INAPP_WEB.
// README points to the docs ("JS Core"); the package's typings (dist/client.d.ts): NotificationAPIClientSDK.init({
// clientId, userId, hashedUserId? }), identify({ email, number }) (PostUserRequest: the user's channels),
// getInAppNotifications({ before, maxCountNeeded }) (pages through the inbox), getPreferences() and
// updateInAppNotifications({ ids, opened }).
import { NotificationAPIClientSDK } from "@notificationapi/core";

const CLIENT_ID = "k3q9x7m2v5b8n4c1z6d0f2g7";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const client = NotificationAPIClientSDK.init({ clientId: CLIENT_ID, userId: p.user_id });
  await client.identify({ email: p.email, number: p.phone }).catch(() => null);
  await client.getInAppNotifications({ before: new Date().toISOString(), maxCountNeeded: 20 }).catch(() => null);
  await settle(500);
}

export async function pageview() {
  // A visitor before sign-in: NotificationAPI needs a user id, so an anonymous id of the shop's own making.
  const client = NotificationAPIClientSDK.init({ clientId: CLIENT_ID, userId: `guest_${crypto.randomUUID()}` });
  await client.getInAppNotifications({ before: new Date().toISOString(), maxCountNeeded: 20 }).catch(() => null);
  await settle(500);
}
