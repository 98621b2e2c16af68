// @blinkdotnew/sdk — Blink's SDK (Blink: an AI app builder; the SDK is the backend every Blink app runs on: auth,
// database, storage, AI, realtime and analytics): createClient() starts the analytics, which track the page view at
// once and post each batch of events (every 3 s, and on pagehide) as JSON to core.blink.new/api/analytics/<project
// id>/log with the publishable key; every event carries the session id, the page and its referrer, and the signed-in
// user's id and e-mail. Headless sign-up posts the new user (e-mail, password, display name, metadata) as JSON to the
// auth host (blink.new/api/auth/signup), which answers with the user and the tokens.
// README ("Quick Start", "Authentication", "Analytics Operations"): createClient({ projectId, publishableKey, auth:
// { mode: "headless" } }), blink.auth.signUp({ email, password, displayName, metadata }) ("Store custom signup fields
// inside metadata"), blink.analytics.log(eventName, data) (events "automatically include ... user_id, user_email").
// The identify page signs the customer up for the shop's Blink app; the page view page only loads the client.
import { createClient } from "@blinkdotnew/sdk";

const PROJECT_ID = "example-shop-k4v9x2";
const PUBLISHABLE_KEY = "blnk_pk_k4v9x2_7Rq3Wm8Zt5Ny2Lc6";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function client() {
  return createClient({ projectId: PROJECT_ID, publishableKey: PUBLISHABLE_KEY, auth: { mode: "headless" } });
}

export async function identify(p) {
  const blink = client();
  await blink.auth.signUp({
    email: p.email,
    password: "Winter-boots-2026!",
    displayName: p.name,
    metadata: { phone: p.phone, shopCustomerId: p.user_id, plan: p.plan },
  }).catch(() => null);
  blink.analytics.log("signup_completed", { plan: p.plan, source: "account_page" });
  await settle(3500);
}

export async function pageview() {
  // The client tracks the page view by itself.
  client();
  await settle(3500);
}
