// @growthbook/growthbook — GrowthBook Cloud (cdn.growthbook.io, events to us-east-1.gb-ingest.com).
// README: new GrowthBook({apiHost, clientKey, subscribeToChanges, attributes, trackingCallback}),
// await gb.init(), gb.isOn(...); with the documented autoAttributes and GrowthBook tracking
// plugins (GrowthBook's managed warehouse), which report feature evaluations.
import { GrowthBook } from "@growthbook/growthbook";
import { autoAttributesPlugin, growthbookTrackingPlugin } from "@growthbook/growthbook/plugins";

async function start(attributes) {
  const gb = new GrowthBook({
    apiHost: "https://cdn.growthbook.io",
    clientKey: "sdk-Qm7Xk2pL9vRt4Wz",
    subscribeToChanges: true,
    attributes,
    trackingCallback: () => {},
    plugins: [autoAttributesPlugin(), growthbookTrackingPlugin()],
  });
  await gb.init({ timeout: 3000 });
  gb.isOn("new-checkout");
  gb.getFeatureValue("button-color", "blue");
  return gb;
}

export async function identify(p) {
  // user_id is the attribute the tracking plugin reports as the user (autoAttributes sets `id`
  // to the device id)
  await start({ user_id: p.user_id, email: p.email, name: p.name, phone: p.phone, plan: p.plan });
}

export async function pageview() {
  await start({});
}
