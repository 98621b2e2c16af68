// @getbrevo/brevo — Brevo's official Node.js/TypeScript SDK (Brevo, formerly Sendinblue: marketing contacts, events and
// transactional e-mail; a shop keeps its customers as Brevo contacts, triggers its automations with their events and
// sends its order e-mails through it): new BrevoClient({ apiKey }) sends every call by fetch to api.brevo.com/v3 with
// the key in `api-key` (Fern's X-Fern-* headers); contacts.createContact({ email, ext_id, attributes, listIds,
// updateEnabled }) is one JSON POST of /contacts, event.createEvent({ event_name, identifiers, contact_properties,
// event_properties }) a JSON POST of /events, transactionalEmails.sendTransacEmail({ sender, to, subject, textContent,
// params }) a JSON POST of /smtp/email, contacts.getLists() and contacts.getSegments() GETs. README (const brevo = new
// BrevoClient({ apiKey: 'your-api-key' }); await brevo.transactionalEmails.sendTransacEmail({ subject: "Hello",
// textContent: "Hello world!", sender: { name: "Sender", email: "sender@example.com" }, to: [{ email:
// "recipient@example.com" }] })). The identify page saves the signed-in customer as a contact of the newsletter list
// (e-mail, their id as ext_id, first and last name, phone as SMS, plan), records their return request as an event and
// sends them the return-label e-mail (to their name and address, the text naming them with their phone and customer
// number); the page view page reads the shop's contact lists and segments.
import { BrevoClient } from "@getbrevo/brevo";

const brevo = new BrevoClient({
  apiKey: "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",
  maxRetries: 0,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  const last = rest.join(" ");
  const sms = p.phone.replace(/[^+\d]/g, "");
  await brevo.contacts.createContact({
    email: p.email,
    ext_id: p.user_id,
    attributes: { FIRSTNAME: first, LASTNAME: last, SMS: sms, PLAN: p.plan },
    listIds: [7],
    updateEnabled: true,
  }).catch(() => null);
  await brevo.event.createEvent({
    event_name: "return_requested",
    identifiers: { email_id: p.email, ext_id: p.user_id },
    contact_properties: { FIRSTNAME: first, LASTNAME: last, SMS: sms },
    event_properties: { product: "leather-winter-boots", reason: "too small", plan: p.plan },
  }).catch(() => null);
  await brevo.transactionalEmails.sendTransacEmail({
    sender: { name: "Example Shop", email: "returns@exampleshop.com" },
    to: [{ email: p.email, name: p.name }],
    subject: "Your return label for the leather winter boots",
    textContent: `Hello ${p.name}, your return for the leather winter boots is registered under customer number `
      + `${p.user_id}. We will text ${p.phone} when the courier is on its way.`,
    tags: ["returns"],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await brevo.contacts.getLists({ limit: 10, offset: 0 }).catch(() => null);
  await brevo.contacts.getSegments({ limit: 10, offset: 0 }).catch(() => null);
  await settle(300);
}
