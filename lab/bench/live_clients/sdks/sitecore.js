// @sitecore-cloudsdk/events (with @sitecore-cloudsdk/core) — Sitecore Cloud SDK, behavioural events for Sitecore
// CDP and Personalize (edge-platform.sitecorecloud.io).
// READMEs "Usage": CloudSDK({sitecoreEdgeContextId, siteName, enableBrowserCookie}).addEvents().initialize();
// identity({...}) sends an IDENTITY event with the user's identifiers and details; pageView() sends a VIEW event;
// event({type, ...}) sends a custom event.
import { CloudSDK } from "@sitecore-cloudsdk/core/browser";
import { event, identity, pageView } from "@sitecore-cloudsdk/events/browser";

async function start() {
  await CloudSDK({
    sitecoreEdgeContextId: "7d2f9c4a-1b6e-4e83-a5d0-9c3f8b2e6a17", siteName: "example-shop", enableBrowserCookie: true,
  }).addEvents().initialize();
}

export async function identify(p) {
  await start();
  await identity({
    identifiers: [{ id: p.email, provider: "email" }, { id: p.user_id, provider: "shop_account" }],
    email: p.email, firstName: p.first_name, lastName: p.last_name, phone: p.phone,
  }).catch(() => undefined);
  await event({ type: "SIGNED_IN", extensionData: { plan: p.plan } }).catch(() => undefined);
}

export async function pageview() {
  await start();
  await pageView().catch(() => undefined);
}
