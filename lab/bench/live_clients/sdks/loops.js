// loops — Loops's official SDK (Loops: e-mail for SaaS, marketing and transactional; a site adds its sign-ups to the
// audience and sends the events that trigger its e-mails): new LoopsClient(apiKey) sends every call by fetch to
// app.loops.so/api with the key as a bearer token; createContact({ email, properties, mailingLists }) is one JSON POST
// to /api/v1/contacts/create (the properties flattened beside the e-mail), sendEvent({ email, userId, eventName,
// eventProperties }) one JSON POST to /api/v1/events/send, listMailingLists() a GET of /api/v1/lists. README (const
// loops = new LoopsClient(process.env.LOOPS_API_KEY); await loops.createContact({ email, properties: { firstName },
// mailingLists })). The identify page adds the signed-in customer to the audience (their e-mail, first and last name,
// phone, customer number and plan, subscribed to the newsletter list) and sends the event of their return request
// (a note naming them with their phone); the page view page lists the mailing lists the sign-up form offers.
import { LoopsClient } from "loops";

const loops = new LoopsClient("d41e7c9a2b8f05e3c6a19d74f2b8e051");
const NEWSLETTER = "cm4q9xk2l00041amz7t3v8b2p";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await loops.createContact({
    email: p.email,
    properties: { firstName: p.first_name, lastName: p.last_name, userId: p.user_id, phone: p.phone, plan: p.plan,
      source: "Checkout sign-up" },
    mailingLists: { [NEWSLETTER]: true },
  }).catch(() => null);
  await loops.sendEvent({
    email: p.email,
    userId: p.user_id,
    eventName: "returnRequested",
    eventProperties: { orderNumber: "A-20417", note: `${p.name} wants to return the winter boots; call ${p.phone}.` },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await loops.listMailingLists().catch(() => null);
  await settle(300);
}
