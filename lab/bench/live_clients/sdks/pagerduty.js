// @pagerduty/pdjs — PagerDuty's official JavaScript client for its Events and REST APIs (PagerDuty: incident management
// and on-call alerting; a shop's checkout pages its payments team when a customer's payment keeps failing): event({
// data }) sends one JSON POST by fetch (cross-fetch, the browser's own) to events.pagerduty.com/v2/enqueue (the event
// whole: its routing key, summary and custom details); api({ token }) returns a REST client whose get(endpoint, { data
// }) is a GET of api.pagerduty.com/<endpoint> with the data in the query string and the token in Authorization (`Token
// token=...`). README (event({ data: { routing_key: 'YOUR_ROUTING_KEY', event_action: 'trigger', dedup_key:
// 'test_incident_2_88f520', payload: { summary: 'Test Event V2', source: 'test-source', severity: 'error' } } }); const
// pd = api({token: 'someToken1234567890'}); pd.get('/incidents')). The identify page triggers an alert for the
// signed-in customer's failed checkout (the summary naming them with their e-mail, their name, e-mail, phone, id and
// plan as custom details, their id in the dedup key) and looks up the incident it opened by that key; the page view
// page lists the services and priorities.
import { api, event } from "@pagerduty/pdjs";

const ROUTING_KEY = "R02B4K7X9M2Q5V8T1L6N3P0W4Z7C1F5H";
const pd = api({ token: "u+Kq2mXv9LbT4sR8nW1c" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const dedupKey = `checkout-failed-${p.user_id}`;
  await event({
    data: {
      routing_key: ROUTING_KEY,
      event_action: "trigger",
      dedup_key: dedupKey,
      client: "Example Shop",
      client_url: "https://shop.example/admin/payments",
      payload: {
        summary: `Checkout failed three times for ${p.name} (${p.email}): card declined`,
        source: "shop.example/checkout",
        severity: "warning",
        component: "checkout",
        group: "payments",
        class: "payment_declined",
        custom_details: { customer_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan,
          cart_total: "189.00 USD" },
      },
    },
  }).catch(() => null);
  await pd.get("/incidents", { data: { incident_key: dedupKey, "statuses[]": ["triggered", "acknowledged"] } })
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  await pd.get("/services", { data: { limit: "10" } }).catch(() => null);
  await pd.get("/priorities").catch(() => null);
  await settle(300);
}
