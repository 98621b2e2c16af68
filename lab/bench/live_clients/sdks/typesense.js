// typesense — Typesense's JavaScript client (Typesense Cloud: a hosted search engine; a site indexes and searches its
// documents through it): new Typesense.Client({ nodes, apiKey }) sends every call by XHR (axios) to the cluster's node
// with the key in X-TYPESENSE-API-KEY; collections(name).documents().create(doc) is one JSON POST to
// /collections/<name>/documents, documents().search(params) a GET with the parameters in the query string. README
// (let client = new Typesense.Client({ nodes: [{ host: 'localhost', port: 8108, protocol: 'http' }], apiKey: 'xyz' });
// client.collections('companies').documents().create(doc); .documents().search({ q, query_by })). The identify page
// indexes the signed-in customer's wishlist entry into the shop's wishlists collection (their id, name, e-mail,
// phone and a note naming them) and searches their wishlist by their id; the page view page searches the catalogue.
import Typesense from "typesense";

const client = new Typesense.Client({
  nodes: [{ host: "q8x2m7kp4vz1w9-1.a1.typesense.net", port: 443, protocol: "https" }],
  apiKey: "Tz7Wq2Lx9Km4Pv1Rc6Nd3Hf0Jb5Ys8G",
  connectionTimeoutSeconds: 5,
  numRetries: 0,
  logLevel: "silent",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.collections("wishlists").documents().create({
    customer_id: p.user_id,
    customer_name: p.name,
    email: p.email,
    phone: p.phone,
    product: "Winter boots",
    note: `For ${p.name}: notify me at ${p.email} when size 43 is back.`,
  }).catch(() => null);
  await client.collections("wishlists").documents().search({ q: "*", query_by: "product",
    filter_by: `customer_id:=${p.user_id}` }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.collections("products").documents().search({ q: "winter boots", query_by: "title,description",
    per_page: 12 }).catch(() => null);
  await settle(300);
}
