// trieve-ts-sdk — Trieve's TypeScript client (Trieve: hosted search, recommendations and RAG chat over a site's
// content, with search and conversion analytics): new TrieveSDK({ apiKey, datasetId }); search({ query, search_type,
// user_id }) is one JSON POST by fetch to api.trieve.ai/api/chunk/search, createTopic({ owner_id, name, metadata }) to
// /api/topic and createMessage({ topic_id, new_message_content, user_id }) to /api/message (the RAG answer, a text
// body); sendAnalyticsEvent({ event_name, event_type, items, user_id, metadata }) is a JSON PUT to
// /api/analytics/events. Every call has the dataset in the TR-Dataset header and the read-only key as a bearer token.
// README (new TrieveSDK({ apiKey, datasetId }), trieve.search({ query, search_type: "hybrid" })) and the package's
// typings (user_id: "the id of the user who is making the request ... to track user interactions"; owner_id:
// "typically a browser fingerprint or your user's id"). The identify page is the signed-in customer's visit to the
// help centre: a search with their customer id, a chat topic owned by them (their details as the topic's metadata),
// their question naming them, and an add-to-cart event with their id; the page view page searches the catalogue and
// sends a view event for an anonymous visitor id of the shop's making.
import { TrieveSDK } from "trieve-ts-sdk";

const trieve = new TrieveSDK({
  apiKey: "tr-6yKq3Wn8Zr2Lb5Xv9Tc4Mh7Pd1Jf",
  datasetId: "3f9e2c71-8b4a-4d6e-9a15-7c2b0e4d8f63",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await trieve.search({ query: "return winter boots", search_type: "fulltext", page_size: 5, user_id: p.user_id })
    .catch(() => null);
  const topic = await trieve.createTopic({
    owner_id: p.user_id, name: "Returns",
    metadata: { customer_name: p.name, customer_email: p.email, customer_phone: p.phone, plan: p.plan },
  }).catch(() => null);
  if (topic && topic.id) {
    await trieve.createMessage({
      topic_id: topic.id, user_id: p.user_id,
      new_message_content: `Hi, I'm ${p.name}. Can I still return my boots? Email ${p.email} or call ${p.phone}.`,
    }).catch(() => null);
  }
  await trieve.sendAnalyticsEvent({
    event_name: "add_to_cart", event_type: "add_to_cart", items: ["WB-39-BRN"], user_id: p.user_id,
    metadata: { email: p.email },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  const visitor = "visitor_" + Math.random().toString(36).slice(2, 12);
  await trieve.search({ query: "waterproof winter boots", search_type: "fulltext", page_size: 10, user_id: visitor })
    .catch(() => null);
  await trieve.sendAnalyticsEvent({
    event_name: "product_view", event_type: "view", items: ["WB-39-BRN"], user_id: visitor,
  }).catch(() => null);
  await settle(300);
}
