// kinde — Kinde's official Management API client, @kinde/management-api-js (Kinde: authentication and user management;
// a shop keeps its customers' accounts in its Kinde business): init({ kindeDomain, clientId, clientSecret }) gets an
// M2M access token by a form POST of <business>.kinde.com/oauth2/token (client credentials, the management API as the
// audience), then sends each call by fetch to <business>.kinde.com/api/v1 with the token as a bearer token (a hey-api
// client); Users.createUser({ requestBody }) is one JSON POST of /api/v1/user (the profile and identities whole),
// Users.updateUserProperties({ userId, requestBody }) a JSON PATCH of /api/v1/users/<id>/properties,
// Business.getBusiness() and Roles.getRoles() GETs of /api/v1/business and /api/v1/roles. README (import { Users, init
// } from "@kinde/management-api-js"; init(); const { users } = await Users.getUsers();), with the domain and the M2M
// application's credentials given to init() rather than read from KINDE_* variables. The identify page creates the
// signed-in customer's Kinde user (their name; their e-mail and phone as identities; their id as the provided id) and
// sets their plan as a user property; the page view page reads the business and lists the roles.
import { Business, Roles, Users, init } from "@kinde/management-api-js";

init({
  kindeDomain: "https://exampleshop.kinde.com",
  clientId: "3f8c2a9d7e1b4c6f8a0d2e4b6c8a0f1d",
  clientSecret: "Vq8Lm3Kx9Tr2Wz7Np4Hs1Dc6Bj0Ga5FyQe8Uo3Ri7Tn2Sm9Pk4",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const created = await Users.createUser({
    requestBody: {
      profile: { given_name: p.first_name, family_name: p.last_name },
      provided_id: p.user_id,
      identities: [
        { type: "email", is_verified: true, details: { email: p.email } },
        { type: "phone", is_verified: false,
          details: { phone: p.phone.replace(/[^+\d]/g, ""), phone_country_id: "us" } },
      ],
    },
  }).catch(() => null);
  if (created && created.id) {
    await Users.updateUserProperties({ userId: created.id, requestBody: { properties: { plan: p.plan } } })
      .catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await Business.getBusiness().catch(() => null);
  await Roles.getRoles({ pageSize: 10 }).catch(() => null);
  await settle(300);
}
