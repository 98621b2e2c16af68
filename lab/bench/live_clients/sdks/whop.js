// whop — Whop's official TypeScript SDK, @whop/sdk (Whop: a commerce platform for digital products, with its own
// conversion tracking and leads; a shop reports its sign-ups and page views to attribute them to its ads): new Whop({
// apiKey }) sends every call by fetch to api.whop.com/api/v1 with the key as a bearer token and an Api-Version-Date
// header (a Stainless client: x-stainless-* headers); events.create({ account_id, event_name, user, ... }) is one JSON
// POST of /events (the event and its user whole), leads.create({ company_id, product_id, metadata, referrer }) a JSON
// POST of /leads (the metadata whole), products.list({ account_id }) a GET of /products. README (const client = new
// Whop({ apiKey: process.env['WHOP_API_KEY'] }); const page = await client.payments.list({ company_id: 'biz_xxx' });).
// The identify page reports the signed-in customer's registration as an event (their name, e-mail and phone as the
// event's user, the event id built from their id) and records them as a lead for the shop's product (their id and plan
// as metadata); the page view page reports an anonymous page event and lists the account's products.
import Whop from "@whop/sdk";

const whop = new Whop({ apiKey: "apik_Wq7Lm2Kv9Tr4Xz8Np3Hs6Dc1Bj5Ga0FyQe2Uo8Ri4Tn6Sm", maxRetries: 0, timeout: 10000 });
const ACCOUNT = "biz_7Hq2Xv9Lm4Tr8W";
const PRODUCT = "prod_3Nf8Jw1Pk6Vc9R";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await whop.events.create({
    account_id: ACCOUNT,
    event_name: "complete_registration",
    action_source: "website",
    event_id: `reg-${p.user_id}`,
    url: "https://shop.example/account",
    product_id: PRODUCT,
    user: { name: p.name, first_name: p.first_name, last_name: p.last_name, email: p.email, phone: p.phone,
      country: "US" },
    context: { language: "en-US", timezone: "America/Los_Angeles", utm_source: "newsletter" },
  }).catch(() => null);
  await whop.leads.create({
    company_id: ACCOUNT,
    product_id: PRODUCT,
    referrer: "https://shop.example/account",
    metadata: { storefront_user_id: p.user_id, plan: p.plan },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await whop.events.create({
    account_id: ACCOUNT,
    event_name: "page",
    action_source: "website",
    url: "https://shop.example/products/winter-boots",
    title: "Winter boots — Example Shop",
    context: { language: "en-US", timezone: "America/Los_Angeles" },
  }).catch(() => null);
  await whop.products.list({ account_id: ACCOUNT, first: 10 }).catch(() => null);
  await settle(300);
}
