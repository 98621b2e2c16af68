// @analytics-debugger/ga4mp — an open-source client for Google Analytics 4's client-side protocol
// (www.google-analytics.com/g/collect, as gtag.js sends it).
// README "Usage": ga4mp([measurementId], {user_id, non_personalized_ads}); ga4mp.dev: setUserId(id),
// setUserProperty(key, value), trackEvent(name, params) (sent with sendBeacon in a browser).
import ga4mp from "@analytics-debugger/ga4mp";

function start() {
  return ga4mp(["G-7QK2XW9PLM"], { user_id: undefined, non_personalized_ads: true });
}

export async function identify(p) {
  const ga = start();
  ga.setUserId(p.user_id);
  ga.setUserProperty("name", p.name);
  ga.setUserProperty("email", p.email);
  ga.setUserProperty("phone", p.phone);
  ga.setUserProperty("plan", p.plan);
  ga.trackEvent("login", { method: "password" });
}

export async function pageview() {
  start().trackEvent("page_view", { page_title: document.title });
}
