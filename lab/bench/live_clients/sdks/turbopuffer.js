// @turbopuffer/turbopuffer — turbopuffer's official TypeScript library for its API (turbopuffer: a serverless vector
// and full-text search database; a shop keeps its customer profiles and product vectors there for recommendations): new
// Turbopuffer({ apiKey, region }) sends every call by fetch to <region>.turbopuffer.com with the key as a bearer token
// (a Stainless client: x-stainless-* headers); namespace(name).write({ upsert_rows, distance_metric }) is one JSON POST
// of /v2/namespaces/<name> (the rows whole), namespace(name).query({ rank_by, top_k, filters }) a JSON POST of
// /v2/namespaces/<name>/query, namespaces({ prefix }) a GET of /v1/namespaces. README (const tpuf = new Turbopuffer({
// apiKey: process.env['TURBOPUFFER_API_KEY'] }); const ns = tpuf.namespace("example"); const vectorResult = await
// ns.query({ rank_by: ["vector", "ANN", [0.1, 0.2]], top_k: 10, ... })). The identify page upserts the signed-in
// customer's profile row (their id as the row id, name, e-mail, phone and plan as attributes, their taste vector) and
// queries products near it; the page view page queries the boots near the one on show and lists the shop's namespaces.
import Turbopuffer from "@turbopuffer/turbopuffer";

const tpuf = new Turbopuffer({ apiKey: "tpuf_Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAe", region: "gcp-us-central1",
  maxRetries: 0 });
const TASTE = [0.12, -0.41, 0.33, 0.08, -0.27, 0.51, -0.06, 0.19];

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await tpuf.namespace("shop-customers").write({
    upsert_rows: [{ id: p.user_id, vector: TASTE, name: p.name, email: p.email, phone: p.phone, plan: p.plan,
      last_viewed: "leather winter boots" }],
    distance_metric: "cosine_distance",
  }, { maxRetries: 0 }).catch(() => null);
  await tpuf.namespace("shop-products").query({
    rank_by: ["vector", "ANN", TASTE],
    top_k: 4,
    filters: ["in_stock", "Eq", true],
    include_attributes: ["name", "price"],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await tpuf.namespace("shop-products").query({
    rank_by: ["vector", "ANN", [0.31, -0.12, 0.44, 0.02, -0.18, 0.37, 0.09, -0.21]],
    top_k: 8,
    filters: ["category", "Eq", "boots"],
    include_attributes: ["name", "price"],
  }).catch(() => null);
  await tpuf.namespaces({ prefix: "shop-" }).catch(() => null);
  await settle(300);
}
