// @fusionauth/typescript-client — FusionAuth's official TypeScript client (FusionAuth: customer identity and access
// management, hosted as FusionAuth Cloud; a shop signs its customers up and checks its login settings through it): new
// FusionAuthClient(apiKey, host) sends every call by fetch to the deployment (<name>.fusionauth.io) with the key in
// Authorization; searchUsersByQuery({ search }) is one JSON POST of /api/user/search, register(null, { user,
// registration, sendSetPasswordEmail }) a JSON POST of /api/user/registration (the user whole), and the anonymous
// retrieveOpenIdConfiguration() and retrievePasswordValidationRules() GETs of /.well-known/openid-configuration and
// /api/tenant/password-validation-rules. README (const client = new FusionAuthClient('API_KEY',
// 'https://local.fusionauth.io'); client.register(null, { user: { email, password }, registration: { applicationId }
// })). The identify page looks the signed-in customer up by e-mail and registers them to the shop's application (their
// e-mail, first, last and full name, mobile phone, and their customer id and plan as user data; the set-password
// e-mail sent); the page view page reads the OpenID configuration and the password rules for the sign-up form.
import FusionAuthClient from "@fusionauth/typescript-client";

const client = new FusionAuthClient("Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx7R", "https://exampleshop.fusionauth.io");
const APPLICATION = "3c219e58-ed0e-4b18-ad48-f4f92793ae32";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.searchUsersByQuery({ search: { queryString: `email:"${p.email}"`, numberOfResults: 1 } })
    .catch(() => null);
  await client.register(null, {
    user: {
      email: p.email,
      firstName: p.first_name,
      lastName: p.last_name,
      fullName: p.name,
      mobilePhone: p.phone,
      data: { customerId: p.user_id, plan: p.plan },
    },
    registration: { applicationId: APPLICATION, roles: ["customer"], data: { plan: p.plan } },
    sendSetPasswordEmail: true,
    skipVerification: false,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.retrieveOpenIdConfiguration().catch(() => null);
  await client.retrievePasswordValidationRules().catch(() => null);
  await settle(300);
}
