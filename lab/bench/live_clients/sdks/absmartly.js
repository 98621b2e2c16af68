// @absmartly/javascript-sdk — A/B Smartly experiments (<customer>.absmartly.io/v1).
// README: new SDK({endpoint, apiKey, environment, application}); sdk.createContext({units: {...}});
// context.attributes({...}); await context.ready(); context.treatment(name); context.track(goal, props);
// await context.publish() before navigating away.
import { SDK } from "@absmartly/javascript-sdk";

function start(units) {
  const sdk = new SDK({
    endpoint: "https://webshop.absmartly.io/v1",
    apiKey: "k7Qp2Xm9Rt4Lw8Zn3Vb6Yc1Hd5Fg0Js2Ka7Ue9Io4Pl",
    environment: "production",
    application: "website",
  });
  return sdk.createContext({ units });
}

export async function identify(p) {
  const context = start({ user_id: p.user_id });
  context.attributes({ email: p.email, name: p.name, phone: p.phone, plan: p.plan });
  await context.ready().catch(() => undefined);
  context.treatment("new_checkout");
  context.track("signed_in", { plan: p.plan });
  await context.publish().catch(() => undefined);
}

export async function pageview() {
  // an anonymous visitor: a random unit kept for the visit
  const context = start({ anonymous_id: crypto.randomUUID() });
  await context.ready().catch(() => undefined);
  context.treatment("new_checkout");
  await context.publish().catch(() => undefined);
}
