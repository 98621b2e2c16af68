// @datocms/cma-client-browser — DatoCMS's Content Management API client for browsers (DatoCMS: a hosted headless CMS,
// site-api.datocms.com): buildClient({ apiToken }) sends every call by fetch with the token as a bearer token and
// JSON:API bodies; items.create({ item_type, ...fields }) is one POST to /items ({ data: { type: "item", attributes,
// relationships: { item_type } } }), items.list({ filter, page }) a GET of /items with the filter in the query string.
// README / DatoCMS's CMA docs (import { buildClient } from '@datocms/cma-client-browser'; const client = buildClient({
// apiToken: '<YOUR_TOKEN>' }); client.items.create({ item_type: { type: 'item_type', id: '...' }, title: '...' });
// client.items.list({ filter: { type: 'dog' } })). The identify page is the signed-in customer's product review, saved
// as a "review" record (their customer number, name, e-mail, phone and a text naming them) after listing their earlier
// reviews; the page view page lists the boots' published reviews.
import { buildClient } from "@datocms/cma-client-browser";

const client = buildClient({ apiToken: "f3a9c1e7b5d2f8a4c6e0b9d1f7a3c5e2", autoRetry: false });
const REVIEW_MODEL = "WkT2x9Qm4RbL7zPc1NfY8g";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.items.list({ filter: { type: "review", fields: { customer_id: { eq: p.user_id } } }, page: { limit: 5 } })
    .catch(() => null);
  await client.items.create({
    item_type: { type: "item_type", id: REVIEW_MODEL },
    customer_id: p.user_id,
    author_name: p.name,
    email: p.email,
    phone: p.phone,
    product: "winter-boots",
    rating: 4,
    body: `${p.name} here: warm and comfortable, but they run small. Happy to answer questions at ${p.email}.`,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.items.list({ filter: { type: "review", fields: { product: { eq: "winter-boots" } } }, page: { limit: 6 } })
    .catch(() => null);
  await settle(300);
}
