// apideck — Apideck's official TypeScript SDK for its Unify APIs, @apideck/unify (Apideck: a unified API over CRMs,
// HRIS, accounting and more; a shop pushes its customers into whichever CRM its sales team connected, here HubSpot):
// new Apideck({ apiKey, appId, consumerId }) sends every call by fetch to unify.apideck.com with the key as a bearer
// token and the app, consumer and service in x-apideck-* headers (a Speakeasy client); crm.contacts.create({ serviceId,
// contact }) is one JSON POST of /crm/contacts (the contact whole: names, e-mails, phone numbers, custom fields, tags),
// crm.pipelines.list() and crm.companies.list() GETs of /crm/pipelines and /crm/companies. README (const apideck = new
// Apideck({ consumerId: "test-consumer", appId: "dSBdXd2H6Mqwfg0atXHXYcysLJE9qyn1VwBtXHX", apiKey:
// process.env["APIDECK_API_KEY"] ?? "" }); const result = await apideck.accounting.taxRates.list({ serviceId:
// "salesforce", ... })). The identify page creates the signed-in customer as a CRM contact (their name, e-mail, phone,
// and id as a custom field); the page view page lists the sales pipelines and the first companies.
import { Apideck } from "@apideck/unify";

const apideck = new Apideck({
  apiKey: "sk_live_8f2c6a1e-4b9d-4f7a-a3c5-1e8b0d6f2a94-Kq7Xv2Lm9Tr4",
  appId: "Rk3Tq8Zm1Vx6Wn4Hs9Lc2Bf7Jd0Gy5Pa",
  consumerId: "shop-example",
  retryConfig: { strategy: "none" },
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await apideck.crm.contacts.create({
    serviceId: "hubspot",
    contact: {
      name: p.name,
      firstName: p.first_name,
      lastName: p.last_name,
      type: "customer",
      leadSource: "Web shop",
      description: "Signed up at checkout; asked about returning winter boots",
      emails: [{ email: p.email, type: "primary" }],
      phoneNumbers: [{ number: p.phone, type: "mobile" }],
      customFields: [{ id: "customer_id", name: "Customer ID", value: p.user_id },
        { id: "plan", name: "Plan", value: p.plan }],
      tags: ["web-shop", "boots"],
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await apideck.crm.pipelines.list({ serviceId: "hubspot", limit: 20 }).catch(() => null);
  await apideck.crm.companies.list({ serviceId: "hubspot", limit: 10 }).catch(() => null);
  await settle(300);
}
