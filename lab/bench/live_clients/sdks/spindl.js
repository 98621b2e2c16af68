// @spindl-xyz/attribution-lite — Spindl's web3 attribution SDK, lite build (marketing attribution for onchain apps:
// page views, wallet connections and custom events tied to a wallet address or the app's own user id): each beacon is
// a JSON POST to the Spindl ingestion host (spindl.link, the SDK's default `host`) with the SDK key and the browser's
// persistent and session ids.
// The package ships no README; its typings (dist/lite/src/client.d.ts and the core plugins' config, custom-events,
// page-views and wallet-connects types) give configure({ sdkKey, host, api, debugMode }), pageView(),
// attribute(address) (a wallet connect), and track(name, properties, { address, customerUserId }) (a custom event:
// properties of primitive values, and the identity it belongs to).
import * as spindl from "@spindl-xyz/attribution-lite";

const WALLET = "0x5a3c9e1f7b2d4a6c8e0f1a3b5c7d9e2f4a6b8c0d";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function configure() {
  spindl.configure({ sdkKey: "5c8f2e4a-91b3-4d7e-a6c2-3f0e8d1b7a95", debugMode: false });
}

export async function identify(p) {
  configure();
  await spindl.attribute(WALLET).catch(() => null);
  await spindl.track("signup_completed", { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
    { address: WALLET, customerUserId: p.user_id }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  configure();
  await spindl.pageView().catch(() => null);
  await spindl.track("product_viewed", { product: "winter-boots", category: "footwear" }).catch(() => null);
  await settle(800);
}
