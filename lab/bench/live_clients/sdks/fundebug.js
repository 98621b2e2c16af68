// fundebug-javascript — Fundebug's JavaScript notifier (error monitoring: uncaught errors, failed HTTP calls and
// resources, and the app's own notify() calls, with breadcrumbs, the user and metadata): each event is posted as JSON
// by XMLHttpRequest to web.fundebug.net/event/ (the default `notifierUrl`) with the project's API key.
// README ("使用"): require("fundebug-javascript"), then fundebug.apikey = "<64-character key>". The notifier's own
// option list (init({ apikey, appversion, releasestage, user, metaData, silent..., sampleRate, ... })) and its
// documented calls: fundebug.user = { name, email } (the user an error happened to), fundebug.metaData = { ... },
// fundebug.notify(name, message, { metaData }) (a custom event; an option's metaData stands in for the global one) and
// fundebug.notifyError(error, { metaData }) (which also prints the error to the console).
import fundebug from "fundebug-javascript";

const API_KEY = "6f2d9a4c81b7e35f0a9c2d6e4b8f1a7c3e5d9b2f6a0c8e4d7b1f3a5c9e2d6b8f";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function init() {
  fundebug.init({ apikey: API_KEY, appversion: "4.2.0", releasestage: "production", silentConsole: true });
}

export async function identify(p) {
  init();
  fundebug.user = { name: p.name, email: p.email };
  fundebug.notify("ProfileUpdateError", "Profile update failed: address service returned 502",
    { metaData: { userId: p.user_id, phone: p.phone, plan: p.plan, form: "account-profile" } });
  await settle(1200);
}

export async function pageview() {
  init();
  fundebug.notify("ImageFallback", "Product image carousel fell back to static images",
    { metaData: { page: "/products/winter-boots" } });
  await settle(1200);
}
