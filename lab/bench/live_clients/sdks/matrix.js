// matrix-js-sdk — the Matrix Client-Server SDK for JavaScript (open, federated chat: accounts, profiles, rooms and
// messages on a Matrix homeserver, the one Element and other clients use): JSON over HTTPS to the homeserver's
// /_matrix/client/v3 API (the shop's own homeserver here, matrix.shop.example).
// README ("Quickstart", "Examples"): import * as sdk from "matrix-js-sdk"; sdk.createClient({ baseUrl }) and
// client.publicRooms(); sdk.createClient({ baseUrl, accessToken, userId }) for a signed-in user. The typings
// (lib/client.d.ts) give getVersions(), registerRequest({ username, password, auth, initial_device_display_name })
// (the /register call), setDisplayName(name), requestAdd3pidEmailToken(email, clientSecret, sendAttempt) and
// requestAdd3pidMsisdnToken(phoneCountry, phoneNumber, clientSecret, sendAttempt) (adding an e-mail address and a
// phone number to the account), each resolving to the homeserver's answer.
import * as sdk from "matrix-js-sdk";

const HOMESERVER = "https://matrix.shop.example";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function secret() {
  return Math.random().toString(36).slice(2) + Date.now().toString(36);
}

export async function identify(p) {
  const guest = sdk.createClient({ baseUrl: HOMESERVER });
  const account = await guest.registerRequest({
    username: p.user_id,
    password: "Winter-Boots-2026!",
    auth: { type: "m.login.dummy" },
    initial_device_display_name: "Example Shop web",
  }).catch(() => null);
  const client = sdk.createClient({
    baseUrl: HOMESERVER,
    accessToken: account?.access_token || "syt_placeholder_token",
    userId: account?.user_id || `@${p.user_id}:shop.example`,
    deviceId: account?.device_id,
  });
  await client.setDisplayName(p.name).catch(() => null);
  await client.requestAdd3pidEmailToken(p.email, secret(), 1).catch(() => null);
  await client.requestAdd3pidMsisdnToken("US", p.phone.replace(/[^\d]/g, "").replace(/^1/, ""), secret(), 1)
    .catch(() => null);
  client.stopClient();
  guest.stopClient();
  await settle(800);
}

export async function pageview() {
  const client = sdk.createClient({ baseUrl: HOMESERVER });
  await client.getVersions().catch(() => null);
  await client.publicRooms({ limit: 20 }).catch(() => null);
  client.stopClient();
  await settle(800);
}
