// @arms/rum-browser — Alibaba Cloud ARMS Real User Monitoring (browser SDK, npm integration): RUM events to the
// application's Log Service endpoint (<project>.<region>.log.aliyuncs.com/rum/web/v2).
// Alibaba Cloud docs "Integrate a web application by using npm": ArmsRum.init({pid, endpoint, user: {name, tags},
// ...}) (page views, API calls, resources and errors are collected from then on); ArmsRum.setConfig('user', ...)
// updates the user; ArmsRum.sendCustom({type, name, group, value, properties}) reports a custom event.
import ArmsRum from "@arms/rum-browser";

const PID = "d4k8f2m6p1@7b3c9e5a0f21d84";
const ENDPOINT = "https://proj-xtrace-4e8b1c7a9d2f-cn-hangzhou.cn-hangzhou.log.aliyuncs.com/rum/web/v2"
  + "?workspace=default-cms-1538804726195473-cn-hangzhou&service_id=d4k8f2m6p1@7b3c9e5a0f21d84";

let started = false;

function start(user) {
  if (!started) {
    ArmsRum.init({ pid: PID, endpoint: ENDPOINT, env: "prod", user, reportConfig: { flushTime: 500, maxEventCount: 20 } });
    started = true;
  } else if (user) {
    ArmsRum.setConfig("user", user);
  }
}

export async function identify(p) {
  start({ name: p.name, tags: `${p.user_id},${p.email},${p.phone}` });
  ArmsRum.sendCustom({ type: "account", name: "signed_in", group: "auth", value: 1,
                       properties: { user_id: p.user_id, email: p.email, phone: p.phone, plan: p.plan } });
}

export async function pageview() {
  start();
  ArmsRum.sendCustom({ type: "catalog", name: "product_viewed", group: "shop", value: 1,
                       properties: { product: "winter-boots" } });
}
