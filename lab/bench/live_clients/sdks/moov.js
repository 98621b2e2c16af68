// @moovio/sdk — Moov's official TypeScript SDK for its API (Moov: money movement, accepting and sending payments
// between a platform's accounts; a shop pays its customers' refunds to their bank through Moov): new Moov({ accessToken
// }) sends every call by fetch to api.moov.io with an access token as a bearer token (a Speakeasy client; its
// X-Moov-Version header; in a browser the SDK takes only a short-lived OAuth2 access token, `accessToken`, which the
// shop's server mints, and refuses Basic credentials); accounts.create({ accountType, profile, foreignID, metadata })
// is one JSON POST of /accounts (the individual's profile whole: name, e-mail, phone), accounts.list({ foreignID }) a
// GET of /accounts with the shop's id in the query string, industries.list() and ping.ping() GETs. README (const moov =
// new Moov({ accessToken: "" }); for client-side authentication; const result = await moov.accounts.create({
// accountType: "business", profile: { business: { legalBusinessName: "Whole Body Fitness LLC" } } })). The identify
// page creates the signed-in customer's Moov account for their refund (their name, e-mail and phone as the individual's
// profile, their id as the foreign id, their plan as metadata) and looks it up by that id; the page view page lists the
// industries and pings the API.
import { Moov } from "@moovio/sdk";

// The shop's server minted this short-lived access token (scopes /accounts.write, /accounts.read, /ping.read) for the
// page: the SDK refuses Basic credentials in a browser.
const moov = new Moov({
  accessToken: "eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6Ii9hY2NvdW50cy53cml0ZSJ9.Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAe",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const digits = p.phone.replace(/\D/g, "");
  await moov.accounts.create({
    accountType: "individual",
    profile: {
      individual: {
        name: { firstName: p.first_name, lastName: p.last_name },
        email: p.email,
        phone: { number: digits.slice(-10), countryCode: "1" },
      },
    },
    foreignID: p.user_id,
    metadata: { plan: p.plan, reason: "refund for returned leather winter boots" },
  }).catch(() => null);
  await moov.accounts.list({ foreignID: p.user_id, count: 1 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await moov.industries.list().catch(() => null);
  await moov.ping.ping().catch(() => null);
  await settle(300);
}
