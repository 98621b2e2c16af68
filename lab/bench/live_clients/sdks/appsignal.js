// @appsignal/javascript — AppSignal front-end error tracking (appsignal-endpoint.net).
// Docs: new Appsignal({key, revision}); appsignal.sendError(error, span => span.setTags({...})).
import Appsignal from "@appsignal/javascript";

function start() {
  return new Appsignal({ key: "5f0e3a1c-7b9d-4e2f-a6c8-1d3b5f7e9a0c", revision: "4f2a9c1e" });
}

export async function identify(p) {
  const appsignal = start();
  await appsignal.sendError(new Error("Payment form validation failed"), (span) => {
    span.setTags({ user_id: p.user_id, email: p.email, name: p.name, phone: p.phone, plan: p.plan });
  });
}

export async function pageview() {
  const appsignal = start();
  await appsignal.sendError(new Error("Checkout widget failed to render: timeout after 3000 ms"), (span) => {
    span.setTags({ component: "checkout" });
  });
}
