// @openobserve/browser-rum — OpenObserve Real User Monitoring: views, actions, resources, errors, long tasks and
// session replay from the browser to the OpenObserve instance given as `site` (here its cloud, api.openobserve.ai),
// under the organisation's RUM intake (/rum/v1/<organization>/rum, /replay).
// README "Usage": openobserveRum.init({ applicationId, clientToken, site, organizationIdentifier, service, env,
// version, sessionSampleRate, sessionReplaySampleRate, trackResources, trackLongTasks, trackUserInteractions }); the
// public API's setUser({ id, name, email }), setUserProperty and addAction(name, context) for the signed-in visitor.
import { openobserveRum } from "@openobserve/browser-rum";

let started = false;

function start() {
  if (!started) {
    openobserveRum.init({
      applicationId: "example-shop-web",
      clientToken: "rumf3c9a2e7b1d84c6a",
      site: "api.openobserve.ai",
      organizationIdentifier: "exampleshop",
      service: "shop-frontend",
      env: "production",
      version: "1.4.2",
      sessionSampleRate: 100,
      sessionReplaySampleRate: 100,
      trackResources: true,
      trackLongTasks: true,
      trackUserInteractions: true,
    });
    started = true;
  }
  return openobserveRum;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const rum = start();
  rum.setUser({ id: p.user_id, name: p.name, email: p.email });
  rum.setUserProperty("phone", p.phone);
  rum.setUserProperty("plan", p.plan);
  rum.addAction("account_signed_in", { plan: p.plan });
  await settle();
}

export async function pageview() {
  const rum = start();
  rum.addAction("view_product", { product: "winter-boots-129", price: 129 });
  await settle();
}
