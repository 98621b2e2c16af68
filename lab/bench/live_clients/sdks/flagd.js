// @openfeature/flagd-web-provider — the OpenFeature web provider for flagd, the CNCF's self-hosted feature flag
// daemon: the evaluation context sent to the shop's flagd (flagd.shop.example) for bulk evaluation, over the Connect
// protocol (an event stream that says when flagd is ready, then ResolveAll with the context).
// README "Usage", "Available options" and "Example": OpenFeature.setProvider(new FlagdWebProvider({host, port, tls,
// maxRetries, maxDelay})); with @openfeature/web-sdk (pinned), the context is set with OpenFeature.setContext(ctx)
// and flags read with client.getBooleanValue(flag, default). maxRetries -1: no reconnection once the stream closes.
import { OpenFeature } from "@openfeature/web-sdk";
import { FlagdWebProvider } from "@openfeature/flagd-web-provider";

async function start(context) {
  await OpenFeature.setContext(context);
  await OpenFeature.setProviderAndWait(new FlagdWebProvider({ host: "flagd.shop.example", port: 443, tls: true, maxRetries: -1 }));
  return OpenFeature.getClient();
}

export async function identify(p) {
  const client = await start({ targetingKey: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  client.getBooleanValue("new-checkout", false);
}

export async function pageview() {
  const client = await start({ targetingKey: "anon-7f3a9c21e4b8", page: "product" });
  client.getBooleanValue("new-checkout", false);
}
