// zendesk — node-zendesk, the long-maintained community client of the Zendesk API "for Node.js and the browser"
// (Zendesk: customer support tickets and help center; a shop opens a ticket for its customers' returns): createClient({
// username, token, subdomain }) sends every call by fetch (cross-fetch resolves to the page's fetch in a browser) to
// <subdomain>.zendesk.com/api/v2 with the agent's API token in Basic auth ("<e-mail>/token:<token>");
// users.createOrUpdate({ user }) is one JSON POST of /api/v2/users/create_or_update.json (the user whole),
// tickets.create({ ticket }) a JSON POST of /api/v2/tickets.json (the ticket whole), ticketfields.list() and
// helpcenter.categories.list() GETs of /api/v2/ticket_fields.json and /api/v2/help_center/categories.json. README (var
// client = zendesk.createClient({ username: 'username', token: 'token', subdomain: 'subdomain' });
// client.users.list().then(...)). The identify page creates or updates the signed-in customer as an end user (their
// name, e-mail, phone and id as the external id) and opens a return ticket for them as the requester; the page view
// page lists the ticket fields and the help center's categories.
import { createClient } from "node-zendesk";

const zendesk = createClient({
  username: "support@shop.example",
  token: "Xq7Lm2Kv9Tr4Wz8Np3Hs6Dc1Bj5Ga0FyQe2Uo8R",
  subdomain: "exampleshop",
  userAgent: "ExampleShop-Storefront/1.0",
  throwOriginalException: true,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await zendesk.users.createOrUpdate({
    user: {
      name: p.name,
      email: p.email,
      phone: p.phone,
      external_id: p.user_id,
      role: "end-user",
      user_fields: { plan: p.plan },
    },
  }).catch(() => null);
  await zendesk.tickets.create({
    ticket: {
      subject: "Return request for order ORD-20418",
      comment: { body: "The customer asked to return the winter boots (size 39) from order ORD-20418." },
      requester: { name: p.name, email: p.email },
      external_id: `return-${p.user_id}`,
      tags: ["return", "storefront"],
      priority: "normal",
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await zendesk.ticketfields.list().catch(() => null);
  await zendesk.helpcenter.categories.list().catch(() => null);
  await settle(300);
}
