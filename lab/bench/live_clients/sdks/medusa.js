// @medusajs/js-sdk — Medusa's JS SDK (Medusa: an open-source headless commerce platform, hosted on Medusa Cloud at
// <project>.medusajs.app; a storefront talks to its Store API): new Medusa({ baseUrl, publishableKey, auth }) sends
// every call by fetch with the key in x-publishable-api-key; auth.register("customer", "emailpass", { email,
// password }) is a JSON POST to /auth/customer/emailpass/register whose token the SDK keeps and sends as a bearer
// token; store.customer.create({ first_name, last_name, email, phone, metadata }) a JSON POST to /store/customers;
// store.cart.create({ region_id, email }) a JSON POST to /store/carts and store.cart.update(id, { shipping_address })
// one to /store/carts/<id>; store.product.list(query) a GET of /store/products.
// README / Medusa's storefront docs (const sdk = new Medusa({ baseUrl, publishableKey, auth: { type: "jwt" } });
// sdk.auth.register("customer", "emailpass", { email, password }); sdk.store.customer.create({ email, first_name,
// last_name, phone }); sdk.store.cart.create({ region_id }); sdk.store.cart.update(cartId, { email,
// shipping_address })). The identify page is the customer's sign-up at checkout (their e-mail, name and phone, their
// old customer number in the metadata) and the cart with their shipping address; the page view page lists the
// catalogue and opens a guest cart.
import Medusa from "@medusajs/js-sdk";

const sdk = new Medusa({
  baseUrl: "https://example-shop-7q2k.medusajs.app",
  publishableKey: "pk_5e1c9a3f7b2d4e6a8c0b1d3f5a7c9e2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1a3c",
  auth: { type: "jwt", jwtTokenStorageMethod: "memory" },
});
const REGION = "reg_01JQ8Z3W5K7M9P2R4T6V8X0Y2B";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await sdk.auth.register("customer", "emailpass", { email: p.email, password: "w1nter-Boots-2026" })
    .catch(() => null);
  await sdk.store.customer.create({
    email: p.email, first_name: p.first_name, last_name: p.last_name, phone: p.phone,
    metadata: { legacy_customer_id: p.user_id, plan: p.plan },
  }).catch(() => null);
  const created = await sdk.store.cart.create({ region_id: REGION, email: p.email }).catch(() => null);
  if (created && created.cart) {
    await sdk.store.cart.update(created.cart.id, {
      shipping_address: { first_name: p.first_name, last_name: p.last_name, phone: p.phone,
        address_1: "1 Market Street", city: "San Francisco", province: "CA", postal_code: "94105", country_code: "us" },
    }).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await sdk.store.product.list({ limit: 12, region_id: REGION }).catch(() => null);
  await sdk.store.cart.create({ region_id: REGION }).catch(() => null);
  await settle(300);
}
