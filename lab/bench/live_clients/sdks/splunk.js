// @splunk/otel-web — Splunk RUM (rum-ingest.<realm>.signalfx.com).
// README: SplunkRum.init({realm, rumAccessToken, applicationName, deploymentEnvironment});
// SplunkRum.setGlobalAttributes() to identify the user; custom spans through SplunkRum.provider.
import { SplunkRum } from "@splunk/otel-web";

function start() {
  SplunkRum.init({ realm: "us0", rumAccessToken: "Zk3Pq7Wx1Vb5Nt9Hr2Lc6", applicationName: "shop-web", deploymentEnvironment: "production" });
}

async function flush() {
  await new Promise((r) => setTimeout(r, 1000));
  if (SplunkRum.provider) await SplunkRum.provider.forceFlush();
}

export async function identify(p) {
  start();
  SplunkRum.setGlobalAttributes({ "enduser.id": p.user_id, "enduser.email": p.email, "enduser.name": p.name, "enduser.phone": p.phone, plan: p.plan });
  const span = SplunkRum.provider.getTracer("shop").startSpan("signed_in", { attributes: { "workflow.name": "signed_in", plan: p.plan } });
  span.end();
  await flush();
}

export async function pageview() {
  start();
  await flush();
}
