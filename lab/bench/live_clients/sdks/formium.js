// @formium/client — Formium's JavaScript client (Formium: a form backend by the authors of Formik: a site's forms
// are stored by Formium, which sends thank-you e-mails, Slack messages and webhooks on each submission, with no server
// of the site's own): in the browser, submitForm(formSlug, data) posts the values (an object, or a FormData turned into
// one) as JSON by fetch to api.formium.io/submit/<project>/<form slug>, with X-Formik-Client headers and no key.
// README (the package's, and its docs' "Browser" section: "In a browser, this package allows you to send form
// submissions and upload files to your Formium Forms through the Formium REST API"): const formium =
// createClient(projectId); await formium.submitForm(formSlug, data). The shop's contact form is submitted for the
// signed-in customer from the form element, as a FormData; the page view page sends an anonymous visitor's question
// about a product (no name, no e-mail).
import { createClient } from "@formium/client";

const PROJECT_ID = "5f8a2c91d3e4b70017a6c2d4";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function form(fields) {
  const el = document.createElement("form");
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement(name === "message" ? "textarea" : "input");
    input.name = name;
    input.value = value;
    el.appendChild(input);
  }
  document.body.appendChild(el);
  return el;
}

export async function identify(p) {
  const el = form({
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
    phone: p.phone,
    customerId: p.user_id,
    message: "My winter boots order has not arrived yet, could you call me back?",
  });
  const formium = createClient(PROJECT_ID);
  await formium.submitForm("contact-us", new FormData(el)).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const formium = createClient(PROJECT_ID);
  await formium.submitForm("product-question", {
    product: "winter-boots",
    question: "Do the winter boots run true to size?",
  }).catch(() => null);
  await settle(800);
}
