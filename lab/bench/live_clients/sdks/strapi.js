// @strapi/client — Strapi's official client (Strapi: an open-source headless CMS, hosted on Strapi Cloud at
// <project>.strapiapp.com; a site reads its content and stores form entries through the Content API): strapi({
// baseURL, auth }) sends every call by fetch with the API token as a bearer token; collection(name).find({ filters,
// sort, pagination }) is a GET of /api/<name>?<qs query>, collection(name).create(data) a JSON POST to /api/<name>
// ({ data: { ... } }), single(name).find() a GET of /api/<name>.
// README (const client = strapi({ baseURL: 'http://localhost:1337/api', auth: 'your-api-token-here' });
// client.collection('articles').find({ filters, sort }); articles.create({ title, content }); client.single(
// 'homepage').find()). The identify page is the signed-in customer's return request, saved as an entry of the shop's
// "return-requests" collection (their customer id, name, e-mail and phone, their message naming them), after
// looking up their earlier requests by customer id; the page view page reads the homepage and the boots' buying
// guides.
import { strapi } from "@strapi/client";

const client = strapi({
  baseURL: "https://example-shop-cms-4f7d2a.strapiapp.com/api",
  auth: "3b8f1d6a9c2e5f7b0d4a6c8e1f3b5d7a9c2e4f6b8d0a1c3e5f7b9d2a4c6e8f0b1d3a5c7e9f2b4d6a8c0e1f3b5d7a",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const requests = client.collection("return-requests");
  await requests.find({ filters: { customerId: { $eq: p.user_id } }, sort: "createdAt:desc" }).catch(() => null);
  await requests.create({
    customerId: p.user_id, customerName: p.name, email: p.email, phone: p.phone, orderNumber: "EX-104582",
    reason: "Too small",
    message: `Hi, this is ${p.name}. The boots are a size too small; please email ${p.email} with the return label.`,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.single("homepage").find({ populate: "*" }).catch(() => null);
  await client.collection("buying-guides").find({ filters: { category: { $eq: "boots" } },
    pagination: { page: 1, pageSize: 6 } }).catch(() => null);
  await settle(300);
}
