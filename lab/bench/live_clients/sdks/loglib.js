// @loglib/tracker — Loglib web analytics (api.loglib.io).
// Its type definitions (the package ships no README): loglib.record({id, consent, useBeacon, postInterval}) starts
// recording (page views, web vitals and custom events, sent on its timer and when the page is hidden);
// loglib.identify(traits) sends the visitor's traits once consent is granted; loglib.track(name, payload).
// useBeacon: true sends everything with navigator.sendBeacon.
import { loglib } from "@loglib/tracker";

function start(consent) {
  loglib.record({ id: "shop-example-web", consent, useBeacon: true, postInterval: 1 });
}

export async function identify(p) {
  start("granted");
  loglib.identify({ id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  loglib.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  // An anonymous visitor who has not consented: page views and vitals only.
  start("denied");
}
