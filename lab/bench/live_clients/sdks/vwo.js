// vwo-fme-node-sdk — VWO Feature Management and Experimentation, its browser build (dev.visualwebsiteoptimizer.com).
// README "Basic Usage": const vwoClient = await init({accountId, sdkKey}); getFlag(featureKey, context) with
// context {id, customVariables}; trackEvent(eventName, context); setAttribute(key, value, context) (or an object of
// attributes) for user attributes.
import { init } from "vwo-fme-node-sdk";

async function start() {
  return init({ accountId: "894512", sdkKey: "a3f9c2e7b1d84f6c9e0a5b2d7c4f1e8a" });
}

export async function identify(p) {
  const vwo = await start();
  const context = { id: p.user_id, customVariables: { plan: p.plan } };
  const flag = await vwo.getFlag("new_checkout", context);
  flag.isEnabled();
  await vwo.setAttribute({ name: p.name, email: p.email, phone: p.phone, plan: p.plan }, context);
  await vwo.trackEvent("signed_in", context);
}

export async function pageview() {
  // An anonymous visitor: VWO needs a user id, so a random one of the shop's own making.
  const vwo = await start();
  const flag = await vwo.getFlag("new_checkout", { id: `anon-${crypto.randomUUID()}` });
  flag.isEnabled();
}
