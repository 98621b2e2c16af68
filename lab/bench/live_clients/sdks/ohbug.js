// @ohbug/browser — Ohbug, open-source error and behaviour monitoring: errors, custom events and the user to the
// shop's self-hosted Ohbug dashboard (ohbug.shop.example/report).
// The package README ("Usage": Ohbug.setup({apiKey})), its repository's README ("Configuration": apiKey, appVersion,
// endpoint, user, metadata) and the repository's playground (playground/src/node/custom-event.js):
// client.setUser({id, name, email}); client.addMetadata(section, data); client.createEvent({category, type, detail})
// and client.notify(event) report a custom event.
import Ohbug from "@ohbug/browser";

let client = null;

function start() {
  if (!client) {
    client = Ohbug.setup({ apiKey: "ohb_9d2f7a1c4e8b3a6f5c0e", appVersion: "4.2.0", appType: "example-shop-web",
                           endpoint: "https://ohbug.shop.example/report" });
  }
  return client;
}

export async function identify(p) {
  const c = start();
  c.setUser({ id: p.user_id, name: p.name, email: p.email, metadata: { phone: p.phone, plan: p.plan } });
  c.addMetadata("account", { plan: p.plan });
  const event = c.createEvent({ category: "other", type: "custom", detail: { message: "signed in", plan: p.plan } });
  if (event) await c.notify(event);
}

export async function pageview() {
  const c = start();
  const event = c.createEvent({ category: "error", type: "custom",
                                detail: { message: "Checkout widget failed to render: timeout after 3000 ms",
                                          code: "CHECKOUT_TIMEOUT", context: { product: "winter-boots" } } });
  if (event) await c.notify(event);
}
