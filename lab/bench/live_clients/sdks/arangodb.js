// arangodb — ArangoDB's official JavaScript driver, arangojs (ArangoDB: a multi-model database, here its managed
// cloud, ArangoGraph; a shop keeps its customer profiles and orders there and the storefront talks to it directly):
// new Database({ url, databaseName, auth }) sends every call by fetch to the deployment's endpoint
// (<id>.arangodb.cloud:8529) with the credentials in Basic auth (x-arango-driver header);
// collection("customers").save(doc) is one JSON POST of /_db/<db>/_api/document/customers (the document whole),
// query(aql`...`) a JSON POST of /_db/<db>/_api/cursor (the AQL statement and its bind variables whole), version() a GET
// of /_db/<db>/_api/version. README (const db = new Database({ url: "http://127.0.0.1:8529", databaseName: "pancakes",
// auth: { username: "root", password: "hunter2" } }); const pokemons = db.collection("my-pokemons"); ... for await
// (const pokemon of await db.query(aql`FOR pokemon IN ${pokemons} FILTER pokemon.type == "fire" RETURN
// pokemon`))). The identify page saves the signed-in customer's profile (their name, e-mail, phone and id as the
// document key) and looks up their open orders by id; the page view page queries the boots in stock and reads the
// server's version.
import { Database, aql } from "arangojs";

const db = new Database({
  url: "https://b4c2e9f1a7d3.arangodb.cloud:8529",
  databaseName: "shop",
  auth: { username: "storefront", password: "Vq7Lm2Xk9Tr4Wz8Np3Hs6Dc1" },
});
const customers = db.collection("customers");
const orders = db.collection("orders");
const products = db.collection("products");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await customers.save({
    _key: p.user_id,
    name: p.name,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    phone: p.phone,
    plan: p.plan,
    newsletter: true,
    updated_at: new Date().toISOString(),
  }, { overwriteMode: "update" }).catch(() => null);
  const cursor = await db.query(aql`
    FOR o IN ${orders}
      FILTER o.customer == ${p.user_id} AND o.status IN ["paid", "shipped"]
      SORT o.created_at DESC
      LIMIT 5
      RETURN { id: o._key, status: o.status, total: o.total }`).catch(() => null);
  if (cursor) await cursor.all().catch(() => null);
  await settle(300);
}

export async function pageview() {
  const cursor = await db.query(aql`
    FOR p IN ${products}
      FILTER p.category == "boots" AND p.stock > 0
      SORT p.price ASC
      LIMIT 12
      RETURN { sku: p._key, name: p.name, price: p.price }`).catch(() => null);
  if (cursor) await cursor.all().catch(() => null);
  await db.version(false).catch(() => null);
  await settle(300);
}
