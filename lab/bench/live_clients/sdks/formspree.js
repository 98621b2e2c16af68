// @formspree/core — Formspree's core client library (form backend: a site's forms are posted to Formspree, which
// stores the submissions and mails them to the site owner): submitForm posts the fields as JSON to
// formspree.io/f/<form key> (the default endpoint), with the client's name and a Formspree-Session-Data header
// (base64 of the session's browser data).
// README points to formspree.io; the package's typings: createClient({ project }) / getDefaultClient(), then
// client.submitForm(formKey, data, { clientName, endpoint }) (data: a FormData or a record of field values), which
// resolves to a SubmissionSuccess ({ next }) or a SubmissionError (form and field errors).
import { getDefaultClient } from "@formspree/core";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const client = getDefaultClient();
  await client.submitForm("xrbgkqvd", {
    name: p.name,
    email: p.email,
    phone: p.phone,
    customer_id: p.user_id,
    message: "My order has not arrived yet, please call me back.",
  }, { clientName: "example-shop" }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const client = getDefaultClient();
  await client.submitForm("mqkzevpa", {
    rating: "5",
    page: "/products/winter-boots",
    comment: "The size guide was helpful.",
  }, { clientName: "example-shop" }).catch(() => null);
  await settle(800);
}
