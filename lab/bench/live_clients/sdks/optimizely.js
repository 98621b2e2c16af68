// @optimizely/optimizely-sdk — Optimizely Feature Experimentation (cdn.optimizely.com datafile,
// logx.optimizely.com events, ODP at api.zaius.com when the datafile enables it).
// README: createInstance({projectConfigManager: createPollingProjectConfigManager({sdkKey}),
// eventProcessor: createBatchEventProcessor(), odpManager: createOdpManager()}), onReady(),
// then a user context: createUserContext(userId, attributes).decide(flag) and trackEvent().
import {
  createInstance, createPollingProjectConfigManager, createBatchEventProcessor, createOdpManager,
} from "@optimizely/optimizely-sdk";

async function run(userId, attributes, event) {
  const client = createInstance({
    projectConfigManager: createPollingProjectConfigManager({ sdkKey: "Vm3Hq8Zt2Kx7Rb5Nw1Lp4", autoUpdate: true }),
    eventProcessor: createBatchEventProcessor({ batchSize: 10, flushInterval: 1000 }),
    odpManager: createOdpManager(),
  });
  await client.onReady({ timeout: 5000 });
  const user = client.createUserContext(userId, attributes);
  if (user.fetchQualifiedSegments) await user.fetchQualifiedSegments().catch(() => {});
  user.decide("new_checkout");
  if (event) user.trackEvent("signed_in", { plan: "pro" });
  await new Promise((r) => setTimeout(r, 1500));
  await client.close();
}

export async function identify(p) {
  await run(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan }, true);
}

export async function pageview() {
  // an anonymous visitor gets a random id, as Optimizely's docs advise
  await run(crypto.randomUUID(), {}, false);
}
