// singular-sdk — Singular's Web SDK: marketing attribution and event measurement, sessions, page visits, events and
// revenue for a device and the signed-in user's custom id, to sdk-api-v1.singular.net.
// The package ships only a title as its README; the set-up follows Singular's Web SDK guide for npm, as the
// package's exports give it: singularSdk.init(new SingularConfig(sdkKey, sdkSecret, productId)),
// singularSdk.login(customUserId), singularSdk.event(eventName, attributes) and singularSdk.pageVisit().
import { singularSdk, SingularConfig } from "singular-sdk";

let started = false;

function start() {
  if (!started) {
    singularSdk.init(new SingularConfig("exampleshop_7c2e", "4f2a9c1e7b8d3e6a0f5c2b7e9a1d4c8e", "com.example.shop.web"));
    started = true;
  }
  return singularSdk;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const singular = start();
  singular.login(p.user_id);
  singular.event("sign_in", { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await settle();
}

export async function pageview() {
  const singular = start();
  singular.pageVisit();
  singular.event("view_product", { product: "winter-boots-129", price: 129 });
  await settle();
}
