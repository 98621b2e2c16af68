// @polar-sh/sdk — Polar's official TypeScript SDK for its API (Polar, polar.sh: a billing platform and merchant of
// record for digital products, subscriptions and usage; not Polar Analytics; a shop sells its pro membership through
// Polar and meters its customers' usage there): createPolar({ accessToken }) from the dated entry point
// (`@polar-sh/sdk/2026-10`) sends every call by fetch to api.polar.sh with the token as a bearer token and a
// Polar-Version header; customers.create({ email, name, external_id, metadata, billing_address }) is one JSON POST of
// /v1/customers/ (the customer whole), events.ingest({ events }) a JSON POST of /v1/events/ingest (their metadata
// whole), products.list() and meters.list() GETs. README (import { createPolar } from "@polar-sh/sdk/2026-10"; const
// polar = createPolar({ accessToken: "polar_oat_xxx" }); const customerState = await
// polar.customers.getStateExternal("customer_external_id")). The identify page creates the signed-in customer (e-mail,
// name, their id as the external id, phone and plan as metadata, their billing address) and ingests their return
// request as a usage event; the page view page lists the products and meters.
import { createPolar } from "@polar-sh/sdk/2026-10";

const polar = createPolar({ accessToken: "polar_oat_Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAeU2iO7tQ4w", timeout: 10 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await polar.customers.create({
    email: p.email,
    name: p.name,
    external_id: p.user_id,
    metadata: { phone: p.phone, plan: p.plan },
    billing_address: { line1: "1 Market Street", city: "San Francisco", state: "US-CA", postal_code: "94105",
      country: "US" },
  }).catch(() => null);
  await polar.events.ingest({
    events: [{
      name: "return_request",
      external_customer_id: p.user_id,
      metadata: { item: "leather winter boots", reason: "too small", contact_phone: p.phone },
    }],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await polar.products.list({ is_archived: false, limit: 10 }).catch(() => null);
  await polar.meters.list({ limit: 10 }).catch(() => null);
  await settle(300);
}
