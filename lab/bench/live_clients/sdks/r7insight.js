// r7insight_js — Rapid7 InsightOps browser logging (<region>.js.logs.insight.rapid7.com).
// README/wiki "Getting started": R7Insight.init({token, region}); R7Insight.log/info/warn(string or object);
// an object is sent as JSON.
import R7Insight from "r7insight_js";

let started = false;

function start() {
  if (!started) {
    R7Insight.init({ token: "2b7e9c4a-1f3d-4a8b-9e6c-5d0f7a2b3c81", region: "eu" });
    started = true;
  }
  return R7Insight;
}

export async function identify(p) {
  const log = start();
  log.info({ event: "user signed in", user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone },
             plan: p.plan });
}

export async function pageview() {
  const log = start();
  log.warn("Checkout widget failed to render: timeout after 3000 ms");
}
