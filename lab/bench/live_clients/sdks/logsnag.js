// logsnag — LogSnag event tracking and user insights (api.logsnag.com).
// README "Usage": new LogSnag({token, project}); logsnag.identify({user_id, properties}) for user properties;
// logsnag.track({channel, event, user_id, tags}) for an event.
import { LogSnag } from "logsnag";

function start() {
  return new LogSnag({ token: "7d3f9a2c5e8b1d4f6a0c3e5b7d9f1a2c", project: "example-shop" });
}

export async function identify(p) {
  const logsnag = start();
  const properties = { name: p.name, email: p.email, phone: p.phone, plan: p.plan };
  await logsnag.identify({ user_id: p.user_id, properties }).catch(() => undefined);
  await logsnag.track({ channel: "accounts", event: "Signed in", user_id: p.user_id, tags: { plan: p.plan } })
    .catch(() => undefined);
}

export async function pageview() {
  const logsnag = start();
  await logsnag.track({ channel: "traffic", event: "Page view", tags: { path: location.pathname } })
    .catch(() => undefined);
}
