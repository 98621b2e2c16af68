// @directus/sdk — Directus' JavaScript SDK: a headless CMS and data platform (collections of items, users, files),
// here against a Directus Cloud project (<project>.directus.app) over REST.
// README ("Composable Client"): createDirectus(url).with(rest()), client.request(readItems(collection)); the typings
// give registerUser(email, password, { first_name, last_name }) (public registration), createItem(collection, item) and
// readItems' query (filter, fields, limit).
import { createDirectus, rest, registerUser, createItem, readItems } from "@directus/sdk";

const client = createDirectus("https://northwind-boots.directus.app").with(rest());

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  await client.request(registerUser(p.email, "Winter-boots-2026!", {
    first_name: p.first_name, last_name: p.last_name,
  })).catch(() => null);
  await client.request(createItem("newsletter_signups", {
    customer_id: p.user_id, full_name: p.name, email: p.email, phone: p.phone, plan: p.plan,
  })).catch(() => null);
  await settle();
}

export async function pageview() {
  await client.request(readItems("products", {
    filter: { slug: { _eq: "winter-boots" } }, fields: ["id", "name", "price", "sizes"], limit: 1,
  })).catch(() => null);
  await settle();
}
