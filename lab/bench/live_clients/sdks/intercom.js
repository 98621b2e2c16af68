// intercom-client — Intercom's official TypeScript SDK for its REST API (Intercom: customer messaging and support; a
// shop keeps its customers as Intercom contacts and opens their support conversations from its own pages): new
// IntercomClient({ token }) sends every call by fetch to api.intercom.io with the token as a bearer token and the API
// version in Intercom-Version (Fern's X-Fern-* headers); contacts.create({ role, external_id, email, phone, name,
// custom_attributes }) is one JSON POST of /contacts, events.create({ event_name, created_at, user_id, metadata }) a
// JSON POST of /events, conversations.create({ from, body }) a JSON POST of /conversations, articles.search({ phrase,
// state }) a GET of /articles/search with the phrase in the query string. README (const client = new IntercomClient({
// token: "YOUR_TOKEN" }); await client.contacts.create({ email: "jdoe@example.com", name: "John Doe" })). The
// identify page creates the signed-in customer as a contact (their id as external_id, e-mail, phone, name, plan),
// records their return request as an event and opens a conversation whose message names them with their e-mail and
// phone; the page view page searches the help center for the boots' sizing and delivery articles.
import { IntercomClient } from "intercom-client";

const intercom = new IntercomClient({ token: "dG9rOjdjMWU0ZjJhXzkzYjhfNGQ1ZV9hNmYwXzJiOGQ5YzNlMWY0NzoxOjA=",
  maxRetries: 0 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const contact = await intercom.contacts.create({
    role: "user",
    external_id: p.user_id,
    email: p.email,
    phone: p.phone,
    name: p.name,
    custom_attributes: { plan: p.plan },
  }).catch(() => null);
  await intercom.events.create({
    event_name: "return-requested",
    created_at: Math.floor(Date.now() / 1000),
    user_id: p.user_id,
    metadata: { product: "leather-winter-boots", reason: "too small", plan: p.plan },
  }).catch(() => null);
  await intercom.conversations.create({
    from: { type: "user", id: contact && contact.id ? contact.id : "6752b3f1c9e84a0012d4f7a3" },
    body: `Hello, this is ${p.name}. The boots are too small; please send a return label to ${p.email} `
      + `or call ${p.phone}.`,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await intercom.articles.search({ phrase: "winter boots sizing", state: "published" }).catch(() => null);
  await intercom.articles.search({ phrase: "delivery times", state: "published" }).catch(() => null);
  await settle(300);
}
