// lithic — Lithic's official TypeScript library for its API (Lithic: card issuing; a shop refunds its customers'
// returns onto a virtual store-credit card it issues through Lithic): new Lithic({ apiKey }) sends every call by fetch
// to api.lithic.com with the key in Authorization (a Stainless client: x-stainless-* headers); accountHolders.create({
// workflow: "KYC_EXEMPT", first_name, last_name, email, phone_number, address, external_id }) is one JSON POST of
// /v1/account_holders (the person whole), cards.create({ type, account_token, memo, spend_limit }) a JSON POST of
// /v1/cards, cardPrograms.list() and balances.list() GETs. The package's card-embed helper imports `createHmac` from
// `crypto`, which the pages never call (an empty module in the bundle). README (const client = new Lithic({ apiKey:
// process.env['LITHIC_API_KEY'], environment: 'sandbox' }); const card = await client.cards.create({ type: 'SINGLE_USE'
// })). The identify page registers the signed-in customer as an account holder (their name, e-mail, phone, address and
// id as the external id) and issues them a store-credit card for their refund (the memo naming them); the page view
// page lists the card programs and balances.
import Lithic from "lithic";

const lithic = new Lithic({ apiKey: "5c1f9e2a-7b4d-4e8a-b3c6-1d0f7a9e2b48", environment: "production", maxRetries: 0 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const holder = await lithic.accountHolders.create({
    workflow: "KYC_EXEMPT",
    kyc_exemption_type: "PREPAID_CARD_USER",
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    phone_number: `+${p.phone.replace(/\D/g, "")}`,
    address: { address1: "1 Market Street", city: "San Francisco", state: "CA", postal_code: "94105", country: "USA" },
    external_id: p.user_id,
  }).catch(() => null);
  await lithic.cards.create({
    type: "VIRTUAL",
    account_token: holder && holder.account_token ? holder.account_token : undefined,
    memo: `Store credit for ${p.name}: returned leather winter boots`,
    spend_limit: 18900,
    spend_limit_duration: "FOREVER",
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await lithic.cardPrograms.list({ page_size: 10 }).catch(() => null);
  await lithic.balances.list().catch(() => null);
  await settle(300);
}
