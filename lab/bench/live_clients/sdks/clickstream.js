// @aws/clickstream-web — Clickstream Analytics on AWS, web SDK: page views, clicks, scrolls, sessions and custom
// events with user ids and user attributes, to the collection endpoint of the shop's own Clickstream pipeline
// (self-hosted on AWS; here clickstream.shop.example/collect).
// README "Initialize the SDK", "Start using" (record), "Login and logout" (setUserId), "Add user attribute"
// (setUserAttributes) and "Other configurations": ClickstreamAnalytics.init({ appId, endpoint, ... }).
import { ClickstreamAnalytics } from "@aws/clickstream-web";

let started = false;

function start() {
  if (!started) {
    ClickstreamAnalytics.init({ appId: "example_shop_web", endpoint: "https://clickstream.shop.example/collect",
                                isTrackPageViewEvents: true, isLogEvents: false });
    started = true;
  }
  return ClickstreamAnalytics;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const cs = start();
  cs.setUserId(p.user_id);
  cs.setUserAttributes({ userName: p.name, email: p.email, phone: p.phone, plan: p.plan });
  cs.record({ name: "sign_in", attributes: { method: "password" } });
  await settle();
}

export async function pageview() {
  const cs = start();
  cs.record({ name: "view_item", attributes: { item_id: "winter-boots-129", price: 129 } });
  await settle();
}
