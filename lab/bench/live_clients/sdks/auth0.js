// auth0-js — Auth0's headless browser SDK: customer identity (database-connection sign-ups with the user's name and
// metadata, logins), to the tenant's Authentication API (<tenant>.eu.auth0.com).
// README (new auth0.WebAuth({ domain, clientID }) and its list of methods) and the API docs it links:
// webAuth.signup({ connection, email, password, username, given_name, family_name, name, user_metadata }, cb) and
// webAuth.checkSession(options, cb), the silent check (a hidden /authorize frame) of whether the visitor already has
// a session.
import auth0 from "auth0-js";

const DOMAIN = "winter-shop.eu.auth0.com";
const CLIENT_ID = "Hq4Vz8RkT2mWc7Lp9XbN3sJd6YfA1uEo";
const CONNECTION = "Username-Password-Authentication";

let webAuth = null;

function start() {
  if (!webAuth) {
    webAuth = new auth0.WebAuth({ domain: DOMAIN, clientID: CLIENT_ID, responseType: "token id_token",
      redirectUri: window.location.origin + "/callback" });
  }
  return webAuth;
}

function call(fn) {
  return new Promise((resolve) => fn((err, res) => resolve(err ? null : res)));
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const wa = start();
  await call((cb) => wa.signup({
    connection: CONNECTION, email: p.email, password: "Winter-boots-2026!", username: p.user_id,
    given_name: p.first_name, family_name: p.last_name, name: p.name,
    user_metadata: { phone: p.phone, customer_id: p.user_id, plan: p.plan },
  }, cb));
  await settle();
}

export async function pageview() {
  const wa = start();
  wa.checkSession({ timeout: 1500 }, () => {});
  await settle();
  await settle();
}
