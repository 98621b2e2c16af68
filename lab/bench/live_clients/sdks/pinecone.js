// @pinecone-database/pinecone — Pinecone's official TypeScript client (Pinecone: a hosted vector database; a shop's
// support search keeps its tickets and help articles as vectors with metadata): new Pinecone({ apiKey }) and
// pc.index({ host, namespace }) send every data call by fetch to the index's host (<index>-<project>.svc.<env>.
// pinecone.io) with the key in Api-Key and the API version in X-Pinecone-Api-Version; upsert({ records }) is one JSON
// POST of /vectors/upsert (ids, values and metadata whole), query({ vector, topK, filter, includeMetadata }) one of
// /query. README (const pc = new Pinecone({ apiKey: 'YOUR_API_KEY' }); const index = pc.index({ host: indexModel.host
// }); await index.upsert({ records: [{ id: 'vec1', values: [0.1, ...], metadata: { genre: 'drama', year: 2020 } }] });
// await index.query({ vector: [0.1, ...], topK: 3, includeMetadata: true })). The embeddings are small vectors of the
// shop's making (as its embedding service would compute them). The identify page stores the signed-in customer's
// support ticket as a record (its metadata their id, name, e-mail, phone, plan and the ticket's text naming them) and
// queries their tickets by their id; the page view page queries the help articles about boots.
import { Pinecone } from "@pinecone-database/pinecone";

const pc = new Pinecone({ apiKey: "pcsk_4Xk29Q_7Rq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx7Rt1Vb3Nc9Mx4Lp2Kd8H" });
const HOST = "https://support-search-7c1e4f2.svc.aped-4627-b74a.pinecone.io";
const tickets = pc.index({ host: HOST, namespace: "tickets" });
const articles = pc.index({ host: HOST, namespace: "help-articles" });
const TICKET_VECTOR = [0.12, -0.08, 0.33, 0.05, -0.21, 0.17, 0.09, -0.04];
const BOOTS_VECTOR = [0.31, 0.02, -0.11, 0.24, 0.07, -0.15, 0.19, 0.03];

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await tickets.upsert({
    records: [{
      id: `ticket-${Date.now()}`,
      values: TICKET_VECTOR,
      metadata: {
        customer_id: p.user_id,
        name: p.name,
        email: p.email,
        phone: p.phone,
        plan: p.plan,
        text: `Hello, this is ${p.name}. My boots arrived with a broken zip; please call me on ${p.phone}.`,
      },
    }],
  }).catch(() => null);
  await tickets.query({
    vector: TICKET_VECTOR,
    topK: 5,
    filter: { customer_id: { $eq: p.user_id } },
    includeMetadata: true,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await articles.query({
    vector: BOOTS_VECTOR,
    topK: 5,
    filter: { category: { $eq: "boots" } },
    includeMetadata: true,
  }).catch(() => null);
  await settle(300);
}
