// @bucketeer/js-client-sdk — Bucketeer feature flags and experiments (api.bucketeer.io).
// docs.bucketeer.io "JavaScript SDK": defineBKTConfig({apiKey, apiEndpoint, featureTag, appVersion});
// defineBKTUser({id, customAttributes}); await initializeBKTClient(config, user); getBKTClient() then
// stringVariation(flagId, default), track(goalId, value) and flush() to send the queued events now.
import { defineBKTConfig, defineBKTUser, getBKTClient, initializeBKTClient } from "@bucketeer/js-client-sdk";

function config() {
  return defineBKTConfig({
    apiKey: "bkt_4f9c2a7e1d8b3c6a5e0f2d9b7a1c4e8f",
    apiEndpoint: "https://api.bucketeer.io",
    featureTag: "web",
    appVersion: "1.4.2",
    eventsFlushInterval: 10000,
  });
}

async function evaluate(user) {
  // The docs' set-up catches the initialisation's timeout: the flags then fall back to their defaults.
  await initializeBKTClient(config(), user).catch(() => undefined);
  const client = getBKTClient();
  return client;
}

export async function identify(p) {
  const user = defineBKTUser({
    id: p.user_id,
    customAttributes: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  });
  const client = await evaluate(user);
  client.stringVariation("checkout-layout", "classic");
  await client.track("signed-in", 1).catch(() => undefined);
  await client.flush().catch(() => undefined);
}

export async function pageview() {
  // An anonymous visitor: an id of the shop's own making, no attributes.
  const client = await evaluate(defineBKTUser({ id: `anon-${crypto.randomUUID()}` }));
  client.stringVariation("checkout-layout", "classic");
  await client.flush().catch(() => undefined);
}
