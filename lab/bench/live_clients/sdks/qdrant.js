// @qdrant/js-client-rest — Qdrant's official REST client (Qdrant Cloud: a hosted vector database; a shop keeps its
// support tickets and help articles with their embeddings there for its assistant to search): new QdrantClient({ url,
// apiKey }) sends every call by fetch to the cluster (<cluster>.<region>.aws.cloud.qdrant.io:6333) with the key in
// api-key, and first reads the server's version (GET /) to check compatibility; upsert(collection, { wait, points })
// is a JSON PUT of /collections/<name>/points (each point's id, vector and payload whole), scroll(collection,
// { filter, limit }) a JSON POST of /points/scroll, query(collection, { query, limit }) one of /points/query. README
// (const client = new QdrantClient({ url: 'http://127.0.0.1:6333' }); or new QdrantClient({ url:
// 'https://xyz-example.eu-central.aws.cloud.qdrant.io:6333', apiKey: '<your-api-key>' })). The embeddings are small
// vectors of the shop's making (as its server would compute them). The identify page stores the signed-in customer's
// support ticket as a point (its payload their id, name, e-mail, phone, plan and the ticket's text naming them) and
// scrolls their earlier tickets by their id; the page view page searches the help articles for a sizing question.
import { QdrantClient } from "@qdrant/js-client-rest";

const client = new QdrantClient({
  url: "https://7c1e4f2a-93b8-4d5e-a6f0-2b8d9c3e1f47.eu-central-1-0.aws.cloud.qdrant.io:6333",
  apiKey: "qd_Xk29QwLm4Tz8Vb1Nc6Pd3Hf0Jg5Ys2AeRu7WmKqTi",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function ticketId() {
  return crypto.randomUUID();
}

export async function identify(p) {
  await client.upsert("support_tickets", {
    wait: true,
    points: [{
      id: ticketId(),
      vector: [0.12, -0.48, 0.33, 0.07, -0.21, 0.56, -0.09, 0.27],
      payload: {
        customer_id: p.user_id,
        customer_name: p.name,
        email: p.email,
        phone: p.phone,
        plan: p.plan,
        text: `${p.name} writes: my winter boots leak at the seam after two weeks. Please reply to ${p.email} `
          + `or call ${p.phone}.`,
      },
    }],
  }).catch(() => null);
  await client.scroll("support_tickets", {
    filter: { must: [{ key: "customer_id", match: { value: p.user_id } }] },
    limit: 10,
    with_payload: true,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.query("help_articles", {
    query: [0.31, 0.05, -0.42, 0.18, 0.22, -0.14, 0.39, -0.02],
    limit: 3,
    with_payload: true,
  }).catch(() => null);
  await settle(300);
}
