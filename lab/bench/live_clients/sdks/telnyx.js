// telnyx — Telnyx's official Node/TypeScript SDK for its REST API (Telnyx: programmable SMS, voice and number lookup;
// a shop texts its customers about their orders and returns and checks their numbers): new Telnyx({ apiKey }) sends
// every call by fetch to api.telnyx.com/v2 with the key as a bearer token (a Stainless client: x-stainless-* headers);
// numberLookup.retrieve(phone, { type }) is a GET of /number_lookup/<number>, messages.send({ from, to, text,
// messaging_profile_id }) a JSON POST of /messages, balance.retrieve() a GET of /balance, messagingProfiles.list() a
// GET of /messaging_profiles. README (const client = new Telnyx({ apiKey: process.env['TELNYX_API_KEY'] }); const
// response = await client.messages.send({ to: '+18445550001' })). The identify page looks up the signed-in customer's
// phone number (carrier) and texts them that their return is registered (naming them, with their e-mail and customer
// number); the page view page reads the account's balance and its messaging profiles.
import Telnyx from "telnyx";

const telnyx = new Telnyx({ apiKey: "KEY0192D7E3B1A94C6F8E2D5B7A9C3E1F40_Xq7mZp2Lr9TbV4nW8sKd1F", maxRetries: 0 });
const SHOP_NUMBER = "+18445550123";
const PROFILE = "40019a7e-5c3b-4f6d-9e2a-8b1c7d4f0e52";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const to = p.phone.replace(/[^+\d]/g, "");
  await telnyx.numberLookup.retrieve(to, { type: "carrier" }).catch(() => null);
  await telnyx.messages.send({
    from: SHOP_NUMBER,
    to,
    messaging_profile_id: PROFILE,
    text: `Hi ${p.name}, your return for the leather winter boots is registered (customer ${p.user_id}, `
      + `${p.plan} plan). The label is on its way to ${p.email}.`,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await telnyx.balance.retrieve().catch(() => null);
  await telnyx.messagingProfiles.list().catch(() => null);
  await settle(300);
}
