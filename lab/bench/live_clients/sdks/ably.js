// ably — Ably's JavaScript client: realtime messaging (pub/sub channels, presence, message history), here its REST
// client, which publishes over HTTPS, with the client's id, to Ably's REST API (main.realtime.ably.net).
// README ("Usage": "for the REST client use new Ably.Rest({...}) instead"): new Ably.Rest({ key, clientId }),
// client.channels.get(name), await channel.publish(name, data).
import * as Ably from "ably";

const API_KEY = "xVLyHw.Tq3fZg:Kp8mR2vX9cL4bN7sJ1dW6zQ5tY0aHeGu";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const rest = new Ably.Rest({ key: API_KEY, clientId: p.user_id });
  const channel = rest.channels.get("shop:customers");
  await channel.publish("profile-updated", { name: p.name, email: p.email, phone: p.phone, plan: p.plan })
    .catch(() => null);
  await settle();
}

export async function pageview() {
  const rest = new Ably.Rest({ key: API_KEY });
  const channel = rest.channels.get("shop:activity");
  await channel.publish("product-viewed", { product: "winter-boots", price: 129, page: "size-guide" })
    .catch(() => null);
  await settle();
}
