// @mitojs/browser — MITO, an open-source front-end monitoring SDK: errors, requests, route changes, clicks and
// custom logs with their breadcrumbs, posted to the shop's own monitoring server (the `dsn`).
// README "Usage": init({debug, dsn, maxBreadcrumbs}); the options' typings (@mitojs/types: apikey, silentConsole,
// throttleDelayTime, the backTrackerId hook that gives the user id attached to each report); the instance's
// log({message, tag}) as the repository's examples/JS call it (level from LogTypes).
import { init } from "@mitojs/browser";

let instance = null;
let userId = "";

function start() {
  if (!instance) {
    instance = init({ dsn: "https://monitor-api.shop.example/errors/upload", apikey: "shop-web-5c2e8a1f", maxBreadcrumbs: 20,
                      silentConsole: true, throttleDelayTime: 0, backTrackerId: () => userId });
  }
  return instance;
}

export async function identify(p) {
  userId = p.user_id;
  const mito = start();
  mito.log({ message: { event: "signed_in", name: p.name, email: p.email, phone: p.phone, plan: p.plan }, tag: "account" });
}

export async function pageview() {
  const mito = start();
  mito.log({ message: "Checkout widget failed to render: timeout after 3000 ms", tag: "checkout", level: "warn" });
}
