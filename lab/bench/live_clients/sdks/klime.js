// @klime/browser — Klime's browser SDK: customer analytics for B2B products (which customers are healthy, which are at
// risk of churning), from identified users, their traits, their groups and the activities they track, to Klime's
// ingestion API (i.klime.com).
// README ("Quick Start", "API Reference"): new KlimeClient({ writeKey, flushInterval }), client.identify(userId,
// traits), client.track(event, properties, { userId }), client.flush(). Events are batched and posted to /v1/batch
// on the client's flush timer (flushInterval, 1 s here) and on flush().
import { KlimeClient } from "@klime/browser";

const WRITE_KEY = "klm_wk_6Tq2pX9vR4mB7nZ1cJ8sL3dF";

let client = null;

function start() {
  if (!client) client = new KlimeClient({ writeKey: WRITE_KEY, flushInterval: 1000 });
  return client;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const klime = start();
  klime.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  klime.track("Signed In", { plan: p.plan }, { userId: p.user_id });
  await klime.flush().catch(() => null);
  await settle();
}

export async function pageview() {
  const klime = start();
  klime.track("Size Guide Opened", { product: "winter-boots", price: 129 }, { groupId: "shop-eu" });
  await klime.flush().catch(() => null);
  await settle();
}
