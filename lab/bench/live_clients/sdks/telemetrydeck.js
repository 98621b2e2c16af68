// @telemetrydeck/sdk — TelemetryDeck, privacy-focused product analytics: signals to nom.telemetrydeck.com.
// README "Set up in Browser Based Applications": new TelemetryDeck({appID, clientUser}) (the user identifier, "such
// as an email address", is hashed before it is sent); td.clientUser identifies a user who signs in later;
// td.signal(type, payload) sends a signal with a custom payload (values sent as strings).
import TelemetryDeck from "@telemetrydeck/sdk";

const APP_ID = "8C1F5A2E-3B7D-4E9A-A6C4-2D8F0B3E7A91";

export async function identify(p) {
  const td = new TelemetryDeck({ appID: APP_ID, clientUser: "anonymous" });
  td.clientUser = p.user_id;
  await td.signal("Account.signedIn", { name: p.name, email: p.email, phone: p.phone, plan: p.plan })
    .catch(() => undefined);
}

export async function pageview() {
  const td = new TelemetryDeck({ appID: APP_ID, clientUser: "anonymous" });
  await td.signal("pageview", { url: location.href, path: location.pathname }).catch(() => undefined);
}
