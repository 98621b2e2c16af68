// bento — Bento's official Node SDK, @bentonow/bento-node-sdk (Bento: e-mail marketing automation and product
// analytics; a shop signs its customers up and tracks what they do for its automated e-mails). It has no Node-only
// import: the client sends every call by fetch to app.bentonow.com/api/v1 with the publishable and secret keys in Basic
// auth and the site's uuid in the body or query string; V1.addSubscriber({ email, fields }) and V1.track({ email, type,
// fields, details }) are each one JSON POST of /batch/events (the events whole), Tags.getTags() and
// Fields.getFields() GETs of /fetch/tags and /fetch/fields. README (const bento = new Analytics({ authentication: {
// publishableKey: 'bento-publishable-key', secretKey: 'bento-secret-key' }, siteUuid: 'bento-site-uuid' });
// bento.V1.track({ email: 'user@example.com', type: '$formSubmitted', fields: { first_name: 'John', last_name: 'Doe'
// }, details: { fromCustomEvent: true } })). The identify page subscribes the signed-in customer (their e-mail; their
// name, phone, id and plan as fields) and tracks their return request; the page view page reads the site's tags and
// fields.
import { Analytics } from "@bentonow/bento-node-sdk";

const bento = new Analytics({
  authentication: { publishableKey: "p3f8a1c6e9b2d4f7a0c5e8b1d3f6a9c2", secretKey: "s7d2b9e4f1a6c3e8b5d0f7a2c9e4b1d6" },
  siteUuid: "9e4c1a7f2b8d5e3a6c0f9b2d7e4a1c58",
  clientOptions: { timeout: 10000 },
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await bento.V1.addSubscriber({
    email: p.email,
    fields: {
      first_name: p.first_name,
      last_name: p.last_name,
      name: p.name,
      phone: p.phone,
      customer_id: p.user_id,
      plan: p.plan,
    },
  }).catch(() => null);
  await bento.V1.track({
    email: p.email,
    type: "$returnRequested",
    fields: { customer_id: p.user_id },
    details: { order: "ORD-20418", item: "Leather winter boots", reason: "too small", refund: 189 },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await bento.V1.Tags.getTags().catch(() => null);
  await bento.V1.Fields.getFields().catch(() => null);
  await settle(300);
}
