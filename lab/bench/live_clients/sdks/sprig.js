// @sprig-technologies/sprig-browser — Sprig's web SDK: in-product surveys and user research (surveys targeted by the
// visitor's user id, e-mail, attributes and tracked events), to Sprig's API (api.sprig.com).
// README ("Install with NPM/Yarn"): sprig.configure({ environmentId }); the typings give Sprig.setUserId(userId),
// Sprig.setEmail(email), Sprig.setAttributes(attributes), Sprig.track(eventName, properties) and
// Sprig.trackPageView(url, properties). The SDK loads once the page has loaded, fetches the environment's config,
// then sends what was queued.
import { sprig } from "@sprig-technologies/sprig-browser";

const ENVIRONMENT_ID = "Qx7nR2vLp9Tc";

let Sprig = null;

function start() {
  if (!Sprig) Sprig = sprig.configure({ environmentId: ENVIRONMENT_ID });
  return Sprig;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2000));
}

export async function identify(p) {
  const s = start();
  s.setUserId(p.user_id);
  s.setEmail(p.email);
  s.setAttributes({ name: p.name, first_name: p.first_name, last_name: p.last_name, phone: p.phone, plan: p.plan });
  s.track("checkout_completed", { plan: p.plan });
  await settle();
}

export async function pageview() {
  const s = start();
  s.trackPageView(window.location.href, { page: "size-guide", product: "winter-boots" });
  s.track("size_guide_opened", { product: "winter-boots" });
  await settle();
}
