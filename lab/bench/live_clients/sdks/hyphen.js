// @hyphen/browser-sdk — Hyphen's browser SDK: feature toggles evaluated by Hyphen's Horizon service for an
// evaluation context (targeting key, the user's id, e-mail and name, custom attributes), to the organisation's toggle
// endpoint (<org>.toggle.hyphen.cloud, the organisation read from the public key).
// README ("Basic Setup", "Using Helper Methods", "Context Override"): new Toggle({ publicApiKey, applicationId,
// environment, defaultContext: { targetingKey, user: { id, email, name } } }), toggle.getBoolean(key, default),
// toggle.getString(key, default); the typings give the user's customAttributes. Each get posts the context to
// /toggle/evaluate.
import { Toggle } from "@hyphen/browser-sdk";

// "public_" + base64("<organisation>:<secret>"), the shape Hyphen's public keys have
const PUBLIC_API_KEY = "public_" + btoa("shopco:Vq7Lm2Rt9Xc4Kp8Zb1Nw");
const APPLICATION_ID = "example-shop";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const toggle = new Toggle({
    publicApiKey: PUBLIC_API_KEY, applicationId: APPLICATION_ID, environment: "production",
    defaultContext: {
      targetingKey: p.user_id,
      user: { id: p.user_id, email: p.email, name: p.name, customAttributes: { phone: p.phone, plan: p.plan } },
    },
  });
  toggle.on("error", () => null);
  await toggle.getBoolean("new-checkout", false);
  await settle();
}

export async function pageview() {
  const toggle = new Toggle({
    publicApiKey: PUBLIC_API_KEY, applicationId: APPLICATION_ID, environment: "production",
    defaultContext: { targetingKey: "anon-3f9a6c21",
                      customAttributes: { page: "size-guide", product: "winter-boots" } },
  });
  toggle.on("error", () => null);
  await toggle.getString("size-guide-layout", "table");
  await settle();
}
