// @ht-sdks/events-sdk-js-browser — Hightouch Events (us-east-1.hightouch-events.com). README: HtEventsBrowser.load({ writeKey }).
// identify(userId, traits) and track(event, props) on the identify page; page() on the other.
import { HtEventsBrowser } from "@ht-sdks/events-sdk-js-browser";

function start() {
  return HtEventsBrowser.load({ writeKey: "7c4e1a9f2b6d8e3c5a0f" });
}

export async function identify(p) {
  const htevents = start();
  await htevents.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone });
  await htevents.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  const htevents = start();
  await htevents.page();
}
