// killbill — Kill Bill's official JavaScript client, killbill (Kill Bill: open-source subscription billing and
// payments; the shop runs its own deployment on Render, exampleshop-killbill.onrender.com, and bills its pro plan
// there): new AccountApi(new Configuration({ username, password, apiKey: apiKey(key, secret), basePath })) sends every
// call by axios (its XHR adapter in a browser) with the admin credentials in Basic auth and the tenant's key and secret
// in X-Killbill-ApiKey and X-Killbill-ApiSecret (an OpenAPI Generator typescript-axios client);
// createAccount(account, createdBy, reason) is one JSON POST of /1.0/kb/accounts (the account whole, with
// X-Killbill-CreatedBy and X-Killbill-Reason), getAccountByKey(key) a GET of /1.0/kb/accounts?externalKey=<key>,
// CatalogApi's getAvailableBasePlans() and TagDefinitionApi's getTagDefinitions() GETs of
// /1.0/kb/catalog/availableBasePlans and /1.0/kb/tagDefinitions. README (const config = new killbill.Configuration({
// username: "admin", password: "password", apiKey: killbill.apiKey("bob", "lazar"), basePath: "http://127.0.0.1:8080"
// }); new killbill.AccountApi(config).getAccountByKey("external_key")). The identify page opens the signed-in
// customer's billing account (their name, e-mail and phone; their id as the external key) and reads it back by key;
// the page view page reads the catalog's base plans and the tag definitions.
import { AccountApi, CatalogApi, Configuration, TagDefinitionApi, apiKey } from "killbill";

const config = new Configuration({
  username: "storefront",
  password: "Kb7Lm2Xq9Tr4Wz8Np3Hs6Dc1",
  apiKey: apiKey("exampleshop", "Vx4Rk8Tq1Wn6Zp3Lm9Hc2Fd7"),
  basePath: "https://exampleshop-killbill.onrender.com",
  baseOptions: { timeout: 10000 },
});
const accounts = new AccountApi(config);
const catalog = new CatalogApi(config);
const tags = new TagDefinitionApi(config);

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await accounts.createAccount({
    name: p.name,
    firstNameLength: p.first_name.length,
    externalKey: p.user_id,
    email: p.email,
    phone: p.phone,
    currency: "USD",
    locale: "en_US",
    timeZone: "America/Los_Angeles",
    country: "US",
    notes: `Storefront customer on the ${p.plan} plan`,
  }, "storefront", "new pro plan subscriber").catch(() => null);
  await accounts.getAccountByKey(p.user_id).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await catalog.getAvailableBasePlans().catch(() => null);
  await tags.getTagDefinitions().catch(() => null);
  await settle(300);
}
