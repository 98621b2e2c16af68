// @rybbit/js — Rybbit's web SDK: open-source web analytics (page views, custom events, outbound links, errors, web
// vitals, session replay, each switched on by the site's tracking configuration) to the Rybbit instance's API
// (app.rybbit.io/api for Rybbit Cloud), for the visitor and, once identified, the user's id and traits.
// Set-up from the package's typings and Rybbit's web SDK docs (its README points there): await rybbit.init({
// analyticsHost, siteId }) (it reads the site's tracking configuration first, then tracks the page view itself),
// rybbit.identify(userId, traits) and rybbit.event(name, properties).
import rybbit from "@rybbit/js";

const ANALYTICS_HOST = "https://app.rybbit.io/api";
const SITE_ID = "4127";

let started = null;

function start() {
  if (!started) started = rybbit.init({ analyticsHost: ANALYTICS_HOST, siteId: SITE_ID });
  return started;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  await start();
  rybbit.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  rybbit.event("signed_in", { plan: p.plan });
  await settle();
}

export async function pageview() {
  await start();
  rybbit.event("size_guide_opened", { product: "winter-boots", price: 129 });
  await settle();
}
