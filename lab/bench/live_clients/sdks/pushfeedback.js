// pushfeedback — PushFeedback's widget (PushFeedback: a feedback widget for websites and docs: visitors rate the page,
// leave a message, optionally their e-mail and a screenshot; the site owner reads them in PushFeedback's dashboard):
// Stencil web components, <feedback-button> and the <feedback-modal> it opens. The modal fetches the project's public
// settings (GET app.pushfeedback.com/api/v1/projects/<project>/: white label, reCAPTCHA), and a feedback is one JSON
// POST by fetch to app.pushfeedback.com/api/v1/feedback/ (the page's URL, the message, the e-mail, the rating, the
// `metadata` string the site sets, a session id kept in localStorage); the button also loads Google Fonts' Inter.
// README and docs ("Quickstart": <feedback-button project="<project id>" ...>Feedback</feedback-button>; attributes
// email-address to prefill the e-mail, metadata for the site's own data, rating and submit for a one-click "Was this
// page helpful?" button). The components come from the package's custom-elements build. The identify page opens the
// modal for the signed-in customer (e-mail prefilled, the shop's customer record in `metadata`) and sends a message;
// the page view page is an anonymous one-click thumbs-up.
import { defineCustomElement } from "pushfeedback/dist/components/feedback-button.js";

const PROJECT = "k3v9x2mq7p";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(check, tries = 40) {
  for (let i = 0; i < tries; i += 1) {
    const found = check();
    if (found) return found;
    await settle(100);
  }
  return null;
}

function button(attrs) {
  defineCustomElement();
  const el = document.createElement("feedback-button");
  el.setAttribute("project", PROJECT);
  el.setAttribute("button-position", "bottom-right");
  el.setAttribute("button-style", "dark");
  el.setAttribute("hide-screenshot-button", "true");
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.textContent = "Feedback";
  document.body.appendChild(el);
  return el;
}

async function click(el) {
  const inner = await until(() => el.shadowRoot && el.shadowRoot.querySelector("button"));
  if (inner) inner.click();
}

export async function identify(p) {
  const el = button({
    "email-address": p.email,
    metadata: JSON.stringify({ customer_id: p.user_id, name: p.name, phone: p.phone, plan: p.plan }),
  });
  await click(el);
  const modal = document.querySelector("feedback-modal");
  const textarea = await until(() => modal && modal.shadowRoot && modal.shadowRoot.querySelector("textarea"));
  if (textarea) {
    textarea.value = `The size guide for the winter boots is confusing. Please call me on ${p.phone}, ${p.name}.`;
    textarea.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    await settle(100);
    const form = modal.shadowRoot.querySelector("form");
    if (form) form.requestSubmit();
  }
  await settle(1000);
}

export async function pageview() {
  // "Was this page helpful?" answered yes: one click, no message, no e-mail.
  const el = button({ rating: "1", submit: "true" });
  await settle(300);
  await click(el);
  await settle(1000);
}
