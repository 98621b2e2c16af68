// supermemory — Supermemory's official TypeScript library (Supermemory: a hosted memory API for AI apps; a site's
// assistant keeps what it learns about each customer through it): new Supermemory({ apiKey }) sends every call by
// fetch to api.supermemory.ai with the key as a bearer token (a Stainless client: x-stainless-* headers); add({
// content, containerTag, customId, metadata }) is one JSON POST to /v3/documents, profile({ containerTag, q }) one to
// /v4/profile, search.documents({ q, containerTags }) one to /v3/search. README (const client = new Supermemory({
// apiKey }); const response = await client.search({ q: 'memories related to python' }); client.add({ content })).
// The identify page stores a memory of the signed-in customer's support conversation under their id (the text naming
// them with their e-mail and phone, their details as metadata) and reads their profile; the page view page searches
// the shop's help articles.
import Supermemory from "supermemory";

const client = new Supermemory({ apiKey: "sm_Tq4Wx9Lm2Pz7Vb1Kc6Nd3Hf8Jg0Ys5AeUiOo2RrXw7Mk", maxRetries: 0 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.add({
    content: `${p.name} (customer ${p.user_id}) asked to exchange the winter boots for a larger size. `
      + `Prefers e-mail at ${p.email}; phone ${p.phone}.`,
    containerTag: p.user_id,
    customId: `support-note-${Date.now()}`,
    metadata: { customer_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan,
      source: "support-chat" },
  }, { maxRetries: 0 }).catch(() => null);
  await client.profile({ containerTag: p.user_id, q: "open exchanges and preferred contact" }, { maxRetries: 0 })
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.search.documents({ q: "how to waterproof leather boots", containerTags: ["help-centre"], limit: 5 },
    { maxRetries: 0 }).catch(() => null);
  await settle(300);
}
