// @shopware/api-client — Shopware's official API client (Shopware 6: an e-commerce platform; a headless storefront
// calls the shop's Store API through it): createAPIClient({ baseURL, accessToken }) sends every call by fetch (ofetch)
// to the Store API with the sales channel's access key in sw-access-key and the customer's context token in
// sw-context-token (handed back by the API); invoke("<operation> <method> <path>", { body }) is one JSON request:
// register post /account/register (the customer and their billing address), subscribeToNewsletter post
// /newsletter/subscription, readProduct post /product (the criteria), readContext get /context. README (const
// apiClient = createAPIClient({ baseURL: "https://demo-frontends.shopware.store/store-api", accessToken:
// "SWSCBHFSNTVMAWNZDNFKSHLAYW" }); await apiClient.invoke("readProduct post /product", { body: { limit: 2 } })). The
// storefront is the shop's own (shop.example), its Shopware the shop's cloud instance. The identify page registers
// the signed-in customer as a guest at checkout (their first and last name, e-mail, their phone in the billing
// address, their customer number and plan as custom fields) and subscribes them to the newsletter; the page view page
// reads the sales channel's context and lists the boots.
import { createAPIClient } from "@shopware/api-client";

const apiClient = createAPIClient({
  baseURL: "https://examplesshop.shopware.store/store-api",
  accessToken: "SWSCQ2XKWV9LMT4ZP8NC3HFJBA",
});
const COUNTRY_US = "0b3c9a7e41d24f6a8e5b2c1d7f9a3e60";
const SALUTATION = "5d8e2b4a9c1f4e7a8b3d6c0f2a9e1b47";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [firstName, ...rest] = p.name.split(" ");
  const lastName = rest.join(" ");
  await apiClient.invoke("register post /account/register", {
    body: {
      guest: true,
      salutationId: SALUTATION,
      firstName,
      lastName,
      email: p.email,
      acceptedDataProtection: true,
      storefrontUrl: "https://shop.example",
      billingAddress: {
        firstName,
        lastName,
        street: "1 Market St",
        zipcode: "94105",
        city: "San Francisco",
        countryId: COUNTRY_US,
        phoneNumber: p.phone,
      },
      customFields: { shop_customer_id: p.user_id, plan: p.plan },
    },
  }).catch(() => null);
  await apiClient.invoke("subscribeToNewsletter post /newsletter/subscription", {
    body: { email: p.email, firstName, lastName, option: "subscribe", storefrontUrl: "https://shop.example" },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await apiClient.invoke("readContext get /context").catch(() => null);
  await apiClient.invoke("readProduct post /product", {
    body: { limit: 12, filter: [{ type: "contains", field: "name", value: "winter boots" }] },
  }).catch(() => null);
  await settle(300);
}
