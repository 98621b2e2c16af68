// @knowbl_ai/nexus-chat — Knowbl's Nexus chat widget (Knowbl: an AI customer-support assistant platform; the widget is
// the site's chat window to an "experience", its configured assistant): initWidget({ experienceId, apiUrl, advanced })
// renders the launcher and chat window; each message the visitor sends is one JSON POST by fetch to
// <apiUrl>/query (nexus-api.knowbl.com/api/v2 by default) with the text, the experience id, the session id the
// backend returns, `advanced.userId` (the user's identifier: "UUID, email address, numeric ID, or custom string")
// and `advanced.metadata` with the device's details; the JSON answer (answer, session id, citations) is shown.
// README (initWidget({ experienceId: "your-experience-id", apiUrl: "https://nexus-api.knowbl.com/api/v2" }), the
// WidgetConfig typings: advanced.userId, advanced.metadata "included with message"). The widget has no call to send
// a message, so the page types into its input and presses Enter, as a visitor does.
// The identify page is the signed-in customer's support chat: the customer's id as the user id, the shop's metadata
// with their name, e-mail, phone and plan, and a question written by the customer with their name and phone; the
// page view page asks an anonymous product question.
import { initWidget } from "@knowbl_ai/nexus-chat";

const EXPERIENCE_ID = "exp_7c4e9a2b5d1f8036";
const API_URL = "https://nexus-api.knowbl.com/api/v2";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function ask(advanced, text) {
  const widget = initWidget({ experienceId: EXPERIENCE_ID, apiUrl: API_URL, disableTabSync: true, advanced });
  widget.open();
  let input = null;
  for (let i = 0; i < 40 && !input; i++) {
    await settle(100);
    input = document.querySelector("[data-ncw-input] textarea");
  }
  if (!input) return;
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  await settle(200);
  input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  await settle(1500);
}

export async function identify(p) {
  await ask(
    { userId: p.user_id, metadata: { customer_name: p.name, customer_email: p.email, customer_phone: p.phone,
      plan: p.plan } },
    `Hi, this is ${p.name}. My order hasn't arrived yet, can you text me at ${p.phone} or email ${p.email}?`,
  );
}

export async function pageview() {
  await ask({}, "Are these boots waterproof?");
}
