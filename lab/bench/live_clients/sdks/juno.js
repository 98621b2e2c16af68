// @junobuild/analytics — Juno's analytics tracker (Juno: an open-source serverless platform on the Internet Computer;
// its "orbiter" is the site's own analytics canister: page views, custom events, optional web vitals): each page view
// and event is posted as JSON ({ satellite_id, page_views | track_events: [{ key, ... }] }, bigints as
// { __bigint__: "..." }) to the orbiter through the Internet Computer's HTTP gateway (https://<orbiter id>.icp0.io,
// /views and /events), with the page's title, URL, referrer, viewport, time zone, user agent and a session id.
// The package's typings (dist/types/index.d.ts, tracker.d.ts): initOrbiter({ satelliteId, orbiterId, options:
// { performance, userAgentParser } }) (starts the services, tracks the page view and the History API's navigations),
// trackPageView() / trackPageViewAsync(), trackEvent({ name, metadata }) / trackEventAsync() (metadata: string
// values). There is no identify call: the user's details travel as event metadata.
import { initOrbiter, trackEventAsync } from "@junobuild/analytics";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function start() {
  initOrbiter({ satelliteId: "jx5yt-yyaaa-aaaal-abzbq-cai", orbiterId: "3iier-sqaaa-aaaal-aczaa-cai" });
}

export async function identify(p) {
  start();
  await trackEventAsync({
    name: "signed_in",
    metadata: { user_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  }).catch(() => null);
  await settle(600);
}

export async function pageview() {
  start();
  await settle(600);
}
