// @backtrace/browser — Backtrace (Sauce Labs) error reporting (submit.backtrace.io).
// README "Integrate the SDK": BacktraceClient.initialize({name, version, url:
// https://submit.backtrace.io/<universe>/<token>/json}); "Attributes": client.addAttribute({...}) once the
// user is known; "Manually send an error": await client.send(error, attributes).
import { BacktraceClient } from "@backtrace/browser";

const URL = "https://submit.backtrace.io/webshop/8d3f1c7a2b9e4f60a5c1d7e3b2f49a8c6e1d0b7f3a2c9e5d4b1f8a7c6e3d2b10/json";

function start() {
  return BacktraceClient.initialize({ name: "web-shop", version: "4.2.0", url: URL, userAttributes: { release: "PROD" } });
}

export async function identify(p) {
  const client = start();
  client.addAttribute({ "user.id": p.user_id, "user.name": p.name, "user.email": p.email, "user.phone": p.phone, plan: p.plan });
  await client.send(new Error("Payment form validation failed"), { component: "checkout" });
}

export async function pageview() {
  const client = start();
  await client.send(new Error("Checkout widget failed to render: timeout after 3000 ms"), { component: "checkout" });
}
