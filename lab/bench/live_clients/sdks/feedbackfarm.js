// @feedbackfarm/core — Feedback.farm's core client (Feedback.farm: a feedback board a site's widget posts its users'
// bug reports and feature requests to): sendFeedback(projectId, feedbackText, type, identifier, pageName) is one JSON
// POST by fetch to api.feedback.farm/api/feedbacks/add with the project id, the text, the type (BUG, FEATURE or
// OTHER), the user's identifier ("email, id, ...") and the page's name; a site builds its own form around it.
// README ("This small package allow you to call the Feedback.farm api from your custom UI", the parameters table:
// identifier "User identifier (email, id, ...)", pageName "Page name / page url").
// The identify page sends the signed-in customer's bug report from the account page, identified by their e-mail, the
// text written by the customer with their name, customer number and phone; the page view page sends an anonymous
// feature request about the product page (no identifier).
import { sendFeedback } from "@feedbackfarm/core";

const PROJECT_ID = "p8Hq2Lk5ZtW9rX3v";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await sendFeedback(
    PROJECT_ID,
    `I can't save my new phone number (${p.phone}) on my account page. I'm ${p.name}, customer ${p.user_id}.`,
    "BUG",
    p.email,
    location.pathname,
  ).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await sendFeedback(PROJECT_ID, "Please add a size guide to the boots page.", "FEATURE", undefined,
    location.pathname).catch(() => null);
  await settle(300);
}
