// convex — Convex's client (Convex: a hosted reactive backend, database and server functions; a site's front end
// calls the functions of its deployment at <name>.convex.cloud): new ConvexHttpClient(deploymentUrl) runs them over
// HTTP, each mutation(ref, args) one JSON POST by fetch to /api/mutation and each query(ref, args) one to /api/query
// ({ path: "<module>:<function>", format: "convex_encoded_json", args: [ ... ] }, with a Convex-Client header), the
// arguments sent whole; anyApi (convex/server) names a function without the generated api object.
// README / Convex's docs ("ConvexHttpClient ... for non-reactive webapps": const client = new ConvexHttpClient(
// CONVEX_URL); client.query(api.tasks.list, {}); client.mutation(api.tasks.create, { text }); "anyApi" when the
// project has no generated code). The identify page is the signed-in customer's support request to the shop's own
// functions (their customer id, name, e-mail and phone as the ticket's contact, their question naming them) and the
// query of their open tickets; the page view page queries the catalogue and records a product view for an
// anonymous visitor id of the shop's making.
import { ConvexHttpClient } from "convex/browser";
import { anyApi } from "convex/server";

const client = new ConvexHttpClient("https://hushed-otter-482.convex.cloud");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.mutation(anyApi.support.createTicket, {
    customerId: p.user_id,
    contact: { name: p.name, email: p.email, phone: p.phone },
    subject: "Boots not delivered",
    message: `Hi, this is ${p.name}. My order hasn't arrived yet, please call me on ${p.phone}.`,
    plan: p.plan,
  }).catch(() => null);
  await client.query(anyApi.support.openTickets, { customerId: p.user_id }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  const visitor = "visitor_" + Math.random().toString(36).slice(2, 12);
  await client.query(anyApi.products.list, { category: "boots", limit: 12 }).catch(() => null);
  await client.mutation(anyApi.analytics.recordView, { visitorId: visitor, sku: "WB-39-BRN" }).catch(() => null);
  await settle(300);
}
