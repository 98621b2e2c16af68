// @tracelog/lib — TraceLog, web analytics and event tracking: events batched to the TraceLog SaaS collector, which
// runs on a subdomain of the site itself (https://<projectId>.shop.example/collect).
// README "Installation" and "Quick Start": await tracelog.init({integrations: {tracelog: {projectId}}}) (page view
// and session start are captured at init); tracelog.identify(userId, traits) associates the visitor with a known
// user; tracelog.event(name, metadata) tracks a custom event; tracelog.flushImmediately() sends the queue now.
import { tracelog } from "@tracelog/lib";

const PROJECT_ID = "tl7q2m9x";

async function start() {
  if (!tracelog.isInitialized()) {
    await tracelog.init({ integrations: { tracelog: { projectId: PROJECT_ID } } });
  }
}

export async function identify(p) {
  await start();
  await tracelog.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  tracelog.event("signed_in", { plan: p.plan });
  await tracelog.flushImmediately();
}

export async function pageview() {
  await start();
  tracelog.event("product_viewed", { product: "winter-boots" });
  await tracelog.flushImmediately();
}
