// ahoy.js — Ahoy visit and event tracking (the shop's own Ahoy backend, here on ahoy.shop.example).
// README "Configuration": ahoy.configure({urlPrefix, visitsUrl, eventsUrl, ...}) before tracking; a visit is
// POSTed to /ahoy/visits; "Events": ahoy.track(name, properties), ahoy.trackView().
// Ahoy starts its visit on DOM ready, so the configuration runs where the app imports it (bundle load).
import ahoy from "ahoy.js";

ahoy.configure({ urlPrefix: "https://ahoy.shop.example" });

export async function identify(p) {
  ahoy.track("signed_in", { user_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
}

export async function pageview() {
  ahoy.trackView();
}
