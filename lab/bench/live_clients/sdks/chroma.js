// chromadb — Chroma's official JavaScript client (Chroma: an open-source vector database, hosted as Chroma Cloud; a
// shop keeps its support tickets and help articles there for semantic search): new CloudClient({ apiKey, tenant,
// database }) sends every call by fetch to api.trychroma.com:443/api/v2 with the key in x-chroma-token;
// getOrCreateCollection({ name, embeddingFunction }) is one JSON POST of /tenants/<t>/databases/<d>/collections,
// collection.add({ ids, documents, metadatas }) a GET of /pre-flight-checks (once) then a JSON POST of
// /collections/<id>/add (the documents, their embeddings and metadata whole), collection.query({ queryTexts, where,
// nResults }) a JSON POST of /collections/<id>/query. README (const client = new CloudClient({ apiKey, tenant, database
// }); const collection = await client.getOrCreateCollection({ name: "my_collection" }); await collection.add({ ids:
// ["id1"], documents: ["..."] })). The embeddings are small vectors of the shop's making (its embedding function, as its
// embedding service would compute them), so the client never loads Chroma's default model. The identify page adds the
// signed-in customer's support ticket (the text naming them with their e-mail and phone; the metadata their id, name,
// e-mail, phone and plan) and queries their tickets with a filter on their id; the page view page queries the help
// articles about the boots.
import { CloudClient } from "chromadb";

const client = new CloudClient({
  apiKey: "ck-9c1e4b2a7d3f4e8ab5c62f1d8e9a0b3c7e5f1a2b",
  tenant: "2b8d9c3e-1f47-4d5e-a6f0-7c1e4f2a93b8",
  database: "exampleshop-support",
});

// the shop's embedding function: a small, deterministic vector per text (what its embedding service returns)
class ShopEmbeddings {
  async generate(texts) {
    return texts.map((text) => {
      const v = [0, 0, 0, 0, 0, 0, 0, 0];
      for (let i = 0; i < text.length; i += 1) v[i % 8] += text.charCodeAt(i) / 1000;
      const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
      return v.map((x) => Math.round((x / norm) * 1e6) / 1e6);
    });
  }
}
const embeddingFunction = new ShopEmbeddings();

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const tickets = await client.getOrCreateCollection({ name: "support_tickets", embeddingFunction })
    .catch(() => null);
  if (!tickets) return;
  await tickets.add({
    ids: [`ticket-${Date.now()}`],
    documents: [`Hello, this is ${p.name}. The leather winter boots are too small; please send a return label to `
      + `${p.email} or call ${p.phone}.`],
    metadatas: [{ customer_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan,
      topic: "returns" }],
  }).catch(() => null);
  await tickets.query({ queryTexts: ["return label for boots"], where: { customer_id: p.user_id }, nResults: 3 })
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  const articles = await client.getOrCreateCollection({ name: "help_articles", embeddingFunction })
    .catch(() => null);
  if (!articles) return;
  await articles.query({ queryTexts: ["do the winter boots run small"], where: { category: "boots" }, nResults: 3 })
    .catch(() => null);
  await settle(300);
}
