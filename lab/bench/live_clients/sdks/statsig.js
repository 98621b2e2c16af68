// @statsig/js-client — Statsig (featureassets.org initialize, prodregistryv2.org events).
// Docs: new StatsigClient(clientKey, user, options); await initializeAsync(); checkGate();
// logEvent(); await flush().
import { StatsigClient } from "@statsig/js-client";

async function run(user, event) {
  const client = new StatsigClient("client-Rk4Jt8Vw2Nq6Yb0Hc3Lx9Pz5Md7Fs1Ga", user, { environment: { tier: "production" } });
  await client.initializeAsync();
  client.checkGate("new_checkout");
  if (event) client.logEvent("signed_in", "pro", { plan: "pro" });
  await client.flush();
}

export async function identify(p) {
  await run({ userID: p.user_id, email: p.email, custom: { name: p.name, phone: p.phone, plan: p.plan } }, true);
}

export async function pageview() {
  await run({}, false);
}
