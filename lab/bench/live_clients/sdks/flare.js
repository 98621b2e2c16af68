// @flareapp/js — Flare (Spatie) JavaScript error tracking (ingress.flareapp.io).
// flareapp.io docs "JavaScript error tracking": flare.light(key) starts reporting (uncaught errors too);
// flare.addContext(name, value) / flare.addContextGroup(group, values) add context such as the user;
// flare.glow(name, level, data) leaves a breadcrumb; flare.report(error) reports a handled error.
import { flare } from "@flareapp/js";

let started = false;

function start() {
  if (!started) {
    flare.light("fk_7Qm2xV9pL4rT8wZ3nB6cY1dH");
    flare.configure({ stage: "production" });
    started = true;
  }
  return flare;
}

export async function identify(p) {
  const f = start();
  f.addContextGroup("user", { id: p.user_id, name: p.name, email: p.email, phone: p.phone });
  f.addContext("plan", p.plan);
  f.glow("signed in", "info", { plan: p.plan });
  await f.report(new Error("Payment form failed to load saved cards"));
}

export async function pageview() {
  await start().report(new Error("Checkout widget failed to render: timeout after 3000 ms"));
}
