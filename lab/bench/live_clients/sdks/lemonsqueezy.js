// @lemonsqueezy/lemonsqueezy.js — Lemon Squeezy's official SDK (Lemon Squeezy: a merchant of record for digital
// products; a shop creates hosted checkouts and looks up its customers through it): lemonSqueezySetup({ apiKey }) keeps
// the key; every call is one JSON:API request by fetch to api.lemonsqueezy.com with the key as a bearer token.
// createCheckout(storeId, variantId, { checkoutData }) is one JSON POST to /v1/checkouts (the buyer's e-mail, name and
// custom data prefilled, keys in snake case); listCustomers({ filter }) a GET of /v1/customers with the filter in the
// query string (filter[email]=...). README (lemonSqueezySetup({ apiKey }); const { data, error } = await
// getAuthenticatedUser()) and the API docs (createCheckout(storeId, variantId, { checkoutData: { email, name } })).
// The identify page looks the signed-in customer up by their e-mail and creates a checkout prefilled with their name,
// e-mail and their customer number and phone as custom data; the page view page lists the store's products and reads
// one variant.
import {
  createCheckout, getVariant, lemonSqueezySetup, listCustomers, listProducts,
} from "@lemonsqueezy/lemonsqueezy.js";

const STORE_ID = 48213;
const VARIANT_ID = 517304;

lemonSqueezySetup({ apiKey: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.lsq_live_7Xk2Qw9Lm4Tz8Vb1Nc6Pd3Hf0Jg5Ys2Ae",
  onError: () => {} });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await listCustomers({ filter: { storeId: STORE_ID, email: p.email } }).catch(() => null);
  await createCheckout(STORE_ID, VARIANT_ID, {
    checkoutOptions: { embed: true, media: false },
    checkoutData: {
      email: p.email,
      name: p.name,
      custom: { customer_id: p.user_id, phone: p.phone, plan: p.plan },
    },
    productOptions: { redirectUrl: "https://shop.example/thanks" },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await listProducts({ filter: { storeId: STORE_ID } }).catch(() => null);
  await getVariant(VARIANT_ID).catch(() => null);
  await settle(300);
}
