// @iterable/web-sdk — Iterable cross-channel customer messaging (api.iterable.com).
// README "initialize": initialize(apiKey, generateJWT) returns {setEmail, setUserID, ...}; the JWT comes from the
// app's own server (here a made-up one, signed by nobody: the fake collector does not check it);
// "updateUser": updateUser({dataFields}); "track": track({eventName, dataFields}).
import { initialize, track, updateUser } from "@iterable/web-sdk";

function b64url(obj) {
  return btoa(JSON.stringify(obj)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

// What the shop's token endpoint would return: a JWT for the signed-in user, valid for an hour.
async function shopJwt({ email, userID }) {
  const now = Math.floor(Date.now() / 1000);
  return `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ email, userId: userID, iat: now, exp: now + 3600 })}.`
    + "c2lnbmF0dXJlLW5vdC1jaGVja2VkLWJ5LXRoZS1mYWtl";
}

function start() {
  return initialize("3f9c2d7e8a1b4c6d9e0f1a2b3c4d5e6f", shopJwt);
}

export async function identify(p) {
  const { setUserID } = start();
  await setUserID(p.user_id).catch(() => undefined);
  await updateUser({
    dataFields: { email: p.email, firstName: p.first_name, lastName: p.last_name, phoneNumber: p.phone, plan: p.plan },
  }).catch(() => undefined);
  await track({ eventName: "signed_in", dataFields: { plan: p.plan } }).catch(() => undefined);
}

export async function pageview() {
  // A visitor before sign-in: an anonymous id of the shop's own making, as Iterable needs a user.
  const { setUserID } = start();
  await setUserID(`guest_${crypto.randomUUID()}`).catch(() => undefined);
  await track({ eventName: "page_view", dataFields: { path: location.pathname } }).catch(() => undefined);
}
