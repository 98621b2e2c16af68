// voyageai — Voyage AI's official TypeScript SDK (Voyage AI, part of MongoDB: embedding and reranking models; a shop
// embeds its customers' support messages for its help search and ranks help articles against them): new
// VoyageAIClient({ apiKey }) sends every call by fetch to api.voyageai.com/v1 with the key as a bearer token (Fern's
// X-Fern-* headers); embed({ input, model, inputType }) is one JSON POST of /embeddings (the texts whole),
// rerank({ query, documents, model, topK }) one JSON POST of /rerank (the query and the documents whole). README
// (const client = new VoyageAIClient({ apiKey: "YOUR_API_KEY" }); await client.embed({ input: "input", model: "model"
// })). The identify page embeds the signed-in customer's support message (naming them with their customer number,
// plan, e-mail and phone) as a document of the shop's support index and ranks the return-policy articles against it;
// the page view page embeds an anonymous product search and ranks the boots' descriptions against it.
import { VoyageAIClient } from "voyageai";

const voyage = new VoyageAIClient({ apiKey: "pa-7Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pA_eU2iO7tQ4", maxRetries: 0 });

const ARTICLES = [
  "Returns: unworn shoes can be returned within 30 days; we e-mail you a prepaid label.",
  "Exchanges: swap a size for free; the new pair ships once the first one is back.",
  "Refunds reach your card within 5 to 7 working days of the return arriving.",
];

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const message = `Hello, this is ${p.name} (customer ${p.user_id}, ${p.plan} plan). The leather winter boots are too `
    + `small; please send a return label to ${p.email} or call me on ${p.phone}.`;
  await voyage.embed({ input: [message], model: "voyage-3.5", inputType: "document" }).catch(() => null);
  await voyage.rerank({ query: message, documents: ARTICLES, model: "rerank-2.5", topK: 2 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  const query = "waterproof winter boots for hiking in snow";
  await voyage.embed({ input: [query], model: "voyage-3.5", inputType: "query" }).catch(() => null);
  await voyage.rerank({
    query,
    documents: [
      "Leather winter boots: waterproof full-grain leather, wool lining, rubber lug sole.",
      "Canvas sneakers: light cotton canvas upper for warm days.",
      "Trail hiking boots: breathable membrane, ankle support, grippy outsole.",
    ],
    model: "rerank-2.5",
    topK: 2,
  }).catch(() => null);
  await settle(300);
}
