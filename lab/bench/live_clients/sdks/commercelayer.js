// @commercelayer/sdk — Commerce Layer's JavaScript SDK: a headless, multi-market commerce API (customers, addresses,
// orders, SKUs), JSON:API documents over REST at the organization's own subdomain
// (<organization>.commercelayer.io/api), with a sales-channel access token.
// README ("Import", "Options", "SDK usage"): const cl = CommerceLayer({ organization, accessToken }) from
// "@commercelayer/sdk/bundle"; resources such as cl.customers.create(attributes), cl.addresses.create(attributes) and
// cl.skus.list({ pageSize, filters }); attributes follow the API reference's objects.
import { CommerceLayer } from "@commercelayer/sdk/bundle";

// a sales-channel token's shape (header.claims.signature); made up, as the fake internet checks none
const ACCESS_TOKEN = "eyJhbGciOiJSUzUxMiIsInR5cCI6IkpXVCJ9."
  + "eyJvcmdhbml6YXRpb24iOnsic2x1ZyI6ImV4YW1wbGUtc2hvcCJ9LCJhcHBsaWNhdGlvbiI6eyJraW5kIjoic2FsZXNfY2hhbm5lbCJ9fQ."
  + "c2lnbmF0dXJl";

function client() {
  return CommerceLayer({ organization: "example-shop", accessToken: ACCESS_TOKEN });
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const cl = client();
  await cl.customers.create({
    email: p.email,
    password: "Winter-Boots-2026!",
    reference: p.user_id,
    metadata: { name: p.name, phone: p.phone, plan: p.plan },
  }).catch(() => null);
  await cl.addresses.create({
    first_name: p.first_name,
    last_name: p.last_name,
    line_1: "2 Market Street",
    city: "San Francisco",
    zip_code: "94105",
    state_code: "CA",
    country_code: "US",
    phone: p.phone,
    email: p.email,
    reference: p.user_id,
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const cl = client();
  await cl.skus.list({ pageSize: 12, filters: { code_start: "BOOTS" } }).catch(() => null);
  await settle();
}
