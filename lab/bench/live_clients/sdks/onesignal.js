// onesignal — OneSignal's official server SDK, @onesignal/node-onesignal (OneSignal: push, e-mail and SMS messaging;
// a shop registers its customers and notifies them about their orders): createConfiguration({ restApiKey,
// organizationApiKey }) and new DefaultApi(configuration) send every call by fetch to api.onesignal.com with the key in
// Authorization ("Key ...") and an OS-Usage-Data header (an OpenAPI Generator client); createUser(appId, user) is one
// JSON POST of /apps/<app>/users (the user whole: identity, properties and tags, subscriptions),
// createNotification(notification) a JSON POST of /notifications, getSegments(appId) and viewTemplates(appId) GETs of
// /apps/<app>/segments and /templates?app_id=<app>. Its retrying helper (createNotificationWithRetry) imports Node's
// `crypto` for a uuid, which the pages never call (an empty module in the bundle). README (const configuration =
// OneSignal.createConfiguration({ restApiKey: 'YOUR_REST_API_KEY' }); const client = new OneSignal.DefaultApi(
// configuration); await client.createNotification(notification)). The identify page registers the signed-in customer
// (their id as the external id; their name and plan as tags; their e-mail and phone as e-mail and SMS subscriptions)
// and sends them an e-mail about their return; the page view page reads the app's segments and templates.
import * as OneSignal from "@onesignal/node-onesignal";

const APP_ID = "3f8c1e6a-9b2d-4c7e-a5f0-8d1b6e4c2a97";
const client = new OneSignal.DefaultApi(OneSignal.createConfiguration({
  restApiKey: "os_v2_app_h6gb4ju3fvgh5jpqrunw4tbks6x2m7q9wl4kz8rt3vn5hc1d",
  organizationApiKey: "os_v2_org_q4n8zt2lm9xv3kc7wr5bj1hs6dp0gf2ya8te4uo7",
}));

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.createUser(APP_ID, {
    identity: { external_id: p.user_id },
    properties: {
      tags: { first_name: p.first_name, last_name: p.last_name, name: p.name, plan: p.plan },
      language: "en",
      timezone_id: "America/Los_Angeles",
    },
    subscriptions: [
      { type: "Email", token: p.email, enabled: true },
      { type: "SMS", token: p.phone.replace(/[^+\d]/g, ""), enabled: true },
    ],
  }).catch(() => null);
  await client.createNotification({
    app_id: APP_ID,
    name: "return-approved",
    target_channel: "email",
    include_aliases: { external_id: [p.user_id] },
    email_subject: "Your return is approved",
    email_body: `<p>Hi ${p.name},</p><p>your return of the leather winter boots is approved. We will text ${p.phone} `
      + "when the refund is issued.</p><p>Example Shop</p>",
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.getSegments(APP_ID, 0, 10).catch(() => null);
  await client.viewTemplates(APP_ID, 10, 0, "email").catch(() => null);
  await settle(300);
}
