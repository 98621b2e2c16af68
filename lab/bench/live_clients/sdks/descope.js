// @descope/web-js-sdk — Descope's web SDK: customer identity and access management (passwordless sign-up and sign-in
// by one-time code, magic link, passkeys; sessions and refresh tokens), with the user's login id, e-mail, name and
// phone, to Descope's API (api.descope.com).
// README ("Use it"): descopeSdk({ projectId, persistTokens, autoRefresh }), sdk.refresh(), sdk.otp.signIn.email(id),
// sdk.otp.verify.email(id, code); the typings give sdk.otp.signUp.email(loginId, { email, name, givenName,
// familyName, phone }), which sends the one-time code for a new user.
import descopeSdk from "@descope/web-js-sdk";

const PROJECT_ID = "P2rQm7Xc4Vt9Lk2Bz6Nw8Hs1Jd5F";

let sdk = null;

function start() {
  if (!sdk) sdk = descopeSdk({ projectId: PROJECT_ID, persistTokens: false, autoRefresh: false });
  return sdk;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const descope = start();
  await descope.otp.signUp.email(p.user_id, { email: p.email, name: p.name, givenName: p.first_name,
                                            familyName: p.last_name, phone: p.phone }).catch(() => null);
  await settle();
}

export async function pageview() {
  const descope = start();
  await descope.refresh().catch(() => null);
  await settle();
}
