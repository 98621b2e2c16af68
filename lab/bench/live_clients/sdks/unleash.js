// unleash-proxy-client — Unleash Frontend API, self-hosted (https://unleash.shop.example/api/frontend).
// README: new UnleashClient({url, clientKey, appName}); start(); on 'ready' isEnabled();
// updateContext({userId, properties}) for the user.
import { UnleashClient } from "unleash-proxy-client";

async function run(context) {
  const unleash = new UnleashClient({
    url: "https://unleash.shop.example/api/frontend",
    clientKey: "*:production.9c2f7a4e1b8d3f6a0c5e9b2d7f4a1c8e3b6d0f9a2c5e8b1d4f7a0c3e",
    appName: "shop-web",
    context,
  });
  const ready = new Promise((resolve) => unleash.on("ready", resolve));
  await unleash.start();
  await Promise.race([ready, new Promise((r) => setTimeout(r, 3000))]);
  unleash.isEnabled("new-checkout");
  unleash.getVariant("checkout-layout");
}

export async function identify(p) {
  await run({ userId: p.user_id, properties: { email: p.email, name: p.name, phone: p.phone, plan: p.plan } });
}

export async function pageview() {
  await run({});
}
