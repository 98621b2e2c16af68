// @magicbell/core — MagicBell's JavaScript client (MagicBell: a notification inbox and preference center a site embeds
// for its users; the package its React inbox builds on, deprecated in favour of magicbell-js, still its current
// release): MagicBellClient.createInstance({ apiKey, userEmail, userExternalId }) sets the project's key and the user's
// e-mail and external id as headers (X-MAGICBELL-API-KEY, X-MAGICBELL-USER-EMAIL, X-MAGICBELL-USER-EXTERNAL-ID) on every
// request by XHR (axios) to api.magicbell.com and fetches the user's inbox configuration (GET /config); a
// NotificationStore fetches the user's notifications (GET /notifications) and marks them seen (POST
// /notifications/seen); NotificationPreferences reads and saves the user's preferences (GET and PUT
// /notification_preferences). The real-time listener (Ably) starts only when asked, which this page does not.
// README (the createInstance example with apiKey and userEmail) and the package's typings (userExternalId, stores,
// NotificationPreferences.save).
// The identify page opens the signed-in customer's notification inbox (their e-mail and customer id), marks the
// notifications seen and turns order-update e-mails on; the page view page opens the shop's announcements inbox for
// an anonymous visitor (a random id of the shop's making).
import MagicBellClient, { NotificationStore, NotificationPreferences } from "@magicbell/core";

const API_KEY = "mb_pk_4d9e2c7a1f8b3e6d5c0a9b8e7f6d5c4b";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function inbox(userEmail, userExternalId) {
  await MagicBellClient.createInstance({ apiKey: API_KEY, userEmail, userExternalId });
  const store = new NotificationStore();
  await store.fetch({ page: 1, per_page: 15 });
  return store;
}

export async function identify(p) {
  const store = await inbox(p.email, p.user_id);
  await store.markAllAsSeen().catch(() => null);
  const preferences = new NotificationPreferences();
  await preferences.fetch().catch(() => null);
  await preferences.save({
    categories: [{ slug: "order_updates", label: "Order updates", channels: [{ slug: "email", label: "Email",
      enabled: true }, { slug: "in_app", label: "In app", enabled: true }] }],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await inbox(undefined, "visitor_" + Math.random().toString(36).slice(2, 12));
  await settle(300);
}
