// c15t — c15t's headless consent management core (by Inth: cookie banner state, consent storage, script gating,
// consent records kept by a c15t backend): the runtime fetches the banner's policy and jurisdiction (GET /init) from
// the backend (here a hosted instance, example-shop.c15t.dev), saves each consent choice there (POST /subjects: the
// visitor's subject id, the consent preferences, the page's domain) and links the visitor's subject to the site's own
// user id when told who the user is (PATCH /subjects/<subject id> with the external id).
// README ("Usage", "Deployment Modes": hosted on inth.com, self-hosted, offline) and the JavaScript quickstart it
// links; the package's typings (dist-types: runtime/index.d.ts, store/type.d.ts, types/user.d.ts):
// getOrCreateConsentRuntime({ mode: "hosted", backendURL, consentCategories }) gives { consentManager, consentStore };
// consentStore.getState().identifyUser({ id, identityProvider }) ("Usually your own internal ID for the user from your
// auth provider"), setSelectedConsent(name, value), saveConsents("all" | "custom" | "necessary").
import { clearConsentRuntimeCache, getOrCreateConsentRuntime } from "c15t";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function start() {
  clearConsentRuntimeCache();
  const { consentStore } = getOrCreateConsentRuntime({
    mode: "hosted",
    backendURL: "https://example-shop.c15t.dev",
    consentCategories: ["necessary", "measurement", "marketing"],
  });
  for (let i = 0; i < 30 && consentStore.getState().isLoadingConsentInfo; i++) await settle(100);
  return consentStore.getState();
}

export async function identify(p) {
  // The visitor accepts the banner, then signs in: the consent's subject is linked to the shop's user id.
  const store = await start();
  await store.saveConsents("all").catch(() => null);
  await settle(300);
  await store.identifyUser({ id: p.user_id, identityProvider: "example-shop" }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const store = await start();
  await store.saveConsents("necessary").catch(() => null);
  await settle(800);
}
