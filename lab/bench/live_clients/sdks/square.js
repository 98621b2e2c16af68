// square — Square's official Node/TypeScript SDK for its API (Square, by Block: payments and point of sale; a shop
// keeps its customers in its Square customer directory and sells its catalog in store and online): new
// SquareClient({ token, environment }) sends every call by fetch to connect.squareup.com/v2 with the token as a bearer
// token (Square-Version and Fern's X-Fern-* headers); customers.create({ idempotencyKey, givenName, familyName,
// emailAddress, phoneNumber, referenceId, note, address }) is one JSON POST of /customers (keys in snake case),
// customers.search({ query }) a JSON POST of /customers/search (the e-mail in the filter), catalog.searchItems({
// textFilter }) a JSON POST of /catalog/search-catalog-items, locations.list() a GET of /locations. README (const
// client = new SquareClient({ token: "YOUR_TOKEN", environment: SquareEnvironment.Production }); await
// client.payments.create({ ... })). The identify page adds the signed-in customer to the directory (first and last
// name, e-mail, phone, their id as the reference id, their address, a note with their plan) and searches the directory
// for their e-mail; the page view page searches the catalog for winter boots and lists the shop's locations.
import { SquareClient, SquareEnvironment } from "square";

const square = new SquareClient({
  token: "EAAAl7Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAeU2iO7tQ4wXc8vB1nM3kL5jH7gF9dS",
  environment: SquareEnvironment.Production,
  maxRetries: 0,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  await square.customers.create({
    idempotencyKey: crypto.randomUUID(),
    givenName: first,
    familyName: rest.join(" "),
    emailAddress: p.email,
    phoneNumber: p.phone,
    referenceId: p.user_id,
    note: `Online shop customer, ${p.plan} plan`,
    address: { addressLine1: "1 Market Street", locality: "San Francisco", administrativeDistrictLevel1: "CA",
      postalCode: "94105", country: "US" },
  }).catch(() => null);
  await square.customers.search({
    limit: BigInt(1),
    query: { filter: { emailAddress: { exact: p.email } } },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await square.catalog.searchItems({ textFilter: "winter boots", limit: 10 }).catch(() => null);
  await square.locations.list().catch(() => null);
  await settle(300);
}
