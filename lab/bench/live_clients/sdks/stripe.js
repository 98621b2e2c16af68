// stripe — Stripe's official Node/TypeScript library for its API (Stripe: payments, customers and billing; a shop keeps
// its customers as Stripe customers and lists its catalog's products and prices), here its fetch-based build for
// browsers and workers (the package's "browser" export): new Stripe(key, { maxNetworkRetries }) sends every call by
// fetch to api.stripe.com/v1 with the key as a bearer token and the library's headers (Stripe-Version,
// X-Stripe-Client-User-Agent); customers.create({ name, email, phone, description, metadata }) is one form-encoded
// POST of /customers, customers.search({ query }) a GET of /customers/search with the query in the query string,
// setupIntents.create({ customer, metadata }) a form POST of /setup_intents, products.list() and prices.list() GETs.
// README (const stripe = new Stripe('sk_test_...'); const customer = await stripe.customers.create({ email:
// 'customer@example.com' })). The identify page creates the signed-in customer (name, e-mail, phone, their id and plan
// as metadata), searches the customers for their e-mail and starts saving a card for them; the page view page lists the
// shop's active products and the boots' prices.
import Stripe from "stripe";

const stripe = new Stripe("sk_test_51Qm7Zp2Lr9TbV4nWx8sKd1F3hJ6cY0aE5gB7kN2pQ4rT6vX8zA1cD3fH5jL7nP9", {
  maxNetworkRetries: 0,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const customer = await stripe.customers.create({
    name: p.name,
    email: p.email,
    phone: p.phone,
    description: `Customer ${p.user_id}`,
    metadata: { customer_id: p.user_id, plan: p.plan },
  }).catch(() => null);
  await stripe.customers.search({ query: `email:'${p.email}'`, limit: 1 }).catch(() => null);
  await stripe.setupIntents.create({
    customer: customer && customer.id ? customer.id : "cus_R7mZp2Lr9TbV4n",
    usage: "off_session",
    metadata: { customer_id: p.user_id },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await stripe.products.list({ active: true, limit: 10 }).catch(() => null);
  await stripe.prices.list({ product: "prod_R7mZp2Lr9TbV4n", active: true, limit: 5 }).catch(() => null);
  await settle(300);
}
