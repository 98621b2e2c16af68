// @featbit/js-client-sdk — FeatBit feature flags (self-hosted evaluation server).
// README: new UserBuilder(key).name(name).custom(k, v).build(); new FbClientBuilder().sdkKey(key)
// .dataSyncMode(POLLING).pollingUri(url).eventsUri(url).user(user).build(); await fbClient.waitForInitialization();
// fbClient.variation(flag, default); fbClient.track(event); await fbClient.flush().
import { FbClientBuilder, UserBuilder, DataSyncModeEnum } from "@featbit/js-client-sdk";

const EVAL = "https://featbit-eval.shop.example";

async function start(user) {
  const client = new FbClientBuilder()
    .sdkKey("Yz3kQ8wR5mN2pL7vB9xC4t-hF1dJ6sG0aE2uI8oP3lK")
    .dataSyncMode(DataSyncModeEnum.POLLING)
    .pollingUri(EVAL)
    .eventsUri(EVAL)
    .user(user)
    .build();
  await Promise.race([client.waitForInitialization().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
  return client;
}

export async function identify(p) {
  const user = new UserBuilder(p.user_id).name(p.name).custom("email", p.email).custom("phone", p.phone)
    .custom("plan", p.plan).build();
  const client = await start(user);
  client.variation("new-checkout", false);
  client.track("signed_in");
  await client.flush();
}

export async function pageview() {
  const client = await start(new UserBuilder(crypto.randomUUID()).name("anonymous").build());
  client.variation("new-checkout", false);
  await client.flush();
}
