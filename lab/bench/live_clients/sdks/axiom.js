// @axiomhq/js — Axiom (api.axiom.co). README: new Axiom({token}); axiom.ingest(dataset, [events]);
// await axiom.flush(). In a browser the events go as NDJSON, gzip-compressed (CompressionStream).
import { Axiom } from "@axiomhq/js";

function start() {
  return new Axiom({ token: "xaat-6b1f4c2e-9d7a-4e3b-8c5f-2a1d7e9b3c60", axiomClient: "shop-web/2.14.0" });
}

export async function identify(p) {
  const axiom = start();
  axiom.ingest("shop-web", [{
    event: "signed_in", level: "info", plan: p.plan,
    user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone },
  }]);
  await axiom.flush();
}

export async function pageview() {
  const axiom = start();
  axiom.ingest("shop-web", [{ level: "error", message: "Checkout widget failed to render: timeout after 3000 ms", component: "checkout" }]);
  await axiom.flush();
}
