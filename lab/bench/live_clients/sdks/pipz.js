// pipz-tracker — Pipz's tracker (Pipz: a Brazilian marketing automation and customer platform: contacts, companies,
// journeys, e-mail and WhatsApp campaigns triggered by what the contacts do on the site): identify(remoteId, traits)
// and track(name, properties) are each one POST by fetch to app.pipz.io/v1/event/ (a JSON text body: type, userId,
// traits or event and properties, and the site's write key); identify stores the contact's id in a `pipz_user_id`
// cookie, which later track calls send as their userId.
// README ("Usage": the API key comes from the site's environment, REACT_APP_PIPZ_API_KEY or PIPZ_API_KEY, which a
// React build inlines; "Identify user": pipz.identify('12345', { name, email, job_title, phone, company }); "Event
// Tracking": pipz.track('Downloaded Ebook', { ... })). The page provides the environment a build would have inlined.
// The identify page identifies the signed-in customer and tracks one event; the page view page tracks an anonymous
// visitor's product view.
import pipz from "pipz-tracker";

// The site's write key, as the build environment would hold it (made up).
globalThis.process = globalThis.process || { env: {} };
globalThis.process.env = { ...globalThis.process.env, PIPZ_API_KEY: "pz_live_4Nq8Tx2Kv7Wm3Rb9" };

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await pipz.identify(p.user_id, {
    name: p.name,
    email: p.email,
    phone: p.phone,
    plan: p.plan,
    company: { remote_id: "cmp_bootsco_17", name: "Boots & Co" },
  }).catch(() => null);
  await pipz.track("Started Checkout", { cart_items: 2, currency: "USD" }).catch(() => null);
  await settle(500);
}

export async function pageview() {
  await pipz.track("Viewed Product", { product: "winter-boots", category: "footwear" }).catch(() => null);
  await settle(500);
}
