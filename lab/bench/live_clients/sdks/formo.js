// @formo/analytics — Formo, product analytics for onchain apps: events to events.formo.so.
// docs.formo.so "Web SDK" (types/base.d.ts, FormoAnalytics.d.ts): await FormoAnalytics.init(writeKey, options)
// (flushAt: how many events make a batch); formo.identify({address, userId}, properties) ties a wallet to the app's
// user; formo.track(event, properties) a custom event; formo.page() a page view.
import { FormoAnalytics } from "@formo/analytics";

const WRITE_KEY = "fk_live_3b8e1c7a9d2f4e6b0a5c8d1f7e3b9a2c";
const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

function start() {
  return FormoAnalytics.init(WRITE_KEY, { flushAt: 1 });
}

export async function identify(p) {
  const formo = await start();
  await formo.identify({ address: WALLET, userId: p.user_id },
    { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await formo.track("Signed In", { plan: p.plan });
}

export async function pageview() {
  const formo = await start();
  await formo.page();
}
