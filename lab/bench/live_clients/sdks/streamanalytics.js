// stream-analytics — Stream's analytics client for activity feeds (analytics.stream-io-api.com).
// Stream docs "Analytics: setup": new StreamAnalytics({apiKey, token}) with the analytics token the app's server
// signs (here a made-up one, signed by nobody: the fake collector does not check it); client.setUser({id, alias}) for
// the signed-in user (the user data is any object); client.trackEngagement({label, content, ...}) and
// client.trackImpression({content_list, feed_id, ...}) for what the user did and saw.
import StreamAnalytics from "stream-analytics";

function b64url(obj) {
  return btoa(JSON.stringify(obj)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

// What the shop's server would hand the page: Stream's analytics token (resource "analytics", any user).
const TOKEN = `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ resource: "analytics", action: "*", user_id: "*" })}.`
  + "c2lnbmF0dXJlLW5vdC1jaGVja2VkLWJ5LXRoZS1mYWtl";

function start() {
  return new StreamAnalytics({ apiKey: "k7xq2m9vwz4p", token: TOKEN });
}

export async function identify(p) {
  const client = start();
  client.setUser({ id: p.user_id, alias: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await client.trackEngagement({
    label: "sign_in", content: { foreign_id: "account:settings" }, feed_id: "timeline:shop", location: "account_page",
  }).catch(() => undefined);
}

export async function pageview() {
  // A visitor before sign-in: Stream needs a user, so an anonymous id of the shop's own making.
  const client = start();
  client.setUser({ id: `guest_${crypto.randomUUID()}` });
  await client.trackImpression({
    content_list: [{ foreign_id: "product:winter-boots" }], feed_id: "catalog:shop", location: "product_page",
  }).catch(() => undefined);
}
