// @mozilla/glean — Glean.js, Mozilla's telemetry client (the Glean SDK for JavaScript): metrics declared by category
// and name, kept in the browser's storage and sent as JSON pings (events, custom pings) with the client id and
// client info to the Glean ingestion endpoint (incoming.telemetry.mozilla.org, the default `serverEndpoint`), at
// /submit/<application id>/<ping>/<schema>/<document id>.
// README links the Glean.js docs; the package's exports and typings give Glean.initialize(applicationId,
// uploadEnabled, { serverEndpoint, appDisplayVersion, channel, maxEvents, enableAutoPageLoadEvents }) from
// "@mozilla/glean/web", the metric types under "@mozilla/glean/private/metrics/*" (StringMetricType, TextMetricType,
// EventMetricType with its allowed extra keys: new X({ category, name, sendInPings, lifetime, disabled })) and
// PingType from "@mozilla/glean/private/ping" (new PingType({ name, includeClientId, sendIfEmpty, reasonCodes }),
// submit()). Glean has no "identify" call: an application that keeps who signed in declares its own metrics for it and
// a custom ping that carries them, as here.
import Glean from "@mozilla/glean/web";
import StringMetricType from "@mozilla/glean/private/metrics/string";
import TextMetricType from "@mozilla/glean/private/metrics/text";
import EventMetricType from "@mozilla/glean/private/metrics/event";
import PingType from "@mozilla/glean/private/ping";

const APP_ID = "example-shop-web";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function init() {
  Glean.initialize(APP_ID, true, {
    serverEndpoint: "https://incoming.telemetry.mozilla.org",
    appDisplayVersion: "4.2.0",
    channel: "release",
    maxEvents: 1,
  });
}

function meta(category, name, pings) {
  return { category, name, sendInPings: pings, lifetime: "ping", disabled: false };
}

export async function identify(p) {
  init();
  const account = new PingType({ name: "account", includeClientId: true, sendIfEmpty: false, reasonCodes: [] });
  new StringMetricType(meta("account", "user_id", ["account"])).set(p.user_id);
  new StringMetricType(meta("account", "display_name", ["account"])).set(p.name);
  new TextMetricType(meta("account", "email", ["account"])).set(p.email);
  new StringMetricType(meta("account", "phone", ["account"])).set(p.phone);
  new StringMetricType(meta("account", "plan", ["account"])).set(p.plan);
  const update = new EventMetricType(meta("account", "profile_update", ["events"]),
    ["user_id", "first_name", "last_name", "email", "phone"]);
  update.record({ user_id: p.user_id, first_name: p.first_name, last_name: p.last_name, email: p.email,
    phone: p.phone });
  await settle(300);
  account.submit();
  await settle(1500);
}

export async function pageview() {
  init();
  const view = new EventMetricType(meta("product", "view", ["events"]), ["product", "category"]);
  view.record({ product: "winter-boots", category: "footwear" });
  await settle(1500);
}
