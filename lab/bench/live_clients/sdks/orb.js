// orb-billing — Orb's official Node/TypeScript library for its REST API (Orb: usage-based billing; a shop bills its
// pro customers for what they use and keeps them as Orb customers): new Orb({ apiKey }) sends every call by fetch to
// api.withorb.com/v1 with the key as a bearer token (a Stainless client: x-stainless-* headers, an Idempotency-Key on
// each POST); customers.create({ name, email, external_customer_id, metadata, billing_address }) is one JSON POST of
// /customers, events.ingest({ events }) a JSON POST of /ingest (each event's properties whole),
// customers.fetchByExternalID(id) a GET of /customers/external_customer_id/<id>, plans.list() and items.list() GETs.
// README (const client = new Orb({ apiKey: process.env['ORB_API_KEY'] }); const customer = await
// client.customers.create({ email: 'example-customer@withorb.com', name: 'My Customer' })). The identify page creates
// the signed-in customer (name, e-mail, their id as the external id, phone and plan as metadata, their billing
// address), records their return request as a usage event and reads them back by their id; the page view page lists
// the shop's plans and billable items.
import Orb from "orb-billing";

const orb = new Orb({ apiKey: "orb_live_7Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAeU2iO7tQ4w", maxRetries: 0 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await orb.customers.create({
    name: p.name,
    email: p.email,
    external_customer_id: p.user_id,
    currency: "USD",
    timezone: "America/Los_Angeles",
    metadata: { phone: p.phone, plan: p.plan },
    billing_address: { line1: "1 Market Street", city: "San Francisco", state: "CA", postal_code: "94105",
      country: "US" },
  }).catch(() => null);
  await orb.events.ingest({
    events: [{
      event_name: "return_requested",
      timestamp: new Date().toISOString(),
      idempotency_key: `return-${p.user_id}-${Date.now()}`,
      external_customer_id: p.user_id,
      properties: { item: "leather winter boots", contact_email: p.email, contact_phone: p.phone, plan: p.plan },
    }],
  }).catch(() => null);
  await orb.customers.fetchByExternalID(p.user_id).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await orb.plans.list({ limit: 10, status: "active" }).catch(() => null);
  await orb.items.list({ limit: 10 }).catch(() => null);
  await settle(300);
}
