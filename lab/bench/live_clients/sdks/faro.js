// @grafana/faro-web-sdk — Grafana Cloud Frontend Observability (faro-collector-*.grafana.net).
// README: initializeFaro({url, app}); faro.api.setUser({id, email, username, attributes}),
// faro.api.pushEvent(name, attributes); the SDK batches and sends to the collector URL.
import { initializeFaro } from "@grafana/faro-web-sdk";

function start() {
  return initializeFaro({
    url: "https://faro-collector-prod-us-central-0.grafana.net/collect/7f3a9c1e5b2d8f4a6c0e9b3d7f1a5c2e",
    app: { name: "shop-web", version: "2.14.0", environment: "production" },
  });
}

export async function identify(p) {
  const faro = start();
  faro.api.setUser({ id: p.user_id, email: p.email, username: p.name, attributes: { phone: p.phone, plan: p.plan } });
  faro.api.pushEvent("signed_in", { plan: p.plan });
  await new Promise((r) => setTimeout(r, 1500));
}

export async function pageview() {
  start();
  await new Promise((r) => setTimeout(r, 1500));
}
