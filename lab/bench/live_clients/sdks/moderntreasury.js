// modern-treasury — Modern Treasury's official TypeScript library for its API (Modern Treasury: payment operations
// software that moves and reconciles money between a business's bank accounts and its counterparties'; a shop pays its
// customers' refunds through it): new ModernTreasury({ organizationID, apiKey }) sends every call by fetch to
// app.moderntreasury.com/api with the organization and key in Basic auth (a Stainless client: x-stainless-* headers, an
// Idempotency-Key on each POST); counterparties.create({ name, email, metadata, accounts }) is one JSON POST of
// /api/counterparties (the counterparty and its bank account with their contact details whole), counterparties.list({
// email }) a GET with the e-mail in the query string, internalAccounts.list() and ledgers.list() GETs. README (const
// client = new ModernTreasury({ organizationID: process.env['MODERN_TREASURY_ORGANIZATION_ID'], apiKey:
// process.env['MODERN_TREASURY_API_KEY'] }); const counterparty = await client.counterparties.create({ name: 'my first
// counterparty' })). The identify page creates the signed-in customer as a counterparty for their refund (name, e-mail,
// their id and plan as metadata, their bank account with their e-mail and phone as contact details) and looks them up
// by e-mail; the page view page lists the shop's internal accounts and ledgers.
import ModernTreasury from "modern-treasury";

const client = new ModernTreasury({
  organizationID: "3f1c9d2e-7a4b-4c8e-9f2a-6b1d5e8c0a47",
  apiKey: "live-Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAeU2iO7tQ4wMx7Ct1",
  maxRetries: 0,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.counterparties.create({
    name: p.name,
    email: p.email,
    send_remittance_advice: true,
    metadata: { customer_id: p.user_id, plan: p.plan },
    accounts: [{
      party_name: p.name,
      party_type: "individual",
      account_type: "checking",
      contact_details: [
        { contact_identifier: p.email, contact_identifier_type: "email" },
        { contact_identifier: p.phone, contact_identifier_type: "phone_number" },
      ],
      account_details: [{ account_number: "000123456789", account_number_type: "other" }],
      routing_details: [{ routing_number: "121000248", routing_number_type: "aba" }],
    }],
  }).catch(() => null);
  await client.counterparties.list({ email: p.email, per_page: 1 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.internalAccounts.list({ per_page: 10 }).catch(() => null);
  await client.ledgers.list({ per_page: 10 }).catch(() => null);
  await settle(300);
}
