// mailgun.js — Mailgun's official JavaScript SDK (Mailgun, by Sinch: transactional e-mail, mailing lists and address
// validation; a shop sends its order and return e-mails and keeps its newsletter list through it): new
// Mailgun(FormData).client({ username: "api", key }) sends every call by XHR (axios) to api.mailgun.net with the key in
// Basic auth; validate.get(address) is a GET of /v4/address/validate with the address in the query string,
// lists.members.createMember(list, { address, name, vars, subscribed }) a multipart POST of /v3/lists/<list>/members,
// messages.create(domain, { from, to, subject, text, ... }) a multipart POST of /v3/<domain>/messages, lists.get(list) a
// GET of /v3/lists/<list>. README (const mailgun = new Mailgun(FormData); const mg = mailgun.client({ username: "api",
// key: process.env.MAILGUN_API_KEY }); mg.messages.create("sandbox-123.mailgun.org", { from: "Excited User
// <mailgun@sandbox-123.mailgun.org>", to: ["test@example.com"], subject: "Hello", text: "Testing some Mailgun
// awesomeness!" })). The identify page validates the signed-in customer's e-mail, adds them to the shop's newsletter
// list (their e-mail, name, and their id, phone and plan as the member's variables) and sends them the return label
// e-mail (to their name and address, the text naming them with their phone, their id as a message variable); the page
// view page reads the newsletter list's details and sends the shop's staff a stock alert for the boots.
import Mailgun from "mailgun.js";

const mg = new Mailgun(FormData).client({ username: "api", key: "key-3f9a2c7e1b5d4a8f6c0e2b9d7a1c4e6f" });
const DOMAIN = "mg.exampleshop.com";
const NEWSLETTER = "newsletter@mg.exampleshop.com";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await mg.validate.get(p.email).catch(() => null);
  await mg.lists.members.createMember(NEWSLETTER, {
    address: p.email,
    name: p.name,
    vars: JSON.stringify({ customer_id: p.user_id, phone: p.phone, plan: p.plan }),
    subscribed: "yes",
    upsert: "yes",
  }).catch(() => null);
  await mg.messages.create(DOMAIN, {
    from: "Example Shop <returns@mg.exampleshop.com>",
    to: [`${p.name} <${p.email}>`],
    subject: "Your return label for the leather winter boots",
    text: `Hello ${p.name}, your return for the leather winter boots is registered. We will text ${p.phone} when the `
      + "courier is on its way.",
    "o:tag": ["returns"],
    "v:customer-id": p.user_id,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await mg.lists.get(NEWSLETTER).catch(() => null);
  await mg.messages.create(DOMAIN, {
    from: "Example Shop <stock@mg.exampleshop.com>",
    to: ["warehouse@mg.exampleshop.com"],
    subject: "Stock alert: leather winter boots",
    text: "Size 42 of the leather winter boots is down to 3 pairs in the main warehouse.",
    "o:tag": ["stock"],
  }).catch(() => null);
  await settle(300);
}
