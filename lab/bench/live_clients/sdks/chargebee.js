// chargebee — Chargebee's official Node/TypeScript library for its REST API (Chargebee: subscription billing; a shop
// keeps its subscribers as Chargebee customers and sells its plans as item prices), here its fetch-based build for
// browsers and workers (the package's "browser" export): new Chargebee({ site, apiKey }) sends every call by fetch to
// <site>.chargebee.com/api/v2 with the key in Basic auth; customer.create({ first_name, last_name, email, phone,
// meta_data, billing_address }) is one form-encoded POST of /customers (meta_data as JSON), comment.create({
// entity_type, entity_id, notes }) a form POST of /comments, customer.list({ "email[is]": ... }) a GET of /customers
// with the filter in the query string, item.list() and itemPrice.list() GETs. README (const chargebee = new
// Chargebee({ site: "{{site}}", apiKey: "{{api-key}}" }); const { customer } = await chargebee.customer.create({ email:
// "john@test.com" })). The identify page creates the signed-in customer (first and last name, e-mail, phone, their id
// and plan as metadata, their billing address), notes their return request on them (naming them with their e-mail)
// and looks them up by e-mail; the page view page lists the shop's plans and their prices.
import Chargebee from "chargebee";

const chargebee = new Chargebee({ site: "exampleshop-test", apiKey: "test_cdKq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pA" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  const created = await chargebee.customer.create({
    first_name: first,
    last_name: rest.join(" "),
    email: p.email,
    phone: p.phone,
    auto_collection: "off",
    meta_data: { customer_id: p.user_id, plan: p.plan },
    billing_address: { first_name: first, last_name: rest.join(" "), line1: "1 Market Street", city: "San Francisco",
      state_code: "CA", zip: "94105", country: "US", phone: p.phone },
  }).catch(() => null);
  const id = created && created.customer ? created.customer.id : p.user_id;
  await chargebee.comment.create({
    entity_type: "customer",
    entity_id: id,
    notes: `Return requested by ${p.name} (${p.email}): the leather winter boots are too small.`,
  }).catch(() => null);
  await chargebee.customer.list({ limit: 1, email: { is: p.email } }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await chargebee.item.list({ limit: 10, type: { is: "plan" } }).catch(() => null);
  await chargebee.itemPrice.list({ limit: 10, item_type: { is: "plan" } }).catch(() => null);
  await settle(300);
}
