// @molassesapp/molasses-js — Molasses feature flags and A/B tests, its browser SDK (sdk.molasses.app).
// README: new MolassesClient({APIKey, autoSendEvents}); await client.init() loads the flags; client.identify(user)
// sets the default user {id, params}; client.isActive(key) evaluates a flag (with autoSendEvents an
// "experiment_started" event for a known user); client.track(name, properties) sends an event.
import { MolassesClient } from "@molassesapp/molasses-js";

async function start() {
  const client = new MolassesClient({ APIKey: "mk_live_8c2f6e1a9d4b7c3e5f0a2d8b", autoSendEvents: true });
  await client.init();
  return client;
}

export async function identify(p) {
  const client = await start();
  client.identify({ id: p.user_id, params: { name: p.name, email: p.email, phone: p.phone, plan: p.plan } });
  client.isActive("NEW_CHECKOUT");
  client.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  (await start()).isActive("NEW_CHECKOUT");
}
