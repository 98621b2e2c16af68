// roaarrr-browser — roaarrr's browser analytics library (roaarrr: a small hosted web analytics service): init() posts
// a page view at once (the URL, referrer, user agent and language) and again on every URL change; identify() and
// funnel() post the user's data and each event; all three are JSON POSTs by fetch to its collector (the library's
// fixed TRACKING_ENDPOINT, server-4g8o.onrender.com: /api/pageview, /api/identify, /api/event) with the site's API key
// in an x-api-key header.
// README ("Usage", "Identify Users", "Track Events"): analytics.init(apiKey), analytics.identify({ identification,
// email, name, ... }) ("Requires an identification field"), analytics.funnel(eventName, eventData).
import analytics from "roaarrr-browser";

const API_KEY = "rk_live_5Tq8Wn2Zc7Lx4Vb9";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  analytics.init(API_KEY);
  analytics.identify({ identification: p.user_id, email: p.email, name: p.name, phone: p.phone, plan: p.plan });
  analytics.funnel("checkout_started", { cart_items: 2, currency: "USD" });
  await settle(800);
}

export async function pageview() {
  analytics.init(API_KEY);
  await settle(800);
}
