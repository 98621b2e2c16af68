// @prefab-cloud/prefab-cloud-js — Prefab (now Reforge) feature flags and config (belt.prefab.cloud,
// telemetry.prefab.cloud). README "Usage in your app": await prefab.init({apiKey, context: new
// Context({user: {...}, device: {...}})}); prefab.isEnabled(flag). The context travels base64-encoded
// in the URL of the evaluation request.
import { prefab, Context } from "@prefab-cloud/prefab-cloud-js";

const API_KEY = "318-Production-P412-E587-frontend-3c9f1a7e-2b4d-4e8a-9c21-5d6f8e0b1a47";

export async function identify(p) {
  await prefab.init({
    apiKey: API_KEY,
    context: new Context({ user: { key: p.user_id, email: p.email, name: p.name, phone: p.phone, plan: p.plan },
                           device: { mobile: false } }),
  });
  prefab.isEnabled("new-checkout");
}

export async function pageview() {
  await prefab.init({ apiKey: API_KEY, context: new Context({ device: { mobile: false } }) });
  prefab.isEnabled("new-checkout");
}
