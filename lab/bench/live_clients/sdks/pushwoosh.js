// web-push-notifications — the Pushwoosh Web Push Notification SDK (web push, in-app inbox, and the device's user,
// e-mail, SMS number, tags and events for Pushwoosh's customer engagement platform): each call is a JSON
// `{ request: {...} }` POST (text/plain) to the Pushwoosh device API (api.pushwoosh.com/json/1.3/<method>, the
// SDK's default entry point) with the application code and the device's hwid.
// README ("Usage Example"): const pw = new Pushwoosh(); pw.push(["init", { apiToken, applicationCode,
// defaultNotificationTitle, autoSubscribe, userId, ... }]); pw.push((api) => ...) once ready. The init parameters
// (core/Pushwoosh.types.d.ts) also take email, smsNumber and tags, which init registers for the device
// (registerUser, registerEmail, registerSmsNumber, setTags); the ready callback's api has postEvent(event,
// attributes). No push subscription here: the permission prompt stays unanswered in the test browser.
import { Pushwoosh } from "web-push-notifications";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function start(extra) {
  const pw = new Pushwoosh();
  const ready = new Promise((resolve) => pw.push((api) => resolve(api)));
  pw.push(["init", {
    apiToken: "pw_dev_9K2mQ7xL4vN8bR3t",
    applicationCode: "7A3F2-C91E8",
    defaultNotificationTitle: "Example Shop",
    autoSubscribe: false,
    ...extra,
  }]);
  return Promise.race([ready, settle(6000).then(() => null)]);
}

export async function identify(p) {
  const api = await start({
    userId: p.user_id,
    email: p.email,
    smsNumber: p.phone.replace(/[^\d+]/g, ""),
    tags: { Name: p.name, Plan: p.plan },
  });
  if (api) {
    await api.postEvent("ProfileUpdated", { name: p.name, email: p.email, phone: p.phone }).catch(() => null);
  }
  await settle(800);
}

export async function pageview() {
  const api = await start({});
  if (api) {
    await api.postEvent("ProductViewed", { product: "winter-boots", category: "footwear" }).catch(() => null);
  }
  await settle(800);
}
