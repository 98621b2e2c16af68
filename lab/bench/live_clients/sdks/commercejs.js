// @chec/commerce.js — Commerce.js, Chec's storefront SDK (Chec: a headless commerce API; carts, checkouts and
// customers for a site's own front end): new Commerce(publicKey) sends every call by fetch to api.chec.io/v1 with the
// public key in X-Authorization; products.list() is a GET of /products, checkout.generateToken(productId, { type })
// a GET of /checkouts/<id>, checkout.capture(token, { customer, shipping, fulfillment, payment }) one JSON POST to
// /checkouts/<token> (the order, with the customer's name, e-mail and phone and the shipping address; the cart is
// refreshed after it), customer.login(email, baseUrl) a JSON POST to /customers/email-token (the sign-in link).
// README / commercejs.com docs (new Commerce('{your_public_key}'); commerce.checkout.capture(checkoutTokenId, {
// customer: { firstname, lastname, email, phone }, shipping: { name, street, town_city, ... }, payment: { gateway:
// 'test_gateway', card: { ... } } }); commerce.customer.login(email, baseUrl)).
// The identify page is the signed-in customer's order of the boots (their name, e-mail and phone as the customer, the
// shipping name, the test gateway) and a sign-in link to their e-mail; the page view page lists the catalogue and
// opens a checkout for the product (no customer).
import Commerce from "@chec/commerce.js";

const commerce = new Commerce("pk_test_4e8b2c6a9d1f3e5b7c0a2d4f6e8b1c3a5d7f9", false, { disableStorage: true });
const PRODUCT = "prod_7ZAMo1Kq9Ww5NJ";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const token = await commerce.checkout.generateToken(PRODUCT, { type: "product_id" }).catch(() => null);
  if (token && token.id) {
    await commerce.checkout.capture(token.id, {
      customer: { firstname: p.first_name, lastname: p.last_name, email: p.email, phone: p.phone },
      shipping: { name: p.name, street: "1 Market Street", town_city: "San Francisco", county_state: "CA",
        postal_zip_code: "94105", country: "US" },
      fulfillment: { shipping_method: "ship_standard" },
      extra_fields: { customer_number: p.user_id },
      payment: { gateway: "test_gateway",
        card: { number: "4242424242424242", expiry_month: "02", expiry_year: "29", cvc: "123", postal_zip_code: "94105" } },
    }).catch(() => null);
  }
  await commerce.customer.login(p.email, "https://shop.example/account/login").catch(() => null);
  await settle(300);
}

export async function pageview() {
  await commerce.products.list({ limit: 12 }).catch(() => null);
  await commerce.checkout.generateToken(PRODUCT, { type: "product_id" }).catch(() => null);
  await settle(300);
}
