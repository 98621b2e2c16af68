// @flagsync/js-sdk — FlagSync's JavaScript SDK (FlagSync: feature flags and A/B tests for indie hackers and small
// teams): flags are evaluated remotely for the user context ({ key, attributes }, the SDK's `core`), posted with the
// SDK's name and version to FlagSync's SDK API (sdk.flagsync.com, the default `urls.sdk`; header x-ridgeline-key): POST
// /sdk/init-client, then POST /sdk/flags for the flag set; updates stream from GET /sse/sdk-updates/client (the context
// as JSON in an x-ridgeline-user-ctx header); flag impressions and custom events are queued and posted with the context
// to /track/impressions/client and /track/events/client (every 60 s, and by keepalive fetch on pagehide or when the
// page is hidden).
// README ("Getting Started" points to the docs), the typings (dist/modern/index.d.ts): FlagSyncFactory({ sdkKey, core:
// { key, attributes }, sync: { type: "stream" | "poll" | "off" }, tracking, urls }).client(); client.waitForReady(),
// client.flag(key, default), client.track(eventKey, value, properties).
import { FlagSyncFactory } from "@flagsync/js-sdk";

const SDK_KEY = "sdk_client_4b8e1f2a9c6d3e7f";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function start(core) {
  const client = FlagSyncFactory({ sdkKey: SDK_KEY, core }).client();
  await Promise.race([client.waitForReady(), settle(5000)]);
  return client;
}

export async function identify(p) {
  const client = await start({
    key: p.user_id,
    attributes: { email: p.email, name: p.name, phone: p.phone, plan: p.plan },
  });
  client.flag("one-page-checkout", false);
  client.track("purchase", 129.0, { currency: "USD", items: 1 });
  await settle(800);
}

export async function pageview() {
  // An anonymous visitor: the shop's own random visitor key, no attributes.
  const client = await start({ key: `anon_${crypto.randomUUID()}` });
  client.flag("one-page-checkout", false);
  await settle(800);
}
