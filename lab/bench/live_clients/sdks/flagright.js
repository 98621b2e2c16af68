// flagright — Flagright's official Node SDK, flagright (Flagright: transaction monitoring and AML screening; a shop
// registers its customers and has each payment checked before it ships): new FlagrightClient({ apiKey }) sends every
// call by fetch to the API (its default environment, sandbox.api.flagright.com) with the key in x-api-key and
// X-Fern-* headers (a Fern client); consumerUsers.create({ body }) is one JSON POST of /consumer/users (the user whole:
// name, date of birth, contact details, tags), transactions.verify({ body }) a JSON POST of /transactions (the
// transaction whole), transactions.get(id) a GET of /transactions/<id>. README (const client = new FlagrightClient({
// apiKey: "YOUR_API_KEY" }); await client.transactions.verify({ type: "DEPOSIT", transactionId: "...", timestamp:
// 1641654664000, originUserId: "...", ... })). The identify page registers the signed-in customer (their id, name,
// e-mail and phone) and has their order's card payment checked; the page view page has a guest's basket pre-checked
// (no user) and reads that check back.
import { FlagrightClient } from "flagright";

const flagright = new FlagrightClient({ apiKey: "fr_live_5Kq8Zt2Lm9Xv3Wc7Rb1Nh6Dp4Gs0Fy" });
const OPTIONS = { maxRetries: 0, timeoutInSeconds: 10 };

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await flagright.consumerUsers.create({
    body: {
      userId: p.user_id,
      createdTimestamp: Date.now(),
      userDetails: { name: { firstName: p.first_name, lastName: p.last_name }, countryOfResidence: "US" },
      contactDetails: { emailIds: [p.email], contactNumbers: [p.phone] },
      tags: [{ key: "plan", value: p.plan }],
    },
  }, OPTIONS).catch(() => null);
  await flagright.transactions.verify({
    body: {
      type: "DEPOSIT",
      transactionId: `ORD-20418-${Date.now()}`,
      timestamp: Date.now(),
      originUserId: p.user_id,
      originAmountDetails: { transactionAmount: 189, transactionCurrency: "USD", country: "US" },
      originPaymentDetails: { method: "CARD", cardFingerprint: "20ac00fed8ef913aefb17cfae1097cce",
        cardIssuedCountry: "US", nameOnCard: { firstName: p.first_name, lastName: p.last_name } },
      reference: "Leather winter boots",
    },
  }, OPTIONS).catch(() => null);
  await settle(300);
}

export async function pageview() {
  const id = `BASKET-${Date.now()}`;
  await flagright.transactions.verify({
    body: {
      type: "DEPOSIT",
      transactionId: id,
      timestamp: Date.now(),
      originAmountDetails: { transactionAmount: 79, transactionCurrency: "USD", country: "US" },
      originPaymentDetails: { method: "CARD", cardFingerprint: "9b1e4c7a2d5f8e0b3a6c9d2f5e8b1a4c",
        cardIssuedCountry: "US" },
      reference: "Rubber rain boots",
    },
  }, OPTIONS).catch(() => null);
  await flagright.transactions.get(id, OPTIONS).catch(() => null);
  await settle(300);
}
