// @spree/sdk — Spree Commerce's official TypeScript SDK for its Store API v3 (Spree: open-source headless commerce;
// here the shop's Spree backend deployed on Render, its storefront calling it from the browser with the publishable
// key): createClient({ baseUrl, publishableKey }) sends every call by fetch to <baseUrl>/api/v3/store with the key in
// x-spree-api-key (a customer's JWT as a bearer token, a guest cart's token in x-spree-token); customers.create({
// email, password, password_confirmation, first_name, last_name, phone, metadata }) is one JSON POST of /customers,
// newsletterSubscribers.create({ email }) a JSON POST of /newsletter_subscribers, carts.create() a JSON POST of /carts,
// carts.update(id, { email, shipping_address, use_shipping }) a JSON PATCH of /carts/<id>, products.list() and
// categories.list() GETs. README (const client = createClient({ baseUrl: 'https://api.mystore.com', publishableKey:
// 'spree_pk_xxx' }); const products = await client.products.list({ limit: 10, expand: ['variants', 'media'] })). The
// identify page registers the customer (e-mail, first and last name, phone, their id and plan as metadata), subscribes
// them to the newsletter and sets their e-mail and shipping address (name and phone) on a new cart; the page view page
// lists the boots' category and its products.
import { createClient } from "@spree/sdk";

const spree = createClient({ baseUrl: "https://exampleshop-spree.onrender.com",
  publishableKey: "spree_pk_7c1e4f2a9b3d5e8f0a6c2d4b", retry: false });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  const last = rest.join(" ");
  const auth = await spree.customers.create({
    email: p.email,
    password: "W1nter-Boots-2026!",
    password_confirmation: "W1nter-Boots-2026!",
    first_name: first,
    last_name: last,
    phone: p.phone,
    accepts_email_marketing: true,
    metadata: { customer_id: p.user_id, plan: p.plan },
  }).catch(() => null);
  const token = auth && auth.token ? auth.token : undefined;
  await spree.newsletterSubscribers.create({ email: p.email }, { token }).catch(() => null);
  const cart = await spree.carts.create({}, { token }).catch(() => null);
  if (cart && cart.id) {
    await spree.carts.update(cart.id, {
      email: p.email,
      shipping_address: { first_name: first, last_name: last, address1: "1 Market Street", city: "San Francisco",
        postal_code: "94105", phone: p.phone, country_iso: "US", state_abbr: "CA" },
      use_shipping: true,
    }, { token, spreeToken: cart.token }).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await spree.categories.list({ limit: 10 }).catch(() => null);
  await spree.products.list({ limit: 12, expand: ["variants"] }).catch(() => null);
  await settle(300);
}
