// agentmail — AgentMail's official TypeScript SDK, agentmail (AgentMail: e-mail inboxes for AI agents; a shop's
// returns agent writes to its customers from its own inbox): new AgentMailClient({ apiKey }) sends every call by fetch
// to api.agentmail.to/v0 with the key as a bearer token (a Fern client); inboxes.messages.send(inboxId, { to, subject,
// text, html, labels }) is one JSON POST of /v0/inboxes/<inbox>/messages/send (the message whole), inboxes.get() and
// inboxes.list() GETs of /v0/inboxes/<inbox> and /v0/inboxes. Its payment wrappers import `@x402/fetch` dynamically,
// only when the client is built with `x402` (the pages never are; left out of the bundle). README (const client = new
// AgentMailClient({ apiKey: "YOUR_API_KEY" }); await client.inboxes.messages.send("inbox_id", { to: [...], subject:
// "...", text: "..." })). The identify page's agent e-mails the signed-in customer their return label (to their name
// and address; their phone and id in the text, the id as a label); the page view page reads the inbox and lists the
// inboxes.
import { AgentMailClient } from "agentmail";

const agentmail = new AgentMailClient({ apiKey: "am_us_7Kq2Xv9Lm4Tr8Wz1Np6Hs3Dc5Bj0Ga2Fy", maxRetries: 0,
  timeoutInSeconds: 10 });
const INBOX = "returns@shop-example.agentmail.to";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await agentmail.inboxes.messages.send(INBOX, {
    to: [`${p.name} <${p.email}>`],
    subject: "Your return label for order ORD-20418",
    text: `Hi ${p.first_name},\n\nyour return of the leather winter boots is approved. We will text ${p.phone} when `
      + `the refund is issued.\n\nCustomer: ${p.user_id}\nExample Shop returns`,
    html: `<p>Hi ${p.first_name},</p><p>your return of the leather winter boots is approved. We will text ${p.phone} `
      + `when the refund is issued.</p><p>Customer: ${p.user_id}<br>Example Shop returns</p>`,
    labels: ["returns", `customer-${p.user_id}`],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await agentmail.inboxes.get(INBOX).catch(() => null);
  await agentmail.inboxes.list({ limit: 5 }).catch(() => null);
  await settle(300);
}
