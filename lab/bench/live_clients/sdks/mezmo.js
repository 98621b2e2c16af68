// @logdna/browser — Mezmo (formerly LogDNA) browser logger (logs.mezmo.com/logs/ingest).
// README: logdna.init(INGESTION_KEY, {app}); logdna.addContext({user: {email, userId}, ...})
// for the logged-in user; logdna.log(message, lineContext). Lines are sent every 250 ms and on
// visibilitychange (hidden).
import logdna from "@logdna/browser";

const KEY = "c81f4e2a9b7d3065e4a1f8c2d9b6e3a7";

export async function identify(p) {
  logdna.init(KEY, { app: "shop-web" });
  logdna.addContext({ version: "v2.14.0", env: "prod", user: { userId: p.user_id, name: p.name, email: p.email, phone: p.phone } });
  logdna.log("User signed in", { plan: p.plan });
}

export async function pageview() {
  logdna.init(KEY, { app: "shop-web" });
  logdna.error("Checkout widget failed to render: timeout after 3000 ms", { component: "checkout" });
}
