// @openpanel/web — OpenPanel (api.openpanel.dev).
// README: new OpenPanel({clientId, trackScreenViews, trackOutgoingLinks, trackAttributes});
// op.identify({profileId, firstName, lastName, email, properties}) and op.track(name, props).
import { OpenPanel } from "@openpanel/web";

function start() {
  return new OpenPanel({
    clientId: "2f8c6a1e-9b4d-4e7a-8c3f-5d1b0a9e7c62",
    trackScreenViews: true,
    trackOutgoingLinks: true,
    trackAttributes: true,
  });
}

export async function identify(p) {
  const op = start();
  await op.identify({
    profileId: p.user_id, firstName: p.first_name, lastName: p.last_name, email: p.email,
    properties: { phone: p.phone, plan: p.plan },
  });
  await op.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  start();
}
