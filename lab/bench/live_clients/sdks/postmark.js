// postmark — Postmark's official Node.js library for its API (Postmark, by ActiveCampaign: transactional e-mail; a
// shop e-mails its customers their return instructions): new ServerClient(serverToken) sends every call by fetch to
// api.postmarkapp.com with the server token in X-Postmark-Server-Token (version 5 uses the runtime's fetch, no axios;
// its User-Agent is the browser's own in Chromium); sendEmail({ From, To, Subject, TextBody, Tag, Metadata,
// MessageStream }) is one JSON POST of /email (the message whole), getOutboundMessages({ recipient }) a GET of
// /messages/outbound with the filter in the query string, getServer() and getMessageStreams() GETs. README (const
// client = new postmark.ServerClient("xxxx-xxxxx-xxxx-xxxxx-xxxxxx"); client.sendEmail({ "From": "sender@example.com",
// "To": "receiver@example.com", "Subject": "Test", "TextBody": "Hello from Postmark!" })). The identify page sends the
// signed-in customer their return instructions (to their name and e-mail, the message naming their phone, their id and
// plan as metadata) and looks up the messages sent to their address; the page view page reads the server's settings
// and its message streams.
import { ServerClient } from "postmark";

const postmark = new ServerClient("7c1e4f2a-9b3d-4e8f-a6c2-d4b8e1f3a5c7");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await postmark.sendEmail({
    From: "Example Shop <returns@shop.example>",
    To: `${p.name} <${p.email}>`,
    Subject: "Your return: leather winter boots",
    TextBody: `Hello ${p.name},\n\nwe have received your return request for the leather winter boots. Our courier ` +
      `will call you on ${p.phone} to arrange the pick-up.\n\nExample Shop`,
    Tag: "returns",
    Metadata: { customer_id: p.user_id, plan: p.plan },
    MessageStream: "outbound",
    TrackOpens: false,
  }).catch(() => null);
  await postmark.getOutboundMessages({ recipient: p.email, count: 10, offset: 0 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await postmark.getServer().catch(() => null);
  await postmark.getMessageStreams({ MessageStreamType: "Transactional" }).catch(() => null);
  await settle(300);
}
