// @helperai/client — Helper's client (Helper, by Antiwork: open-source AI customer support; the site's own Helper
// instance answers customers with an AI agent and hands over to staff): a session is created first (POST
// /api/widget/session with the customer's e-mail and the e-mail's HMAC, timestamp and hash computed by the site's
// server, or nothing for an anonymous visitor), whose token is then the bearer token of the conversation calls (POST
// /api/chat/conversation, then /api/chat/conversation/<slug>/message with the customer's message), all JSON, to the
// Helper host (here the shop's own instance, helper.shop.example).
// The package's typings (dist/index.d.ts, dist/auth.d.ts): new HelperClient({ host, email,
// emailHash, timestamp }) (SessionParams; generateHelperAuth({ email, hmacSecret }) from "@helperai/client/auth" makes
// the hash on the server), client.conversations.create({ subject, message: { content } }), client.messages.create(
// slug, { content }), client.conversations.list() / unread().
import { HelperClient } from "@helperai/client";

const HOST = "https://helper.shop.example";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  // The e-mail's hash and timestamp come from the shop's server (generateHelperAuth there, with its HMAC secret).
  const client = new HelperClient({
    host: HOST, email: p.email, timestamp: 1796121600000,
    emailHash: "5f0c2a9e71d84b3c6e2f1a0d9b8c7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d",
  });
  await client.conversations.create({
    subject: "Order not arrived",
    message: { content: `Hi, this is ${p.name} (${p.email}). My boots order has not arrived yet, `
                        + `could someone call me on ${p.phone}? My customer id is ${p.user_id}.` },
  }).catch(() => null);
  await settle(500);
}

export async function pageview() {
  // An anonymous visitor: a session without an e-mail.
  const client = new HelperClient({ host: HOST });
  await client.conversations.create({
    message: { content: "Do the winter boots run true to size, or should I order half a size up?" },
  }).catch(() => null);
  await settle(500);
}
