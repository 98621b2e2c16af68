// @userfront/core — Userfront's core JavaScript library, customer identity (sign-ups with the user's name, username
// and custom data, logins, tokens), to Userfront's API (api.userfront.com).
// README ("Setup", "Examples"): Userfront.init(tenantId), Userfront.sendLoginLink(email), Userfront.user; the docs it
// links give Userfront.signup({ method: "password", email, password, name, username, data, redirect }) and
// Userfront.setMode(), which reads the tenant's mode and sign-in factors (what a login form asks first).
import Userfront from "@userfront/core";

const TENANT_ID = "w7kq2rzb";

let started = false;

function start() {
  if (!started) {
    Userfront.init(TENANT_ID);
    started = true;
  }
  return Userfront;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const uf = start();
  await uf.signup({
    method: "password", email: p.email, password: "Winter-boots-2026!", name: p.name, username: p.user_id,
    data: { phone: p.phone, first_name: p.first_name, last_name: p.last_name, plan: p.plan }, redirect: false,
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const uf = start();
  await uf.setMode().catch(() => null);
  await settle();
}
