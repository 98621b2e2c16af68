// @flows/js — Flows' JavaScript SDK: product adoption (onboarding tours, checklists, surveys, in-app messages) for an
// identified user with user properties that target the workflows, to Flows' API (api.flows-cloud.com).
// README ("Installation"): init({ organizationId, userId, environment }); the typings give init's userProperties
// ("custom user properties": strings, numbers, booleans, dates) and fetchWorkflows(). The workflows are rendered by
// @flows/js-components, which these pages leave out: they render nothing. The module observes document.body as it
// loads, as an app's deferred bundle would find it; the shop's bundle runs in <head>, so it is required at the call.
function flows() {
  return require("@flows/js");
}

const ORGANIZATION_ID = "3c1f8a92-6d4e-4b7a-9f20-58e1c7d4a6b3";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const { init, fetchWorkflows } = flows();
  init({ organizationId: ORGANIZATION_ID, environment: "production", userId: p.user_id,
         userProperties: { name: p.name, email: p.email, phone: p.phone, plan: p.plan } });
  await fetchWorkflows().catch(() => null);
  await settle();
}

export async function pageview() {
  const { init, fetchWorkflows } = flows();
  init({ organizationId: ORGANIZATION_ID, environment: "production", userId: "anon-5b2e9d47",
         userProperties: { page: "size-guide", product: "winter-boots" } });
  await fetchWorkflows().catch(() => null);
  await settle();
}
