// @web-tracing/core — web-tracing, open-source front-end monitoring (page views, custom events, errors, requests,
// performance, session recording) to the shop's own collector (monitor.shop.example/trackweb).
// The project's docs (docs/guide/starting.md, use/options.md, functions/exports.md in its repository):
// init({dsn, appName, userUuid, pv, error, event, ext, cacheWatingTime, ...}), where userUuid is the signed-in
// user's id and ext extra data for every report; traceCustomEvent({eventId, title, params}, flush) reports a custom
// event, tracePageView(options, flush) a page view and traceError(options, flush) a handled error.
import { init, traceCustomEvent, tracePageView, traceError } from "@web-tracing/core";

function start(userUuid, ext) {
  init({ dsn: "https://monitor.shop.example/trackweb", appName: "example-shop-web", appCode: "shop",
         appVersion: "4.2.0", userUuid, pv: true, performance: false, error: true, event: false,
         cacheWatingTime: 500, ext });
}

export async function identify(p) {
  start(p.user_id, { plan: p.plan });
  traceCustomEvent({ eventId: "signed-in", title: "Signed in",
                     params: { name: p.name, email: p.email, phone: p.phone, plan: p.plan } }, true);
}

export async function pageview() {
  start(undefined, {});
  tracePageView({ title: "Winter boots" }, true);
  traceError({ eventId: "checkout-widget", errMessage: "Checkout widget failed to render: timeout after 3000 ms" },
             true);
}
