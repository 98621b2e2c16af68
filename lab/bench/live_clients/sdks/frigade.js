// @frigade/js — Frigade's JavaScript SDK: product onboarding (checklists, tours, announcements, forms), the user's
// and group's properties, flow state and tracked events, to Frigade's API (api.frigade.com), for a guest id until
// the user is identified.
// README "Usage" and "Sending tracking events": new Frigade(apiKey), await frigade.identify(userId, { name, email,
// ... }), await frigade.track(event, properties).
import { Frigade } from "@frigade/js";

const API_KEY = "api_public_4F7C2E9A1B3D5F60718293A4B5C6D7E8";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const frigade = new Frigade(API_KEY);
  await frigade.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan,
                                      firstName: p.first_name, lastName: p.last_name });
  await frigade.track("signed_in", { plan: p.plan });
  await settle();
}

export async function pageview() {
  const frigade = new Frigade(API_KEY);
  await frigade.track("size_guide_opened", { product: "winter-boots" });
  await settle();
}
