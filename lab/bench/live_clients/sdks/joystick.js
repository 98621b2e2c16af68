// @getjoystick/joystick-js — Joystick's JavaScript client (Joystick: JSON remote config for apps and games, with A/B
// tests and segments decided per user): getContent(s) is one JSON POST by XHR (axios) to
// api.getjoystick.com/api/v1/combine/?c=[<content ids>]&dynamic=true with the environment's API key in x-api-key and
// the body { u: the user id (A/B bucketing), v: the app's semantic version, p: the segmentation params }; answers are
// cached in memory.
// README ("const joystickClient = new Joystick({ apiKey, semVer, userId, params: { ... } })", then
// getContent("content-id1")). The identify page asks for the checkout's config for the signed-in customer, with the
// customer's details as segmentation params; the page view page asks for the product page's config anonymously.
import { Joystick } from "@getjoystick/joystick-js";

const API_KEY = "jsk_2vR8nQ4tW7xL3mK9pB6cZ1dF";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const joystick = new Joystick({
    apiKey: API_KEY,
    semVer: "2.4.0",
    userId: p.user_id,
    params: { name: p.name, email: p.email, phone: p.phone, plan: p.plan, country: "US" },
  });
  await joystick.getContent("checkout-config").catch(() => null);
  await settle(500);
}

export async function pageview() {
  const joystick = new Joystick({ apiKey: API_KEY, semVer: "2.4.0", params: { page: "product" } });
  await joystick.getContent("product-page-config").catch(() => null);
  await settle(500);
}
