// leanplum-sdk — Leanplum customer engagement (api.leanplum.com).
// README "Usage": Leanplum.setAppIdForProductionMode(appId, key); Leanplum.start(callback); docs "JavaScript
// setup": Leanplum.start(userId, userAttributes, callback) for a signed-in user; Leanplum.track(event, params).
import Leanplum from "leanplum-sdk";

function start() {
  Leanplum.setAppIdForProductionMode("app_q7Lm2Rv9Nk4Tw8Zb3Yc6Hd1Jf5Gs0PaXe7Ku2Vt",
                                     "prod_B4nX8cW2eR6tY0uI3oP7aS5dF9gH1jK");
}

export async function identify(p) {
  start();
  const attributes = { name: p.name, email: p.email, phone: p.phone, plan: p.plan };
  await new Promise((resolve) => Leanplum.start(p.user_id, attributes, () => resolve()));
  Leanplum.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  start();
  await new Promise((resolve) => Leanplum.start(() => resolve()));
  Leanplum.track("page_view", { path: location.pathname });
}
