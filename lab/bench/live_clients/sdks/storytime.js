// @papercups-io/storytime — Papercups' Storytime (Papercups: open-source customer messaging; Storytime records the
// visitor's session with rrweb so that an agent can watch it live or replay it): init() opens the Phoenix socket
// (wss://app.papercups.io/socket, the default `baseUrl`), looks the customer up by external_id (GET
// /api/customers/identify) or creates one (POST /api/customers: the customer's details with the browser's), opens a
// browser session for it (POST /api/browser_sessions) and joins the session's channel, over which the rrweb events
// stream while an agent watches; once the channel is joined, the session is closed with a sendBeacon POST on unload.
// README ("Using as an NPM module"): Storytime.init({ accountId, customer: { name, email, external_id, metadata },
// baseUrl }) ("Optionally pass in metadata to identify the customer"), st.finish() to stop by hand. The page view page
// starts it for an anonymous visitor (no customer: a customer is still created, with the browser's details only).
import { Storytime } from "@papercups-io/storytime";

const ACCOUNT_ID = "9c4f2e71-5a3b-4d86-b0e2-7f1a6c83d5e9";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function started(st) {
  for (let i = 0; i < 40 && !st.sessionId; i += 1) await settle(100);
}

export async function identify(p) {
  const st = Storytime.init({
    accountId: ACCOUNT_ID,
    customer: {
      name: p.name,
      email: p.email,
      external_id: p.user_id,
      metadata: { phone: p.phone, plan: p.plan },
    },
  });
  await started(st);
  await settle(800);
}

export async function pageview() {
  const st = Storytime.init({ accountId: ACCOUNT_ID });
  await started(st);
  await settle(800);
}
