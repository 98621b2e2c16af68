// airtable — Airtable's JavaScript client: records in a base's tables, created, updated and selected over
// Airtable's REST API (api.airtable.com/v0/<base>/<table>) with a personal access token.
// README ("Browser", "Configuration"): Airtable.configure({ apiKey }), the browser build; it links the API
// reference for record calls, which the typings give as Airtable.base(id)(table).create([{ fields }]) and
// .select({ maxRecords, view, filterByFormula }).firstPage().
import Airtable from "airtable";

const BASE_ID = "appK3v9QmT2xR7pLw";
const TOKEN = "patQ8mZ2vK4xT7nR.5c1e9a3b7d2f4e6a8c0b1d3f5e7a9c2b4d6f8e0a1c3b5d7f9e2a4c6b8d0f1e3a5c7";

function base() {
  Airtable.configure({ apiKey: TOKEN });
  return Airtable.base(BASE_ID);
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  await base()("Customers").create([{
    fields: {
      "Customer ID": p.user_id,
      Name: p.name,
      Email: p.email,
      Phone: p.phone,
      Plan: p.plan,
      Notes: `Signed up from the account page (${p.first_name}).`,
    },
  }], { typecast: true }).catch(() => null);
  await settle();
}

export async function pageview() {
  await base()("Products").select({
    maxRecords: 12,
    view: "Storefront",
    filterByFormula: "{Category} = 'Footwear'",
  }).firstPage().catch(() => null);
  await settle();
}
