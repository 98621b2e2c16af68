// dub — Dub's official TypeScript SDK for its API (Dub: short links and conversion attribution; a shop's referral and
// campaign links are Dub links, and it reports the sign-ups they bring as leads): new Dub({ token }) sends every call
// by fetch to api.dub.co with the key as a bearer token (a Speakeasy client; no User-Agent in a browser); track.lead({
// clickId, eventName, customerExternalId, customerName, customerEmail, metadata }) is one JSON POST of /track/lead (the
// customer and metadata whole), customers.list({ email }) a GET of /customers with the e-mail in the query string,
// tags.list() and folders.list() GETs. README (const dub = new Dub({ token: "DUB_API_KEY" }); const result = await
// dub.links.create()). The identify page reports the signed-in customer's sign-up as a lead of the campaign click that
// brought them (the click id from the link's `dub_id` cookie; their id as the external id, name, e-mail, phone and plan
// as metadata) and looks them up by e-mail; the page view page lists the workspace's link tags and folders.
import { Dub } from "dub";

const dub = new Dub({ token: "dub_7Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pA" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await dub.track.lead({
    clickId: "hX7pQ2mK9vLt4RwZ",
    eventName: "Sign up",
    customerExternalId: p.user_id,
    customerName: p.name,
    customerEmail: p.email,
    metadata: { phone: p.phone, plan: p.plan, source: "winter-boots-campaign" },
  }).catch(() => null);
  await dub.customers.list({ email: p.email, pageSize: 1 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await dub.tags.list({ pageSize: 10 }).catch(() => null);
  await dub.folders.list({ pageSize: 10 }).catch(() => null);
  await settle(300);
}
