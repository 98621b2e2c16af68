// @devcycle/js-client-sdk — DevCycle feature flags (sdk-api.devcycle.com, events.devcycle.com).
// README / docs.devcycle.com "JavaScript SDK": initializeDevCycle(sdkKey, user, options) with the user
// {user_id, email, name, customData}; await client.onClientInitialized(); client.variableValue(key,
// default); client.track({type, metaData}); client.flushEvents() sends the event queue now.
import { initializeDevCycle } from "@devcycle/js-client-sdk";

const SDK_KEY = "dvc_client_4f8e2a1c_9b3d_4e7a_8c6f_2d1e5b9a7c30_7a1c9e2";

export async function identify(p) {
  const client = initializeDevCycle(SDK_KEY, {
    user_id: p.user_id, email: p.email, name: p.name, customData: { phone: p.phone, plan: p.plan },
  });
  await client.onClientInitialized();
  client.variableValue("new-checkout", false);
  client.track({ type: "signed_in", metaData: { plan: p.plan } });
  await client.flushEvents();
}

export async function pageview() {
  const client = initializeDevCycle(SDK_KEY, { isAnonymous: true });
  await client.onClientInitialized();
  client.variableValue("new-checkout", false);
  await client.flushEvents();
}
