// userlens-analytics-sdk — Userlens' browser SDK: product analytics (page views, clicks with DOM snapshots, custom
// events) and user traits, to Userlens' API (events.userlens.io for identify calls, raw.userlens.io for events).
// README ("EventCollector — Two Modes", "2. Auto-Upload Mode", "Tracking Custom Events"): new EventCollector({
// userId, WRITE_CODE, userTraits, intervalTime }) sends directly from the browser; collector.pushEvent({ event,
// properties }). Auto-upload mode needs a user id, so the page view page passes the visitor's anonymous id.
import { EventCollector } from "userlens-analytics-sdk";

const WRITE_CODE = "dWxfd3JpdGVfN2Y0YzJlOWExYjM2ZDhlMA";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2500));
}

export async function identify(p) {
  const collector = new EventCollector({
    userId: p.user_id, WRITE_CODE, intervalTime: 1000,
    userTraits: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  });
  collector.pushEvent({ event: "Signed In", properties: { plan: p.plan } });
  await settle();
}

export async function pageview() {
  const collector = new EventCollector({ userId: "anon-7c1e5a90", WRITE_CODE, intervalTime: 1000 });
  collector.pushEvent({ event: "Size Guide Opened", properties: { product: "winter-boots", price: 129 } });
  await settle();
}
