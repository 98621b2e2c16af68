// @stytch/vanilla-js — Stytch's JavaScript client, headless entry (customer identity: passwordless sign-in by e-mail
// magic link and SMS passcode, sessions, users), to Stytch's SDK API (api.stytch.com/sdk/v1 for a live public token):
// the client fetches the project's bootstrap (GET /projects/bootstrap/<public token>: captcha, PKCE and DFP settings)
// and batches its own telemetry events (POST /events every 800 ms); each sign-in call is a JSON POST with
// `Authorization: Basic base64(public token:public token)` and an X-SDK-Client header (base64 JSON of the SDK's
// telemetry: app session, persistent id, host), answered with { data: ... }.
// README ("B2C headless"): import { StytchClient } from "@stytch/vanilla-js/headless"; new StytchClient(publicToken);
// stytch.magicLinks.email.loginOrCreate(email, { login_magic_link_url, signup_magic_link_url }); the typings:
// stytch.otps.sms.loginOrCreate(phone_number, { expiration_minutes }) (an E.164 number), stytch.session.getSync().
import { StytchClient } from "@stytch/vanilla-js/headless";

const PUBLIC_TOKEN = "public-token-live-6b1f3c2e-8d4a-4f7b-9e0c-5a2d7f1b3c84";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const stytch = new StytchClient(PUBLIC_TOKEN);
  await stytch.magicLinks.email.loginOrCreate(p.email, {
    login_magic_link_url: "https://shop.example/account/authenticate",
    signup_magic_link_url: "https://shop.example/account/authenticate",
    login_expiration_minutes: 30,
  }).catch(() => null);
  // The account page also offers a code by SMS; the shop normalises the number to E.164 first.
  await stytch.otps.sms.loginOrCreate(p.phone.replace(/[^+\d]/g, ""), { expiration_minutes: 5 }).catch(() => null);
  await settle(1200);
}

export async function pageview() {
  // A visitor not signed in: the client starts (bootstrap, its telemetry) and finds no session.
  const stytch = new StytchClient(PUBLIC_TOKEN);
  stytch.session.getSync();
  await settle(1200);
}
