// @honeybadger-io/js — error tracking (api.honeybadger.io).
// Set-up as the vendor documents it: Honeybadger.configure({apiKey, environment, revision}),
// Honeybadger.setContext({user_id, user_email, ...}) for the user, Honeybadger.notify(error).
import Honeybadger from "@honeybadger-io/js";

function start() {
  Honeybadger.configure({
    apiKey: "hbp_k3Tq9ZxW2mLp7Rv4Ns8Yc1Fd6Bh0Ja5Ge",
    environment: "production",
    revision: "4f2a9c1e",
  });
}

export async function identify(p) {
  start();
  Honeybadger.setContext({ user_id: p.user_id, user_email: p.email, user_name: p.name, user_phone: p.phone, plan: p.plan });
  await Honeybadger.notifyAsync(new Error("Payment form validation failed"), { component: "checkout" });
  await Honeybadger.flushAsync();
}

export async function pageview() {
  start();
  await Honeybadger.notifyAsync(new Error("Checkout widget failed to render: timeout after 3000 ms"), { component: "checkout" });
  await Honeybadger.flushAsync();
}
