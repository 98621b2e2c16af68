// recombee-js-api-client — Recombee, recommendations and personalization: interactions sent from the browser with the
// database's public token (client-rapi-eu-west.recombee.com, each URL HMAC-signed).
// README "Example" and docs.recombee.com/js_client: new recombee.ApiClient(databaseId, publicToken, {region});
// client.send(new recombee.AddDetailView(userId, itemId, {cascadeCreate, ...})) records a view of an item;
// client.send(new recombee.MergeUsers(targetUserId, sourceUserId, {cascadeCreate})) merges the anonymous session into
// the signed-in user's id; AddCartAddition(userId, itemId, {additionalData}) records an interaction with extra data.
import recombee from "recombee-js-api-client";

function start() {
  return new recombee.ApiClient("example-shop-prod", "Vq3Lz8Kp2Xm7Tn4Rb9Wc1Hd6Fg0Sj5Ya2Ue8Io3Pk7Nz4Lx", {
    region: "eu-west",
  });
}

function session() {
  // The anonymous visitor's id, kept by the shop in its own storage.
  let id = localStorage.getItem("shop_session_id");
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem("shop_session_id", id);
  }
  return id;
}

export async function identify(p) {
  const client = start();
  await client.send(new recombee.MergeUsers(p.user_id, session(), { cascadeCreate: true })).catch(() => undefined);
  await client.send(new recombee.AddCartAddition(p.user_id, "winter-boots-42", {
    cascadeCreate: true, amount: 1, price: 129,
    additionalData: { customer_name: p.name, customer_email: p.email, customer_phone: p.phone, plan: p.plan },
  })).catch(() => undefined);
}

export async function pageview() {
  await start().send(new recombee.AddDetailView(session(), "winter-boots-42", { cascadeCreate: true }))
    .catch(() => undefined);
}
