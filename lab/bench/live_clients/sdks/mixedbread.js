// mixedbread — Mixedbread's official TypeScript library for its API, @mixedbread/sdk (Mixedbread: embeddings,
// reranking and managed search stores; a shop embeds its support tickets to route them and searches its help centre
// with it): new Mixedbread({ apiKey }) sends every call by fetch to api.mixedbread.com with the key as a bearer token
// (a Stainless client: x-stainless-* headers); embed({ model, input }) is one JSON POST of /v1/embeddings (the input
// texts whole), stores.search({ query, store_identifiers, top_k }) a JSON POST of /v1/stores/search, info() a GET of
// /. README (const client = new Mixedbread({ apiKey: process.env['MXBAI_API_KEY'] }); const storeChunkSearchResponse =
// await client.stores.search({ query: 'how to configure SSL', store_identifiers: ['string'] })). The identify page
// embeds the signed-in customer's support ticket (their name, e-mail, phone and id in it) and searches the help centre
// for the return policy; the page view page searches the product guides for the shop's own boot-care question and
// reads the API's info.
import Mixedbread from "@mixedbread/sdk";

const mxbai = new Mixedbread({ apiKey: "mxb_Kq7Xv2Lm9Tr4Wz8Np3Hs6Dc1Bj5Ga0Fy", maxRetries: 0, timeout: 10000 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await mxbai.embed({
    model: "mixedbread-ai/mxbai-embed-large-v1",
    input: [`Support ticket from ${p.name} (${p.email}, ${p.phone}), customer ${p.user_id} on the ${p.plan} plan: `
      + "the leather winter boots from order ORD-20418 are too small, how do I return them?"],
    normalized: true,
    encoding_format: "float",
  }).catch(() => null);
  await mxbai.stores.search({ query: "return policy for shoes that do not fit", store_identifiers: ["help-centre"],
    top_k: 3 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await mxbai.stores.search({ query: "how to waterproof leather boots", store_identifiers: ["product-guides"],
    top_k: 5 }).catch(() => null);
  await mxbai.info().catch(() => null);
  await settle(300);
}
