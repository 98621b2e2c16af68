// @reflag/browser-sdk — Reflag (formerly Bucket) feature flags and adoption tracking (front.reflag.com).
// README: new ReflagClient({publishableKey, user: {id, name, email, ...}, company: {id, name}});
// await reflagClient.initialize(); reflagClient.getFlag(key); reflagClient.track(event, attributes).
import { ReflagClient } from "@reflag/browser-sdk";

const PUBLISHABLE_KEY = "pub_prod_Kq7Xz2Wm9Lp4Rv8Nc3Yd6F";

export async function identify(p) {
  const client = new ReflagClient({
    publishableKey: PUBLISHABLE_KEY,
    user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone },
    company: { id: "acme-retail", name: "Acme Retail", plan: p.plan },
  });
  await client.initialize();
  client.getFlag("new-checkout").isEnabled;
  await client.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  const client = new ReflagClient({ publishableKey: PUBLISHABLE_KEY });
  await client.initialize();
  client.getFlag("new-checkout").isEnabled;
}
