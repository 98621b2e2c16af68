// @keycloak/keycloak-admin-client — Keycloak's official admin REST client (Keycloak, CNCF: identity and access
// management; here a hosted instance on Cloud-IAM's managed Keycloak, where a shop registers its customers'
// accounts): new KcAdminClient({ baseUrl, realmName }) sends every call by fetch; auth({ grantType:
// "client_credentials", clientId, clientSecret }) is a form POST of /realms/<realm>/protocol/openid-connect/token with
// the client's id and secret in Basic auth, then each admin call goes to /admin/realms/<realm>/... with the token as a
// bearer token: users.create({ username, email, firstName, lastName, enabled, attributes }) a JSON POST of /users (the
// new user's id read from the Location header), users.find({ email, exact }) a GET of /users with the query in the
// query string, groups.find() and roles.find() GETs. README (const kcAdminClient = new KcAdminClient(); await
// kcAdminClient.auth({ username: 'admin', password: 'admin', grantType: 'password', clientId: 'admin-cli' }); await
// kcAdminClient.users.create({ realm: 'a-realm', username: 'username', email: 'user@example.com' })). The identify page
// registers the signed-in customer as a user of the shop's realm (their e-mail as username, first and last name, their
// phone, customer id and plan as attributes) and looks them up by e-mail; the page view page lists the realm's groups
// and roles.
import KcAdminClient from "@keycloak/keycloak-admin-client";

const kc = new KcAdminClient({ baseUrl: "https://lemur-11.cloud-iam.com/auth", realmName: "exampleshop" });
let signedIn = null;

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function signIn() {
  if (!signedIn) {
    signedIn = kc.auth({ grantType: "client_credentials", clientId: "shop-backend",
      clientSecret: "Qm7Zp2Lr9TbV4nWx8sKd1F3hJ6cY0aE5" });
  }
  return signedIn;
}

export async function identify(p) {
  await signIn().catch(() => null);
  const [first, ...rest] = p.name.split(" ");
  await kc.users.create({
    username: p.email,
    email: p.email,
    firstName: first,
    lastName: rest.join(" "),
    enabled: true,
    emailVerified: false,
    attributes: { phoneNumber: [p.phone], customerId: [p.user_id], plan: [p.plan] },
  }).catch(() => null);
  await kc.users.find({ email: p.email, exact: true }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await signIn().catch(() => null);
  await kc.groups.find({ max: 10 }).catch(() => null);
  await kc.roles.find().catch(() => null);
  await settle(300);
}
