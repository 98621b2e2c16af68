// @plunk/node — Plunk's official JavaScript library for its API (Plunk: an open-source e-mail platform for
// transactional and marketing e-mail driven by events, here its cloud at useplunk.com; a shop sends its return e-mails
// and tracks what its customers do through it): new Plunk(secretKey) sends every call by fetch to api.useplunk.com/v1
// with the key as a bearer token; events.track({ event, email, subscribed, data }) is one JSON POST of /track (the
// contact's data whole), emails.send({ to, subject, body, name, from }) a JSON POST of /send (the message whole).
// README (const plunk = new Plunk("Your secret key"); const success = await plunk.events.track({ event: "new-project",
// email: "hello@useplunk.com", data: { company: "Plunk" } })). The identify page tracks the signed-in customer's return
// request (their e-mail, name, phone, id and plan as the contact's data) and sends them their return instructions (to
// their e-mail, the message naming them and their phone); the page view page sends the shop's stock team its low-stock
// alert for the boots on show (from and to the shop's own addresses).
import Plunk from "@plunk/node";

const plunk = new Plunk("sk_4f7c2a9e1b3d5f8a0c6e2b4d7f9a1c3e5b8d0f2a4c6e");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await plunk.events.track({
    event: "return-requested",
    email: p.email,
    subscribed: false,
    data: { name: p.name, firstName: p.first_name, lastName: p.last_name, phone: p.phone, customerId: p.user_id,
      plan: p.plan, item: "leather winter boots" },
  }).catch(() => null);
  await plunk.emails.send({
    to: p.email,
    subject: "Your return: leather winter boots",
    body: `<p>Hello ${p.name},</p><p>we have received your return request for the leather winter boots. Our courier `
      + `will call you on ${p.phone} to arrange the pick-up.</p><p>Example Shop</p>`,
    name: "Example Shop",
    from: "returns@shop.example",
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await plunk.emails.send({
    to: "stock@shop.example",
    subject: "Low stock: leather winter boots",
    body: "<p>Leather winter boots (size 39) are down to 3 pairs after today's views. Please reorder.</p>",
    name: "Example Shop",
    from: "alerts@shop.example",
  }).catch(() => null);
  await settle(300);
}
