// @datastax/astra-db-ts — DataStax's official TypeScript client for Astra DB's Data API (Astra DB, by DataStax, an IBM
// company: a serverless document and vector database; a shop keeps its customer records and product catalogue in
// collections): new DataAPIClient(token).db(endpoint, { keyspace }) sends every command by fetch (its native-fetch
// client, the default outside Node's fetch-h2 option) as one JSON POST to the database's endpoint
// (<database id>-<region>.apps.astra.datastax.com/api/json/v1/<keyspace>[/<collection>]) with the application token in
// `Token`; collection.insertOne(doc) is the `insertOne` command (the document whole), findOne(filter) the `findOne`
// command (the filter in the body), db.listCollections() the `findCollections` command, find(filter).toArray() the
// `find` command. README (const client = new DataAPIClient('*TOKEN*'); const db = client.db('*ENDPOINT*', { keyspace:
// '*KEYSPACE*' }); const collection = await db.createCollection('vector_5_collection', ...); await
// collection.insertMany([...])). The identify page stores the signed-in customer's record (their id as the document id,
// name, e-mail, phone, plan) and reads it back by e-mail; the page view page lists the keyspace's collections and finds
// the winter boots in the product catalogue.
import { DataAPIClient } from "@datastax/astra-db-ts";

const token = "AstraCS:Kq2mXv9LbT4sR8nW1cZ6yH3d:7c1e4f2a9b3d5e8f0a6c2d4b8e1f3a5c7d9e0b2f4a6c8e1d3b5f7a9c2e4d6b8f";
const client = new DataAPIClient(token);
const db = client.db("https://8f3e2a71-4c9d-4b6e-a1f5-2d7c9e0b3a64-us-east-2.apps.astra.datastax.com",
  { keyspace: "shop" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const customers = db.collection("customers");
  await customers.insertOne({
    _id: p.user_id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    plan: p.plan,
    signed_up_at: new Date().toISOString(),
  }).catch(() => null);
  await customers.findOne({ email: p.email }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await db.listCollections({ nameOnly: true }).catch(() => null);
  await db.collection("products").find({ category: "winter-boots" }, { limit: 5 }).toArray().catch(() => null);
  await settle(300);
}
