// shippo — Shippo's official TypeScript SDK for its REST API (Shippo: multi-carrier shipping; a shop stores its
// customers' shipping addresses, sends its orders there and buys return labels): new Shippo({ apiKeyHeader,
// shippoApiVersion }) sends every call by fetch to api.goshippo.com with the token in Authorization (a Speakeasy
// client; no User-Agent in a browser); addresses.create({ name, street1, city, state, zip, country, phone, email,
// metadata, validate }) is one JSON POST of /addresses, orders.create({ toAddress, lineItems, placedAt, ... }) a JSON
// POST of /orders (the address whole), carrierAccounts.list() and carrierParcelTemplates.list() GETs. README (const
// shippo = new Shippo({ apiKeyHeader: "<YOUR_API_KEY_HERE>", shippoApiVersion: "2018-02-08" })). The identify page
// saves the signed-in customer's shipping address (name, e-mail, phone, their id and plan as metadata; validated) and
// records their return as an order to that address; the page view page lists the shop's carrier accounts and the
// carriers' parcel templates.
import { Shippo } from "shippo";

const shippo = new Shippo({
  apiKeyHeader: "ShippoToken shippo_live_7c1e4f2a9b3d5e8f0a6c2d4b8e1f3a5c7d9e0b2f",
  shippoApiVersion: "2018-02-08",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const address = {
    name: p.name,
    street1: "1 Market Street",
    city: "San Francisco",
    state: "CA",
    zip: "94105",
    country: "US",
    phone: p.phone,
    email: p.email,
    isResidential: true,
    metadata: `Customer ${p.user_id} (${p.plan} plan)`,
  };
  await shippo.addresses.create({ ...address, validate: true }).catch(() => null);
  await shippo.orders.create({
    toAddress: address,
    placedAt: new Date().toISOString(),
    orderNumber: `RET-${p.user_id}`,
    orderStatus: "PAID",
    currency: "USD",
    notes: `Return of the leather winter boots for ${p.name} (${p.email})`,
    lineItems: [{ title: "Leather winter boots", sku: "BOOT-LTH-42", quantity: 1, totalPrice: "189.00",
      currency: "USD" }],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await shippo.carrierAccounts.list({ results: 10 }).catch(() => null);
  await shippo.carrierParcelTemplates.list().catch(() => null);
  await settle(300);
}
