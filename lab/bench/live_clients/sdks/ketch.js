// @ketch-sdk/ketch-web-api — Ketch's TypeScript Web API client (consent management and privacy rights: a site's
// consent configuration, a data subject's consent flags keyed by identities, and data-subject rights requests): JSON
// over fetch to the Ketch Web API (global.ketchcdn.com/web/v2, the base URL the README's constructor example uses).
// README: new KetchWebAPI(baseUrl); getBootstrapConfiguration({ organizationCode, propertyCode });
// getFullConfiguration({ ..., environmentCode, jurisdictionCode, languageCode }); setConsent({ organizationCode,
// propertyCode, environmentCode, jurisdictionCode, identities: { <identity space>: <value> }, purposes: { <purpose>:
// { allowed, legalBasisCode } }, collectedAt }) ("Sets the user's consent flags"); invokeRight({ ..., rightCode,
// invokedAt, identities, user: { email, firstName, lastName, phone, country, stateRegion, description } }) ("Invokes
// the specified rights").
import { KetchWebAPI } from "@ketch-sdk/ketch-web-api";

const BASE = "https://global.ketchcdn.com/web/v2";
const ORG = "exampleshop";
const PROPERTY = "website_smart_tag";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function scope() {
  return { organizationCode: ORG, propertyCode: PROPERTY, environmentCode: "production", jurisdictionCode: "gdpreu" };
}

export async function identify(p) {
  const ketch = new KetchWebAPI(BASE);
  const identities = { email: p.email, customer_id: p.user_id };
  await ketch.setConsent({
    ...scope(),
    identities,
    purposes: {
      analytics: { allowed: "true", legalBasisCode: "consent_optin" },
      email_marketing: { allowed: "true", legalBasisCode: "consent_optin" },
    },
    collectedAt: Math.floor(Date.now() / 1000),
  }).catch(() => null);
  await ketch.invokeRight({
    ...scope(),
    identities,
    invokedAt: Math.floor(Date.now() / 1000),
    rightCode: "access",
    user: {
      email: p.email,
      firstName: p.first_name,
      lastName: p.last_name,
      phone: p.phone,
      country: "US",
      stateRegion: "CA",
      description: `Please send me a copy of my data (account ${p.user_id}).`,
    },
  }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const ketch = new KetchWebAPI(BASE);
  await ketch.getBootstrapConfiguration({ organizationCode: ORG, propertyCode: PROPERTY }).catch(() => null);
  await ketch.getFullConfiguration({ ...scope(), languageCode: "en" }).catch(() => null);
  await settle(800);
}
