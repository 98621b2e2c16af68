// @sanity/client — Sanity's JavaScript client (Sanity: a hosted content platform, a headless CMS whose Content Lake
// stores a site's documents; <project id>.api.sanity.io): createClient({ projectId, dataset, apiVersion, token, useCdn })
// sends every call by XHR (get-it) with the token as a bearer token; create(doc) is one JSON POST to
// /v<api version>/data/mutate/<dataset> ({ mutations: [{ create: doc }] }), fetch(query, params) a GET of
// /v<api version>/data/query/<dataset>?query=...&$<param>=... (the parameters JSON-encoded in the query string).
// README (const client = createClient({ projectId: 'your-project-id', dataset: 'your-dataset-name', useCdn: true,
// apiVersion: '2025-02-06' }); client.fetch(query, params); client.create(doc) with a write token). The identify page
// is the signed-in customer's return request, saved as a "returnRequest" document (their customer number, name,
// e-mail, phone and a message naming them) after looking up their earlier requests by customer number; the page view
// page reads the boots' product page and buying guides.
import { createClient } from "@sanity/client";

const client = createClient({
  projectId: "k7m2xq9p",
  dataset: "production",
  apiVersion: "2025-02-06",
  useCdn: false,
  token: "skR4tQ8vWm2nPz6yXc1bLd9fHg3jKs7aEu5oTi0rYw8qVn2mBx6cZl4dFh1gJk9pSa3sDe7wRt5yUi2oPq8nMb4vCx6zLk0jHg",
  ignoreBrowserTokenWarning: true,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.fetch('*[_type == "returnRequest" && customerId == $customerId] | order(_createdAt desc)[0...5]',
    { customerId: p.user_id }).catch(() => null);
  await client.create({
    _type: "returnRequest",
    customerId: p.user_id,
    customerName: p.name,
    email: p.email,
    phone: p.phone,
    orderNumber: "EX-104582",
    reason: "Too small",
    message: `Hi, this is ${p.name}. The boots are a size too small; please send the return label to ${p.email}.`,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.fetch('*[_type == "product" && slug.current == $slug][0]{title, price, sizes}', { slug: "winter-boots" })
    .catch(() => null);
  await client.fetch('*[_type == "buyingGuide" && category == $category][0...6]{title, slug}', { category: "boots" })
    .catch(() => null);
  await settle(300);
}
