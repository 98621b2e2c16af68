// @saasquatch/squatch-js — SaaSquatch's JavaScript SDK: referral and loyalty programs (the user's referral widget,
// referral cookies, user events), to SaaSquatch's API (app.referralsaasquatch.com).
// README ("Install via NPM and Webpack", "Data Only Operations", "Get Referral Cookie Code"): squatch.init({
// tenantAlias }), squatch.api().upsertUser({ user: { id, accountId, email, firstName, lastName, ... },
// engagementMedium, widgetType }) and squatch.api().squatchReferralCookie(); the package's typings give
// squatch.events().track({ userId, accountId, events: [{ key, fields }] }).
import * as squatch from "@saasquatch/squatch-js";

const TENANT = "test_a8b41jotf8a1v";
const WIDGET = "p/referral-program/w/referrerWidget";

let started = false;

function start() {
  if (!started) {
    squatch.init({ tenantAlias: TENANT });
    started = true;
  }
  return squatch;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const sq = start();
  const user = { id: p.user_id, accountId: p.user_id, email: p.email, firstName: p.first_name,
                 lastName: p.last_name, customFields: { phone: p.phone, plan: p.plan } };
  await sq.api().upsertUser({ user, engagementMedium: "EMBED", widgetType: WIDGET }).catch(() => null);
  await sq.events().track({ userId: p.user_id, accountId: p.user_id,
                            events: [{ key: "signed_in", fields: { plan: p.plan } }] }, {}).catch(() => null);
  await settle();
}

export async function pageview() {
  const sq = start();
  await sq.api().squatchReferralCookie().catch(() => null);
  await settle();
}
