// td-js-sdk — Treasure Data, a customer data platform: its browser SDK (us01.records.in.treasuredata.com).
// README "Getting started", "Tracking", "Default values", "Data Privacy" and STREAMING_INGESTION.md:
// new Treasure({database, writeKey, host}) (v4's streaming endpoint, one host per region); td.setSignedMode() once the
// visitor has consented; td.set('$global', properties) adds properties to every record sent; td.trackEvent(table,
// record, success, error) records an event with the tracked page information; td.trackPageview(table) a page view.
import Treasure from "td-js-sdk";

function start() {
  return new Treasure({
    database: "example_shop", writeKey: "10471/3f9c2b7e8d1a4c6f0e5b9a2d7c4e1f8b3a6d0c95",
    host: "us01.records.in.treasuredata.com",
  });
}

function sent(td, method, ...args) {
  return new Promise((resolve) => td[method](...args, resolve, resolve));
}

export async function identify(p) {
  const td = start();
  td.setSignedMode();
  td.set("$global", {
    user_id: p.user_id, email: p.email, first_name: p.first_name, last_name: p.last_name, phone: p.phone,
  });
  await sent(td, "trackEvent", "signins", { plan: p.plan });
}

export async function pageview() {
  await sent(start(), "trackPageview", "pageviews");
}
