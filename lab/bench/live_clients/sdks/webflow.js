// webflow-api — Webflow's official JavaScript SDK for its Data API (Webflow: a hosted website builder with a CMS; a
// shop built on it keeps its catalogue and the requests its customers send as CMS items): new WebflowClient({
// accessToken }) sends every call by fetch to api.webflow.com/v2 with the token as a bearer token (Fern's X-Fern-*
// headers); collections.items.createItemLive(collectionId, { isArchived, isDraft, fieldData }) is one JSON POST of
// /collections/<id>/items/live (the fields whole), collections.items.listItemsLive(collectionId, { ... }) a GET of
// /collections/<id>/items/live with the options in the query string. README (const webflow = new WebflowClient({
// accessToken: token }); const item = await webflow.collections.items.createItemLive(collectionId, { isArchived:
// false, isDraft: false, fieldData: { name: "...", slug: "..." } })). The identify page saves the signed-in customer's
// return request as a CMS item (its name naming them, their id, first and last name, e-mail, phone, plan and message
// as fields) and lists their earlier requests by that name; the page view page lists the boots' items and their
// buying guides.
import { WebflowClient } from "webflow-api";

const webflow = new WebflowClient({ accessToken: "8f2c4e7a1b3d4f6a8c5e2d7b9a1c3e5f0d2b4a6c8e1f3a5b7d9c0e2f4a6b8c1d" });
const RETURNS = "6752b3f1c9e84a0012d4f7a3";
const PRODUCTS = "6752b3f1c9e84a0012d4f6e1";
const GUIDES = "6752b3f1c9e84a0012d4f702";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await webflow.collections.items.createItemLive(RETURNS, {
    isArchived: false,
    isDraft: false,
    fieldData: {
      name: `Return request from ${p.name}`,
      slug: `return-request-${Date.now()}`,
      "customer-id": p.user_id,
      "first-name": p.first_name,
      "last-name": p.last_name,
      email: p.email,
      phone: p.phone,
      plan: p.plan,
      product: "leather-winter-boots",
      message: `Hello, this is ${p.name}. The boots are too small; please send a label to ${p.email} `
        + `or call ${p.phone}.`,
    },
  }).catch(() => null);
  await webflow.collections.items.listItemsLive(RETURNS, { name: `Return request from ${p.name}`, limit: 5 })
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  await webflow.collections.items.listItemsLive(PRODUCTS, { slug: "leather-winter-boots", limit: 1 }).catch(() => null);
  await webflow.collections.items.listItemsLive(GUIDES, { limit: 5, offset: 0 }).catch(() => null);
  await settle(300);
}
