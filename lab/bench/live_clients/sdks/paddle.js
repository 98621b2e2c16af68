// @paddle/paddle-node-sdk — Paddle's official Node.js SDK for its Billing API (Paddle: a merchant of record for
// payments, subscriptions and tax; a shop sells its pro membership through Paddle and keeps its customers there): new
// Paddle(apiKey, { environment }) sends every call by fetch to api.paddle.com with the key as a bearer token, a random
// X-Transaction-ID on each (the package's edge build, the `browser` export, with Web Crypto); customers.create({ email,
// name, customData, locale }) is one JSON POST of /customers (keys in snake case, the custom data whole),
// customers.list({ email }).next() a GET of /customers with the e-mail in the query string, products.list() and
// prices.list() GETs the same way. README (const paddle = new Paddle('API_KEY'); const productCollection =
// paddle.products.list(); const firstPage = await productCollection.next()). The identify page creates the signed-in
// customer (e-mail, name, their id, phone and plan as custom data) and looks them up by e-mail; the page view page
// lists the active products and their prices.
import { Environment, Paddle } from "@paddle/paddle-node-sdk";

const paddle = new Paddle("pdl_live_apikey_01jd8z4kx1tvq2m7l8r5n3p6w9_Kq2mXv9LbT4sR8nW1cZ6yH_A4b",
  { environment: Environment.production });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await paddle.customers.create({
    email: p.email,
    name: p.name,
    locale: "en",
    customData: { customer_id: p.user_id, phone: p.phone, plan: p.plan },
  }).catch(() => null);
  await paddle.customers.list({ email: [p.email], perPage: 1 }).next().catch(() => null);
  await settle(300);
}

export async function pageview() {
  await paddle.products.list({ status: ["active"], perPage: 10 }).next().catch(() => null);
  await paddle.prices.list({ status: ["active"], perPage: 10 }).next().catch(() => null);
  await settle(300);
}
