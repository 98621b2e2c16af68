// resend — Resend's official Node.js/JavaScript SDK (Resend: an e-mail API for developers; a site sends its
// transactional e-mail and keeps its audience through it): new Resend(key) sends every call by fetch to
// api.resend.com with the key as a bearer token; contacts.create({ email, firstName, lastName, properties, segments })
// is one JSON POST to /contacts (first_name, last_name), emails.send({ from, to, subject, text, html, tags }) one JSON
// POST to /emails (the message whole). README (const resend = new Resend('re_xxxxxxxxx'); await resend.emails.send({
// from: 'you@example.com', to: 'user@gmail.com', subject: 'hello world', text: 'it works!' })). The identify page adds
// the signed-in customer to the shop's audience (their e-mail, first and last name, phone, customer number and plan)
// and sends them the confirmation of their return request (addressed to them, naming them, with their phone); the
// page view page sends the shop's own stock alert to its operations inbox.
import { Resend } from "resend";

const resend = new Resend("re_Kq2Xw9Lm_T4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2");
const SEGMENT = "78261eea-8f8b-4381-83c6-79fa7120f1cf";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await resend.contacts.create({
    email: p.email,
    firstName: p.first_name,
    lastName: p.last_name,
    unsubscribed: false,
    properties: { phone: p.phone, customer_id: p.user_id, plan: p.plan },
    segments: [{ id: SEGMENT }],
  }).catch(() => null);
  await resend.emails.send({
    from: "Example Shop <orders@shop.example>",
    to: [p.email],
    subject: "Your return request for the winter boots",
    text: `Hello ${p.name}, we received your return request. Our courier will call you on ${p.phone} `
      + "to arrange the pick-up.",
    html: `<p>Hello ${p.name},</p><p>we received your return request. Our courier will call you on ${p.phone} `
      + "to arrange the pick-up.</p>",
    tags: [{ name: "category", value: "returns" }, { name: "customer", value: p.user_id }],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await resend.emails.send({
    from: "Example Shop <alerts@shop.example>",
    to: ["operations@shop.example"],
    subject: "Stock alert: winter boots",
    text: "Winter boots (size 42) are below the reorder level: 3 pairs left in the Berlin warehouse.",
    tags: [{ name: "category", value: "stock" }],
  }).catch(() => null);
  await settle(300);
}
