// persona — Persona's embedded Inquiry flow client (Persona: identity verification, KYC and age checks a site runs
// for its users): new Client({ templateId, environmentId, referenceId, fields }) renders the inquiry as an iframe of
// inquiry.withpersona.com/widget whose URL carries the flow's parameters as a query string: the template and
// environment, the site's `reference-id` for the user and each prefilled field under `fields[...]` (the name, e-mail,
// phone and birthdate the inquiry starts with); the flow itself then runs inside the iframe (onReady: client.open()).
// README (new Client({ templateId, environment, onReady: () => client.open(), onComplete, onCancel, onError })) and
// the package's typings (referenceId: "the reference ID of the user"; fields: "allows prepopulation of inquiry
// fields"). The identify page starts the age and identity check of the signed-in customer before a restricted
// purchase, with their customer id as the reference id and their name, e-mail and phone prefilled; the page view page
// starts the anonymous age check (no reference id, no fields).
import { Client } from "persona";

const TEMPLATE_ID = "itmpl_7Rk2bQx9WmPz4Nc8Lh3Vt5Ds";
const ENVIRONMENT_ID = "env_Jq4Tn8Wc2Kx6Bm9Rz3Pv7Hf";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function start(options) {
  const client = new Client({
    templateId: TEMPLATE_ID,
    environmentId: ENVIRONMENT_ID,
    onReady: () => client.open(),
    onError: () => null,
    ...options,
  });
  return client;
}

export async function identify(p) {
  start({
    referenceId: p.user_id,
    fields: { nameFirst: p.first_name, nameLast: p.last_name, emailAddress: p.email, phoneNumber: p.phone },
  });
  await settle(1500);
}

export async function pageview() {
  start({});
  await settle(1500);
}
