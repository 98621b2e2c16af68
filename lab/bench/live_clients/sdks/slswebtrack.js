// @aliyun-sls/web-track-browser — Alibaba Cloud Log Service (SLS) Web Tracking: a page's log records (user
// behaviour, purchases, errors) written to a Logstore through its anonymous web-tracking API
// (<project>.<region endpoint>/logstores/<logstore>/track), batched by time and count.
// README (steps 4-6 and "核心功能"): new SlsTracker({ host, project, logstore, time, count, topic, source, tags }),
// then tracker.send(record) (batched) or tracker.sendImmediate(record).
import SlsTracker from "@aliyun-sls/web-track-browser";

function start() {
  return new SlsTracker({ host: "eu-central-1.log.aliyuncs.com", project: "example-shop", logstore: "web-events",
                         time: 1, count: 10, topic: "storefront", source: "web" });
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1800));
}

export async function identify(p) {
  const tracker = start();
  tracker.send({ event: "signed_in", user_id: p.user_id, name: p.name, email: p.email, phone: p.phone,
                 plan: p.plan });
  tracker.send({ event: "account_viewed", user_id: p.user_id });
  await settle();
}

export async function pageview() {
  const tracker = start();
  tracker.send({ event: "product_viewed", product: "winter-boots", price: 129 });
  await settle();
}
