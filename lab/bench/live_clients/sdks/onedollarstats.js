// onedollarstats — OneDollarStats' tracker ("$1.00/month web analytics": page views, UTM parameters and custom events
// with properties, no cookies): each event is one JSON document ({ u: page URL, e: [{ t: type, p: props }] }) sent to
// the collector (collector.onedollarstats.com/events, the default `collectorUrl`) as base64 in the query of a 1x1
// image GET when short enough, else (or when the image fails) by navigator.sendBeacon.
// README ("Configure analytics", "Manual Tracking"): configure({ collectorUrl, autocollect, hashRouting }),
// view(path?, props?) ("Track Pageviews"; by hand when autocollect is false), event(name, path?, props?) ("Track
// Custom Events"; props are strings). There is no identify call: the user's details travel as event properties.
import { configure, event, view } from "onedollarstats";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function start() {
  configure({ collectorUrl: "https://collector.onedollarstats.com/events", autocollect: false });
}

export async function identify(p) {
  start();
  await view();
  await event("signed_in", { user_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await settle(800);
}

export async function pageview() {
  start();
  await view();
  await settle(800);
}
