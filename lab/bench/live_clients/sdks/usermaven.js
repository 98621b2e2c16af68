// @usermaven/sdk-js — Usermaven (events.usermaven.com). README: usermavenClient({key, trackingHost});
// client.id({id, email, name, ...}) to identify the user; client.track(name, props); client.pageview().
import { usermavenClient } from "@usermaven/sdk-js";

function start() {
  return usermavenClient({ key: "UMb7Kq2Xz9Wp", trackingHost: "https://events.usermaven.com" });
}

export async function identify(p) {
  const client = start();
  await client.id({ id: p.user_id, email: p.email, name: p.name, first_name: p.first_name, last_name: p.last_name,
                    phone: p.phone, created_at: "2025-03-14T09:26:53Z", custom: { plan: p.plan } });
  client.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  const client = start();
  client.pageview();
}
