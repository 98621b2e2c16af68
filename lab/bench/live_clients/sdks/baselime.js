// @baselime/react-rum — Baselime (Cloudflare) real-user monitoring for React apps: page loads, web vitals, errors and
// custom events, batched to events.baselime.io/v1/<dataset> with the user id and session of the page.
// README "Usage", "Custom Events" and "Setting the active user": the <BaselimeRum apiKey={publicApiKey}> component at
// the root of the app; inside it, useBaselimeRum() gives sendEvent(message, payload), setUser(userId) and
// captureException(error). The page mounts a small React root with one child that hands the hook's functions out.
import React, { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { BaselimeRum, useBaselimeRum } from "@baselime/react-rum";

const h = React.createElement;
const waiting = [];
let mounted = null;

function Bridge() {
  const rum = useBaselimeRum();
  useEffect(() => {
    for (const resolve of waiting.splice(0)) resolve(rum);
  });
  return null;
}

// The next rendered hook value (after a mount or a state change such as setUser).
function nextRender() {
  return new Promise((resolve) => waiting.push(resolve));
}

function start() {
  if (!mounted) {
    const el = document.createElement("div");
    el.id = "rum-root";
    document.body.appendChild(el);
    mounted = nextRender();
    createRoot(el).render(h(BaselimeRum, { apiKey: "bl_pub_4e9a7c2f1d8b6e3a5c0f", service: "example-shop-web" }, h(Bridge)));
  }
  return mounted;
}

export async function identify(p) {
  let rum = await start();
  const rendered = nextRender();
  rum.setUser(p.user_id);
  rum = await rendered;
  rum.sendEvent("Signed in", { user: { name: p.name, email: p.email, phone: p.phone }, plan: p.plan });
}

export async function pageview() {
  const rum = await start();
  rum.sendEvent("Product viewed", { product: "winter-boots", price: 129 });
}
