// @workos-inc/node — WorkOS's official Node/TypeScript SDK for its API (WorkOS: user management, SSO and directory sync
// for B2B apps; a shop's wholesale portal registers its business customers as WorkOS users): new WorkOS(key, {
// maxRetries }) sends every call by fetch to api.workos.com with the key as a bearer token; userManagement.createUser({
// email, firstName, lastName, emailVerified, externalId, metadata }) is one JSON POST of /user_management/users,
// userManagement.listUsers({ email }) a GET of /user_management/users with the e-mail in the query string,
// organizations.listOrganizations() a GET of /organizations. README (const workos = new WorkOS('sk_1234'); const
// organizations = await workos.organizations.listOrganizations()). The identify page registers the signed-in customer
// (e-mail, first and last name, their id as the external id, phone and plan as metadata) and looks them up by e-mail;
// the page view page lists the organizations.
import { WorkOS } from "@workos-inc/node";

const workos = new WorkOS("sk_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ0123456789", { maxRetries: 0 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  await workos.userManagement.createUser({
    email: p.email,
    firstName: first,
    lastName: rest.join(" "),
    emailVerified: false,
    externalId: p.user_id,
    metadata: { phone: p.phone, plan: p.plan },
  }).catch(() => null);
  await workos.userManagement.listUsers({ email: p.email, limit: 1 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await workos.organizations.listOrganizations({ limit: 10 }).catch(() => null);
  await settle(300);
}
