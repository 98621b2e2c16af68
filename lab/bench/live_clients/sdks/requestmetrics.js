// @request-metrics/browser-agent — Request Metrics performance monitoring (in.requestmetrics.com).
// README "Quick Start": RM.install({token}); reference: RM.identify(userId, {name, email, ...});
// RM.sendEvent(name, metadata); data go out in batches and when the page is hidden.
import { RM } from "@request-metrics/browser-agent";

export async function identify(p) {
  RM.install({ token: "x7k2m9q:4tn8wb3" });
  RM.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  RM.sendEvent("signed_in", { plan: p.plan });
}

export async function pageview() {
  RM.install({ token: "x7k2m9q:4tn8wb3" });
}
