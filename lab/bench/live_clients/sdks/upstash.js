// @upstash/redis — Upstash's Redis client over HTTP (Upstash: serverless Redis; a site keeps sessions and counters in
// it): new Redis({ url, token }) sends the commands by fetch to the database's REST URL with the token as a bearer
// token, automatically pipelined: a JSON POST to /pipeline of the commands, each an array (["HSET", key, field, ...]).
// README (const redis = new Redis({ url: 'UPSTASH_REDIS_REST_URL', token: 'UPSTASH_REDIS_REST_TOKEN' });
// await redis.set('foo', 'bar'); await redis.get('foo')). The identify page stores the signed-in customer's profile
// in a hash keyed by their id (name, e-mail, phone) and pushes a note naming them to their support queue; the page view page counts a product view.
import { Redis } from "@upstash/redis";

const redis = new Redis({ url: "https://eu1-brave-otter-41823.upstash.io",
  token: "AaQ3ASQgNzE4ZTk2MWQtYjI4Yy00ZjE2LWE3NjUtOWMzZDJlMDQ1YjFhbXp0d3E4", automaticDeserialization: false,
  retry: false, enableTelemetry: false });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await redis.hset(`customer:${p.user_id}`, { name: p.name, email: p.email, phone: p.phone, plan: p.plan })
    .catch(() => null);
  await redis.lpush("support:callbacks", `Call back ${p.name} on ${p.phone} about the boots order`)
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  await redis.incr("views:product:winter-boots").catch(() => null);
  await redis.get("stock:winter-boots").catch(() => null);
  await settle(300);
}
