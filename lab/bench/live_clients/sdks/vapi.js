// vapi — Vapi's official TypeScript server SDK, @vapi-ai/server-sdk (Vapi: voice AI agents on the phone; a shop's
// assistant calls a customer back about their return): new VapiClient({ token }) sends every call by fetch to
// api.vapi.ai with the key as a bearer token (a Fern client); calls.create({ assistantId, phoneNumberId, customer,
// assistantOverrides, name }) is one JSON POST of /call (the customer whole: number, name, e-mail, external id; the
// assistant's variable values), assistants.list() and phoneNumbers.list() GETs of /assistant and /phone-number.
// README (const client = new VapiClient({ token: "YOUR_TOKEN" }); await client.calls.create({ ... })). The identify
// page asks the assistant to call the signed-in customer back (their number, name, e-mail and id; their name and order
// for the assistant's script); the page view page lists the assistants and phone numbers.
import { VapiClient } from "@vapi-ai/server-sdk";

const vapi = new VapiClient({ token: "3f9c1e7a-5b2d-4a8e-9c6f-1d4b7e0a2c95", maxRetries: 0, timeoutInSeconds: 10 });
const ASSISTANT = "7b2e9f4a-1c6d-4e8b-a3f5-9d0c2e7b4a16";
const PHONE = "c4a8e1f6-2b9d-4c7e-8a3f-5e1b9d6c0a27";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await vapi.calls.create({
    name: "Return callback ORD-20418",
    assistantId: ASSISTANT,
    phoneNumberId: PHONE,
    customer: { number: `+${p.phone.replace(/\D/g, "")}`, name: p.name, email: p.email, externalId: p.user_id },
    assistantOverrides: {
      variableValues: { first_name: p.first_name, order: "ORD-20418", item: "Leather winter boots", plan: p.plan },
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await vapi.assistants.list({ limit: 10 }).catch(() => null);
  await vapi.phoneNumbers.list({ limit: 10 }).catch(() => null);
  await settle(300);
}
