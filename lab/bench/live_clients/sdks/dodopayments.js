// dodopayments — Dodo Payments' official TypeScript library (Dodo Payments: a merchant of record for software and
// digital products; a shop creates its customers and hosted checkouts through it): new DodoPayments({ bearerToken,
// environment }) sends every call by fetch to live.dodopayments.com (test.dodopayments.com in test mode) with the key
// as a bearer token (a Stainless client: x-stainless-* headers); customers.create({ email, name, phone_number,
// metadata }) is one JSON POST to /customers, checkoutSessions.create({ product_cart, customer, billing_address,
// metadata }) one to /checkouts, products.list() a GET of /products and products.retrieve(id) of /products/<id>. README
// (const client = new DodoPayments({ bearerToken: process.env['DODO_PAYMENTS_API_KEY'], environment: 'test_mode' });
// const checkoutSessionResponse = await client.checkoutSessions.create({ product_cart: [{ product_id: 'product_id',
// quantity: 0 }] })). The identify page creates the signed-in customer (their e-mail, name, phone, their customer
// number and plan as metadata) and a checkout for the boots prefilled with them and their billing country; the page
// view page lists the store's products and reads one.
import DodoPayments from "dodopayments";

const client = new DodoPayments({ bearerToken: "dodo_live_Xk2Qw9Lm4Tz8Vb1Nc6Pd3Hf0Jg5Ys2AeRu7Wm", maxRetries: 0,
  logLevel: "off" });
const PRODUCT_ID = "pdt_4kZ9qX2mWv7TnB3cR8yLd";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.customers.create({
    email: p.email,
    name: p.name,
    phone_number: p.phone.replace(/\s+/g, ""),
    metadata: { shop_customer_id: p.user_id, plan: p.plan },
  }, { maxRetries: 0 }).catch(() => null);
  await client.checkoutSessions.create({
    product_cart: [{ product_id: PRODUCT_ID, quantity: 1 }],
    customer: { email: p.email, name: p.name, phone_number: p.phone.replace(/\s+/g, "") },
    billing_address: { country: "US", zipcode: "94107" },
    metadata: { shop_customer_id: p.user_id, plan: p.plan },
    return_url: "https://shop.example/thanks",
  }, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.products.list({ page_size: 12 }, { maxRetries: 0 }).catch(() => null);
  await client.products.retrieve(PRODUCT_ID, { maxRetries: 0 }).catch(() => null);
  await settle(300);
}
