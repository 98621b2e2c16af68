// lago-javascript-client — Lago's official JavaScript client for its REST API (Lago: open-source usage-based billing
// and invoicing, here Lago Cloud; a shop bills its pro members and records what they use): Client(apiKey) sends every
// call by fetch to api.getlago.com/api/v1 with the key as a bearer token (a generated client; no retries unless
// `rateLimitRetry` is given); customers.createCustomer({ customer }) is one JSON POST of /customers (the customer
// whole, metadata as key/value pairs), events.createEvent({ event }) a JSON POST of /events (its properties whole),
// customers.findCustomer(externalId) a GET of /customers/<external id>, plans.findAllPlans() and
// billableMetrics.findAllBillableMetrics() GETs. README (const lagoClient = Client('__YOUR_API_KEY__'); await
// lagoClient.events.createEvent({ event: { transaction_id: '__UNIQUE_TRANSACTION_ID__', external_subscription_id:
// '__SUBSCRIPTION_ID__', code: '__BILLABLE_METRIC_CODE__', properties: { ... } } })). The identify page creates the
// signed-in customer (name, first and last name, e-mail, phone, their id as the external id, their address, the plan as
// metadata), records their return request as a usage event on their subscription and reads them back by their id; the
// page view page lists the plans and billable metrics.
import { Client } from "lago-javascript-client";

const lago = Client("5b1e7c2a-9f3d-4e8a-b6c2-d4f8e1a3c5b7");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  await lago.customers.createCustomer({
    customer: {
      external_id: p.user_id,
      name: p.name,
      firstname: first,
      lastname: rest.join(" "),
      email: p.email,
      phone: p.phone,
      currency: "USD",
      timezone: "America/Los_Angeles",
      address_line1: "1 Market Street",
      city: "San Francisco",
      state: "CA",
      zipcode: "94105",
      country: "US",
      metadata: [{ key: "plan", value: p.plan, display_in_invoice: false }],
    },
  }).catch(() => null);
  await lago.events.createEvent({
    event: {
      transaction_id: `return-${p.user_id}-${Date.now()}`,
      external_subscription_id: `sub-${p.user_id}-${p.plan}`,
      code: "return_requests",
      timestamp: Math.floor(Date.now() / 1000),
      properties: { item: "leather winter boots", reason: "too small", contact_email: p.email },
    },
  }).catch(() => null);
  await lago.customers.findCustomer(p.user_id).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await lago.plans.findAllPlans({ page: 1, per_page: 10 }).catch(() => null);
  await lago.billableMetrics.findAllBillableMetrics({ page: 1, per_page: 10 }).catch(() => null);
  await settle(300);
}
