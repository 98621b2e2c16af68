// unkey — Unkey's official TypeScript SDK, @unkey/api (Unkey: API key management, rate limiting and identities; a shop
// gives each customer on its pro plan a personal key for its storefront API): new Unkey({ rootKey }) sends every call
// by fetch to api.unkey.com/v2 with the root key as a bearer token (a Speakeasy client); each call is one JSON POST of
// an RPC-style path: identities.createIdentity({ externalId, meta }) of /v2/identities.createIdentity (the meta whole),
// keys.createKey({ apiId, prefix, name, externalId, meta, ... }) of /v2/keys.createKey, apis.getApi({ apiId }) and
// permissions.listPermissions({ limit }) of /v2/apis.getApi and /v2/permissions.listPermissions. README (const unkey =
// new Unkey({ rootKey: process.env["UNKEY_ROOT_KEY"] ?? "" }); const result = await unkey.apis.listKeys({ apiId:
// "api_1234abcd", ... })). The identify page registers the signed-in customer as an identity (their id as the external
// id; their name, e-mail, phone and plan as meta) and creates their personal API key (named for them); the page view
// page reads the API and lists the permissions.
import { Unkey } from "@unkey/api";

const unkey = new Unkey({
  rootKey: "unkey_3ZfK8qLm2Xv9Tr4Wz7Np1Hs6Dc5Bj0Ga",
  retryConfig: { strategy: "none" },
});
const API_ID = "api_4Hq7Zt2Lm9Xv3Kc8";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await unkey.identities.createIdentity({
    externalId: p.user_id,
    meta: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  }).catch(() => null);
  await unkey.keys.createKey({
    apiId: API_ID,
    prefix: "shop",
    name: `${p.name} (storefront API)`,
    externalId: p.user_id,
    meta: { email: p.email, plan: p.plan },
    roles: ["orders.read"],
    ratelimits: [{ name: "requests", limit: 100, duration: 60000, autoApply: true }],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await unkey.apis.getApi({ apiId: API_ID }).catch(() => null);
  await unkey.permissions.listPermissions({ limit: 10 }).catch(() => null);
  await settle(300);
}
