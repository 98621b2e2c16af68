// meilisearch — Meilisearch's JavaScript client (Meilisearch Cloud: a hosted search engine; a site indexes and searches
// its documents through it): new Meilisearch({ host, apiKey }) sends every call by fetch to the project's host with the
// key as a bearer token; index(uid).addDocuments(docs) is one JSON POST to /indexes/<uid>/documents (the documents
// whole), index(uid).search(q, params) one JSON POST to /indexes/<uid>/search. README (const client = new Meilisearch({
// host: 'http://127.0.0.1:7700', apiKey: 'masterKey' }); client.index('movies').addDocuments(documents);
// index.search('philoudelphia')). The identify page indexes the signed-in customer's support ticket into the help
// desk's index (their id, name, e-mail, phone and a message naming them) and searches their earlier tickets by their
// id; the page view page searches the catalogue.
import { Meilisearch } from "meilisearch";

const client = new Meilisearch({ host: "https://ms-7c2f9a41e3b8-4821.fra.meilisearch.io",
  apiKey: "b7Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const tickets = client.index("support_tickets");
  await tickets.addDocuments([{
    id: `t-${Date.now()}`,
    customer_id: p.user_id,
    customer_name: p.name,
    email: p.email,
    phone: p.phone,
    subject: "Return of winter boots",
    message: `Hello, ${p.name} here. The boots are too small; please call me on ${p.phone}.`,
  }]).catch(() => null);
  await tickets.search("", { filter: `customer_id = "${p.user_id}"`, limit: 5 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.index("products").search("waterproof winter boots", { limit: 12 }).catch(() => null);
  await settle(300);
}
