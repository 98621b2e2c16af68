// atatus-spa — Atatus RUM and error tracking.
// README: atatus.config(apiKey).install(); docs: atatus.setUser(id, email, name),
// atatus.notify(error, customData).
import atatus from "atatus-spa";

export async function identify(p) {
  atatus.config("8c2e6f1a9b3d4c7e5f0a2b4d6e8f1a3c").install();
  atatus.setUser(p.user_id, p.email, p.name);
  atatus.setCustomData({ phone: p.phone, plan: p.plan });
  atatus.notify(new Error("Payment form validation failed"), { component: "checkout" });
}

export async function pageview() {
  atatus.config("8c2e6f1a9b3d4c7e5f0a2b4d6e8f1a3c").install();
  atatus.notify(new Error("Checkout widget failed to render: timeout after 3000 ms"), { component: "checkout" });
}
