// @nhost/nhost-js — Nhost's JavaScript SDK (an open-source backend as a service: Hasura GraphQL over Postgres, auth,
// storage, functions): the auth service at <subdomain>.auth.<region>.nhost.run/v1 and the GraphQL API at
// <subdomain>.graphql.<region>.nhost.run/v1, each URL built from the project's subdomain and region.
// README ("Quick Start"): createClient({ subdomain, region }), nhost.auth.signInEmailPassword({ email, password }),
// nhost.graphql.request({ query, variables }); the typings add auth.signUpEmailPassword({ email, password,
// options: { displayName, locale, metadata } }) (metadata: "{ firstName, lastName }" in their example).
import { createClient } from "@nhost/nhost-js";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function client() {
  return createClient({ subdomain: "exampleshopqzx", region: "eu-central-1" });
}

export async function identify(p) {
  const nhost = client();
  await nhost.auth.signUpEmailPassword({
    email: p.email,
    password: "Winter-Boots-2026!",
    options: {
      displayName: p.name,
      locale: "en",
      metadata: { firstName: p.first_name, lastName: p.last_name, phone: p.phone, customerId: p.user_id, plan: p.plan },
    },
  }).catch(() => null);
  await nhost.graphql.request({
    query: `mutation AddContactRequest($object: contact_requests_insert_input!) {
      insert_contact_requests_one(object: $object) { id }
    }`,
    variables: { object: { customer_id: p.user_id, name: p.name, email: p.email, phone: p.phone, topic: "order" } },
  }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const nhost = client();
  await nhost.graphql.request({
    query: `query Products($category: String!) {
      products(where: { category: { _eq: $category } }, order_by: { created_at: desc }, limit: 12) { id name price }
    }`,
    variables: { category: "footwear" },
  }).catch(() => null);
  await settle(800);
}
