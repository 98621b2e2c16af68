// @exceptionless/browser — Exceptionless (collector.exceptionless.io, config.exceptionless.io,
// heartbeat.exceptionless.io). README: await Exceptionless.startup(c => { c.apiKey = ...;
// c.setUserIdentity(id, name); c.useSessions(); }); docs: the event builder's
// setUserDescription(email, description) and setProperty(name, value), then submit();
// processQueue() sends the queue now (it is otherwise sent every 10 s).
import { Exceptionless } from "@exceptionless/browser";

const API_KEY = "Xk4Tq9Zb2Wm7Lp3Rv8Nc5Yd1Fh6Gj0Sa2EuQo7";

export async function identify(p) {
  await Exceptionless.startup((c) => {
    c.apiKey = API_KEY;
    c.setUserIdentity(p.user_id, p.name);
    c.useSessions();
    c.defaultData["plan"] = p.plan;
  });
  await Exceptionless.createException(new Error("Payment form validation failed"))
    .setUserDescription(p.email, "Card form rejected on checkout")
    .setProperty("phone", p.phone)
    .submit();
  await Exceptionless.processQueue();
}

export async function pageview() {
  await Exceptionless.startup((c) => {
    c.apiKey = API_KEY;
  });
  await Exceptionless.createException(new Error("Checkout widget failed to render: timeout after 3000 ms"))
    .setProperty("component", "checkout")
    .submit();
  await Exceptionless.processQueue();
}
