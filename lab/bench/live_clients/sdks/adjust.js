// @adjustcom/adjust-web-sdk — Adjust, attribution and event measurement for web apps (app.adjust.com).
// Adjust docs "Web SDK integration guide": Adjust.initSdk({appToken, environment, externalDeviceId}) starts a session
// (externalDeviceId: an identifier of the user in your own system); Adjust.addGlobalCallbackParameters([{key,
// value}]) adds parameters to every later request; Adjust.trackEvent({eventToken, callbackParams}) records an event.
import Adjust from "@adjustcom/adjust-web-sdk";

const APP_TOKEN = "q8w2e5r7t1yu";

export async function identify(p) {
  Adjust.initSdk({ appToken: APP_TOKEN, environment: "production", externalDeviceId: p.user_id });
  Adjust.addGlobalCallbackParameters([
    { key: "user_id", value: p.user_id }, { key: "name", value: p.name }, { key: "email", value: p.email },
    { key: "phone", value: p.phone },
  ]);
  await Adjust.trackEvent({ eventToken: "k3j9v2", callbackParams: [{ key: "plan", value: p.plan }] })
    .catch(() => undefined);
}

export async function pageview() {
  Adjust.initSdk({ appToken: APP_TOKEN, environment: "production" });
  await Adjust.trackEvent({ eventToken: "p7x4m1" }).catch(() => undefined);
}
