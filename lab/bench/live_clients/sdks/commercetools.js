// @commercetools/platform-sdk — commercetools' TypeScript SDK for its HTTP API (headless commerce: customers,
// carts, orders, product catalogue), with @commercetools/ts-client for the middlewares: an OAuth token from the
// region's auth host (auth.<region>.gcp.commercetools.com/oauth/<project key>/anonymous/token for a shop's anonymous
// session), then the API at api.<region>.gcp.commercetools.com/<project key>/...
// README ("Browser environment", "Node environment"): new ClientBuilder().withProjectKey(key)
// .withAnonymousSessionFlow({ host, projectKey, credentials, scopes, fetch }).withHttpMiddleware({ host, fetch })
// .build(), then createApiBuilderFromCtpClient(client).withProjectKey({ projectKey }) and the request builders with
// .execute(); the typings give me().signup().post({ body: MyCustomerDraft }) (email, password, first and last name,
// addresses with phone, e-mail and an external id, custom fields) and productProjections().search().get({ queryArgs }).
import { ClientBuilder } from "@commercetools/ts-client";
import { createApiBuilderFromCtpClient } from "@commercetools/platform-sdk";

const PROJECT = "example-shop-prod";
const AUTH = "https://auth.europe-west1.gcp.commercetools.com";
const API = "https://api.europe-west1.gcp.commercetools.com";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function api() {
  const client = new ClientBuilder()
    .withProjectKey(PROJECT)
    .withAnonymousSessionFlow({
      host: AUTH,
      projectKey: PROJECT,
      credentials: { clientId: "Qm3xT8vLw2NzK5rYp9HdJc4a", clientSecret: "f7Gh2Kx9Lm4Np6Qr8St1Uv3Wy5Za7Bc0" },
      scopes: [`manage_my_profile:${PROJECT}`, `view_published_products:${PROJECT}`, `create_anonymous_token:${PROJECT}`],
      fetch: (...args) => fetch(...args),
    })
    .withHttpMiddleware({ host: API, fetch: (...args) => fetch(...args) })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: PROJECT });
}

export async function identify(p) {
  await api().me().signup().post({
    body: {
      email: p.email,
      password: "Winter-Boots-2026!",
      firstName: p.first_name,
      lastName: p.last_name,
      locale: "en",
      addresses: [{
        key: "home",
        externalId: p.user_id,
        firstName: p.first_name,
        lastName: p.last_name,
        streetName: "Market Street",
        streetNumber: "1450",
        postalCode: "94103",
        city: "San Francisco",
        country: "US",
        phone: p.phone,
        email: p.email,
      }],
      defaultShippingAddress: 0,
      custom: { type: { key: "customer-profile", typeId: "type" }, fields: { customerId: p.user_id, plan: p.plan } },
    },
  }).execute().catch(() => null);
  await settle(800);
}

export async function pageview() {
  await api().productProjections().search().get({
    queryArgs: { "filter.query": "categories.id:\"footwear\"", limit: 12, sort: "createdAt desc" },
  }).execute().catch(() => null);
  await settle(800);
}
