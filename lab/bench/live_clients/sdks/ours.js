// ours-web-sdk — Ours Privacy customer data platform, its web SDK (cdn.oursprivacy.com).
// README "Usage" and docs.oursprivacy.com "Web SDK": ours.init(token, {track_web_events}) (web events such as
// page_view tracked for you); ours.identify(userProperties) with the supported visitor properties (external_id,
// email, first_name, last_name, phone_number, custom_properties); ours.track(eventName, eventProperties).
// Queued calls go out on the SDK's 3 s send timer.
import ours from "ours-web-sdk";

function start() {
  ours.init("op_4Kx9QmT2vW7zR3nL8bY5", { track_web_events: true });
  return ours;
}

export async function identify(p) {
  const o = start();
  const [first, last] = p.name.split(" ");
  o.identify({ external_id: p.user_id, email: p.email, first_name: first, last_name: last, phone_number: p.phone,
               custom_properties: { plan: p.plan } });
  o.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  start();
}
