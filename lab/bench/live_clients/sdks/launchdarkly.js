// launchdarkly-js-client-sdk — LaunchDarkly (app.launchdarkly.com, events.launchdarkly.com).
// Docs: initialize(clientSideID, context); await waitForInitialization(); variation();
// track(); flush().
import { initialize } from "launchdarkly-js-client-sdk";

async function run(context, event) {
  const client = initialize("65f1c2a9b7e3d40c8a1f9e27", context);
  await client.waitForInitialization(5);
  client.variation("new-checkout", false);
  if (event) client.track("signed_in", { plan: "pro" });
  await client.flush();
}

export async function identify(p) {
  await run({ kind: "user", key: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan }, true);
}

export async function pageview() {
  await run({ kind: "user", anonymous: true }, false);
}
