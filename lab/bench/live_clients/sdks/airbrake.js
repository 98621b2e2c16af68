// @airbrake/browser — Airbrake error tracking (api.airbrake.io; remote config from
// notifier-configs.airbrake.io). README: new Notifier({projectId, projectKey, environment}),
// airbrake.notify({error, context, params}) with "Notice Annotations"; the user goes in
// context.user ({id, name, email}), as Airbrake's notice API (v3) defines it.
import { Notifier } from "@airbrake/browser";

function start() {
  return new Notifier({ projectId: 482917, projectKey: "3f9c2a7e1b5d8046c3a9e2f71d4b6a08", environment: "production" });
}

export async function identify(p) {
  const airbrake = start();
  await airbrake.notify({
    error: new Error("Payment form validation failed"),
    context: { component: "checkout", user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone } },
    params: { plan: p.plan },
  });
}

export async function pageview() {
  const airbrake = start();
  await airbrake.notify({ error: new Error("Checkout widget failed to render: timeout after 3000 ms"), context: { component: "checkout" } });
}
