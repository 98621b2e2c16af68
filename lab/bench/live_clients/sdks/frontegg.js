// @frontegg/rest-api — Frontegg's REST client (Frontegg: hosted user management and sign-in for B2B apps; its login
// box, admin portal and React and JS SDKs call the Frontegg API through this package): ContextHolder.default()
// .setContext({ baseUrl, appId, requestCredentials }) points it at the site's Frontegg domain
// (app-<id>.frontegg.com, every path under /frontegg); api.auth.getSignUpStrategies() is a GET of
// /identity/resources/configurations/v1/sign-up/strategies, api.vendor.getVendorPublicInfo() a GET of
// /vendors/public, api.auth.preLogin({ email }) a JSON POST to /identity/resources/auth/v1/user/saml/prelogin and
// api.auth.signUpUser({ email, name, phoneNumber, companyName, password, metadata }) a JSON POST to
// /identity/resources/users/v1/signUp (the new user's details, the site's metadata as a JSON string).
// The package's typings (ISignUpUser: email, name, phoneNumber, companyName, password, metadata "JSON"; IPreLogin:
// email) and Frontegg's docs for the hosted sign-up. The identify page is the customer's sign-up for the shop's
// business account (their e-mail, name and phone, their customer number in the metadata) after the SAML pre-login
// check of their e-mail; the page view page loads the public sign-up strategies and the vendor's public info.
import { ContextHolder, api } from "@frontegg/rest-api";

ContextHolder.default().setContext({
  baseUrl: "https://app-x4gr8g28fxr5.frontegg.com",
  appId: "7c1e5a9b-3d2f-4b8a-9e6c-1f0a2d4b6c8e",
  requestCredentials: "include",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await api.auth.getSignUpStrategies().catch(() => null);
  await api.auth.preLogin({ email: p.email }).catch(() => null);
  await api.auth.signUpUser({
    email: p.email, name: p.name, phoneNumber: p.phone, companyName: "Northwind Outfitters",
    password: "w1nter-Boots-2026", metadata: JSON.stringify({ customerId: p.user_id, plan: p.plan }),
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await api.auth.getSignUpStrategies().catch(() => null);
  await api.vendor.getVendorPublicInfo().catch(() => null);
  await settle(300);
}
