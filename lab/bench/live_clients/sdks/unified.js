// unified — Unified.to's official TypeScript SDK, @unified-api/typescript-sdk (Unified.to: a unified API over CRMs
// and other SaaS categories; a shop pushes its customers to whichever CRM its sales team connected): new UnifiedTo({
// security: { jwt } }) sends every call by fetch to api.unified.to with the workspace's token in Authorization (a
// Speakeasy client; no User-Agent in a browser); crm.createCrmContact({ connectionId, crmContact }) is one JSON POST of
// /crm/<connection>/contact (the contact whole), crm.listCrmPipelines({ connectionId }) and crm.listCrmCompanies({
// connectionId }) GETs of /crm/<connection>/pipeline and /crm/<connection>/company. README (const unifiedTo = new
// UnifiedTo({ security: { jwt: "<YOUR_API_KEY_HERE>" } }); const result = await unifiedTo.crm.createCrmContact({
// connectionId: "<id>", crmContact: {} })). The identify page creates the signed-in customer as a contact (their name,
// e-mail and phone; their id and plan as metadata); the page view page lists the CRM's pipelines and companies.
import { UnifiedTo } from "@unified-api/typescript-sdk";

const unified = new UnifiedTo({
  security: { jwt: "eyJhbGciOiJIUzI1NiJ9.eyJ3b3Jrc3BhY2VfaWQiOiI2NWM0YTFlOGYyYjNkOSJ9.Qk7Lm2Xv9Tr4Wz8Np3Hs6Dc1Bj5" },
  retryConfig: { strategy: "none" },
  timeoutMs: 10000,
});
const CONNECTION = "66a1f3c8e2b94d7a5c0e8f12";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await unified.crm.createCrmContact({
    connectionId: CONNECTION,
    crmContact: {
      name: p.name,
      firstName: p.first_name,
      lastName: p.last_name,
      emails: [{ email: p.email, type: "WORK" }],
      telephones: [{ telephone: p.phone, type: "MOBILE" }],
      title: "Customer",
      company: "Example Shop customers",
      metadata: [{ slug: "storefront_user_id", value: p.user_id }, { slug: "plan", value: p.plan }],
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await unified.crm.listCrmPipelines({ connectionId: CONNECTION, limit: 10 }).catch(() => null);
  await unified.crm.listCrmCompanies({ connectionId: CONNECTION, limit: 10 }).catch(() => null);
  await settle(300);
}
