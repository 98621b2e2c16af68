// @aptabase/web — Aptabase (us.aptabase.com, picked by the "A-US-" App Key).
// README: init('<App Key>'), then trackEvent(name, props); props are strings and numbers only,
// and there is no identify call, so the user's details travel as event properties.
import { init, trackEvent } from "@aptabase/web";

function start() {
  init("A-US-5204865481", { appVersion: "2.14.0" });
}

export async function identify(p) {
  start();
  await trackEvent("signed_in", { user_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
}

export async function pageview() {
  start();
  await trackEvent("page_view", { path: location.pathname });
}
