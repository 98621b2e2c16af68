// plaid — Plaid's official Node library for its API (Plaid: bank account linking and open banking; a shop offers pay by
// bank at checkout): new PlaidApi(new Configuration({ basePath, baseOptions })) sends every call by axios to
// production.plaid.com as a JSON POST with the client id and secret in PLAID-CLIENT-ID and PLAID-SECRET headers;
// linkTokenCreate({ client_name, user, products, country_codes, language }) is one POST of /link/token/create (the user
// whole: their id, legal name, e-mail and phone), linkTokenGet a POST of /link/token/get, institutionsGet and
// institutionsGetById POSTs of /institutions/get and /institutions/get_by_id. The generated client sets a `User-Agent`
// header on every request, which a browser's XHR refuses with a console error, so the configuration's axios options
// (`baseOptions`) pick axios's fetch adapter (as Pipedrive's page does): the same requests, no error. README (const
// configuration = new Configuration({ basePath: PlaidEnvironments.sandbox, baseOptions: { headers: { 'PLAID-CLIENT-ID':
// CLIENT_ID, 'PLAID-SECRET': SECRET } } }); const plaidClient = new PlaidApi(configuration)). The identify page creates
// the Link token for the signed-in customer's pay-by-bank checkout (their id, name, e-mail and phone as the user) and
// reads it back; the page view page lists the supported banks and reads one.
import { Configuration, PlaidApi, PlaidEnvironments } from "plaid";

const plaid = new PlaidApi(new Configuration({
  basePath: PlaidEnvironments.production,
  baseOptions: {
    adapter: "fetch",
    headers: { "PLAID-CLIENT-ID": "64a1f3c9e8b2d70013f4c5a2", "PLAID-SECRET": "9d3b7e1f5a2c8e4b6d0f1a3c5e7b9d" },
  },
}));

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const created = await plaid.linkTokenCreate({
    client_name: "Example Shop",
    language: "en",
    country_codes: ["US"],
    products: ["auth"],
    user: {
      client_user_id: p.user_id,
      legal_name: p.name,
      email_address: p.email,
      phone_number: `+${p.phone.replace(/\D/g, "")}`,
    },
    redirect_uri: "https://shop.example/checkout/bank",
  }).catch(() => null);
  const token = created && created.data ? created.data.link_token : null;
  if (token) {
    await plaid.linkTokenGet({ link_token: token }).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await plaid.institutionsGet({ count: 10, offset: 0, country_codes: ["US"] }).catch(() => null);
  await plaid.institutionsGetById({ institution_id: "ins_109508", country_codes: ["US"] }).catch(() => null);
  await settle(300);
}
