// @voucherify/sdk — Voucherify, promotions and loyalty: its client-side API (customers and custom events) at
// api.voucherify.io/client/v1.
// README "Client Side": const client = VoucherifyClientSide({clientApplicationId, clientSecretKey});
// client.setIdentity(trackingId); client.createCustomer(customer); client.track(...) tracks a custom event (the
// README lists the arguments as (eventName, metadata, customer); the installed code and ClientSide.d.ts take
// (eventName, customer, metadata), which this page follows).
import { VoucherifyClientSide } from "@voucherify/sdk";

function start() {
  return VoucherifyClientSide({ clientApplicationId: "2b4f9c1e-7a3d-4e8b-b5c0-6d1f8a2e9c47",
                                clientSecretKey: "f3a8c1e7-9b2d-4c6e-a0f5-8d7b3e1c9a24" });
}

export async function identify(p) {
  const client = start();
  client.setIdentity(p.user_id);
  await client.createCustomer({ source_id: p.user_id, name: p.name, email: p.email, phone: p.phone,
                                metadata: { plan: p.plan } }).catch(() => undefined);
  await client.track("signed_in", { source_id: p.user_id }, { plan: p.plan }).catch(() => undefined);
}

export async function pageview() {
  const client = start();
  client.setIdentity("anon-7f3a9c21e4b8");
  await client.track("product_viewed", {}, { product: "winter-boots" }).catch(() => undefined);
}
