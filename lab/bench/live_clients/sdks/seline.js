// @seline-analytics/web — Seline cookieless web analytics (api.seline.com).
// README: seline.init({token, autoPageView}); seline.page(); seline.track(name, data);
// seline.setUser({userId, ...custom data}) creates a profile for an authorised user.
import * as seline from "@seline-analytics/web";

function start() {
  seline.init({ token: "sln_7Rk2Qm9Xw4Lt8Zp3Nv6Yb1Hc5Df0Gj", autoPageView: false });
}

export async function identify(p) {
  start();
  seline.setUser({ userId: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  seline.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  start();
  seline.page();
}
