// @openfeature/go-feature-flag-web-provider — the OpenFeature web provider for GO Feature Flag, a self-hosted,
// open-source feature flag service: the static evaluation context sent to the shop's relay proxy
// (goff.shop.example) for all flags at once, a WebSocket for configuration changes, and flag usage and tracking
// events posted to its data collector.
// README "How to use the provider?" and "Available options": OpenFeature.setContext(ctx) (targetingKey, email,
// name), OpenFeature.setProvider(new GoFeatureFlagWebProvider({endpoint, apiKey})), client.getBooleanValue(flag,
// default), apiTimeout (5 s: at its default, 0, the data collector's requests are aborted at once); the provider's
// options dataFlushInterval (the collector's flush timer, 1 s here) and its track() for
// OpenFeature's client.track(event, details).
import { OpenFeature } from "@openfeature/web-sdk";
import { GoFeatureFlagWebProvider } from "@openfeature/go-feature-flag-web-provider";

async function start(context) {
  await OpenFeature.setContext(context);
  await OpenFeature.setProviderAndWait(new GoFeatureFlagWebProvider({
    endpoint: "https://goff.shop.example", apiKey: "goff-web-4e8a1c7f2b9d", apiTimeout: 5000, dataFlushInterval: 1000 }));
  return OpenFeature.getClient();
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const client = await start({ targetingKey: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  client.getBooleanValue("new-checkout", false);
  client.track("signed_in", { value: 1, plan: p.plan });
  await settle();
}

export async function pageview() {
  const client = await start({ targetingKey: "anon-7f3a9c21e4b8", anonymous: true, page: "product" });
  client.getBooleanValue("new-checkout", false);
  await settle();
}
