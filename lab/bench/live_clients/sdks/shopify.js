// @shopify/storefront-api-client — Shopify's Storefront API client: headless commerce over GraphQL (products, carts,
// customer accounts), to the shop's Storefront API (<shop>.myshopify.com/api/<version>/graphql.json) with the shop's
// public access token.
// README ("Public access token client initialization", "Query for a product", "Create a localized cart"):
// createStorefrontApiClient({ storeDomain, apiVersion, publicAccessToken }), client.request(operation, { variables });
// the mutations are the Storefront API's customerCreate (firstName, lastName, e-mail, phone, password) and cartCreate
// (buyerIdentity with the e-mail and phone, cart attributes).
import { createStorefrontApiClient } from "@shopify/storefront-api-client";

const client = createStorefrontApiClient({
  storeDomain: "https://northwind-boots.myshopify.com",
  apiVersion: "2026-10",
  publicAccessToken: "3f9c2a7e5b1d48c6a0e2f7b9d4c61a85",
});

const CUSTOMER_CREATE = `
  mutation customerCreate($input: CustomerCreateInput!) {
    customerCreate(input: $input) {
      customer { id firstName lastName email phone }
      customerUserErrors { code field message }
    }
  }
`;

const CART_CREATE = `
  mutation cartCreate($input: CartInput!) {
    cartCreate(input: $input) {
      cart { id checkoutUrl }
      userErrors { code field message }
    }
  }
`;

const PRODUCT = `
  query ProductQuery($handle: String) {
    product(handle: $handle) { id title handle }
  }
`;

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  await client.request(CUSTOMER_CREATE, { variables: { input: {
    firstName: p.first_name, lastName: p.last_name, email: p.email, phone: p.phone,
    password: "Winter-boots-2026!", acceptsMarketing: true,
  } } }).catch(() => null);
  await client.request(CART_CREATE, { variables: { input: {
    buyerIdentity: { email: p.email, phone: p.phone, countryCode: "US" },
    attributes: [{ key: "customer_id", value: p.user_id }, { key: "customer_name", value: p.name },
                 { key: "plan", value: p.plan }],
    lines: [{ merchandiseId: "gid://shopify/ProductVariant/44781234567890", quantity: 1 }],
  } } }).catch(() => null);
  await settle();
}

export async function pageview() {
  await client.request(PRODUCT, { variables: { handle: "winter-boots" } }).catch(() => null);
  await settle();
}
