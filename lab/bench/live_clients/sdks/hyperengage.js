// @hyperengage/sdk-js — Hyperengage's JavaScript SDK (Hyperengage: product-led sales, B2B product analytics that
// scores accounts and users from their product usage): each event is one JSON POST to the tracking host
// (t.hyperengage.com, the default) at /api/v1/event?token=<key>, with the API and workspace keys, the event type, the
// identified user's and account's ids and traits, an anonymous id (the __eventn_id cookie), the page's URL, title,
// referrer, user agent, screen and time zone, UTM tags and click ids.
// The package's typings (dist/npm/hyperengage.d.ts): hyperengageClient({ key, workspace_key, tracking_host, ... }),
// identify_user({ user_id, account_id, traits: { email, name, ... } }), identify_account({ account_id, traits: { name,
// ... } }), track(type, payload); its web snippet (dist/web/lib.js) tracks "pageview" at start.
import { hyperengageClient } from "@hyperengage/sdk-js";

function start() {
  return hyperengageClient({ key: "pk_9f4c2a7e1b3d", workspace_key: "ws_5e8b1c6d2a4f" });
}

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const he = start();
  await he.identify_account({ account_id: "acct_example_shop", traits: { name: "Example Shop", plan: p.plan } })
    .catch(() => null);
  await he.identify_user({
    user_id: p.user_id,
    account_id: "acct_example_shop",
    traits: { email: p.email, name: p.name, first_name: p.first_name, last_name: p.last_name, phone: p.phone },
  }).catch(() => null);
  await he.track("report_exported", { format: "csv", plan: p.plan }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const he = start();
  await he.track("pageview").catch(() => null);
  await settle(800);
}
