// @logdash/js-sdk — Logdash, a zero-config observability platform: log lines and metrics from the app to
// api.logdash.io (each log line posted as it is written).
// README "Logging", "Metrics" and "Configuration": const { logger, metrics } = createLogDash({ apiKey });
// logger.info / warn / error(message); metrics.set(name, value) and metrics.mutate(name, delta).
import { createLogDash } from "@logdash/js-sdk";

function start() {
  return createLogDash({ apiKey: "ld_7c2e9a4f1b8d3e6a5c0f2b7e" });
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 500));
}

export async function identify(p) {
  const { logger, metrics } = start();
  logger.info(`User signed in: id=${p.user_id} name=${p.name} email=${p.email} phone=${p.phone} plan=${p.plan}`);
  metrics.mutate("signins", 1);
  await settle();
}

export async function pageview() {
  const { logger, metrics } = start();
  logger.warn("Checkout widget failed to render: timeout after 3000 ms");
  metrics.mutate("product_views", 1);
  await settle();
}
