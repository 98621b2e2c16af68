// @outlit/browser — Outlit customer-journey analytics (app.outlit.ai, batched ingest).
// Package docs (README of @outlit/browser, its types): init({publicKey, trackPageviews}); setUser({email,
// userId, traits}) after sign-in; track(name, properties). Events are batched (5 s timer and page exit).
import { init, setUser, track } from "@outlit/browser";

function start() {
  init({ publicKey: "pk_live_4Nq8Wz2Rm7Xk3Lt9Vb6Yc1Hd5Fg0Js", trackPageviews: true, flushInterval: 1000 });
}

export async function identify(p) {
  start();
  setUser({ email: p.email, userId: p.user_id, traits: { name: p.name, phone: p.phone, plan: p.plan } });
  track("signed_in", { plan: p.plan });
}

export async function pageview() {
  start();
}
