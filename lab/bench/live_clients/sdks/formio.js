// @formio/core — Form.io's core library and JavaScript SDK (Form.io: a form and data-management platform; a site's
// forms and their submissions live in its Form.io project, e.g. https://<project>.form.io, which runs the form's
// actions: e-mails, webhooks, resources): the SDK's Formio class loads a form's definition (GET <form URL>) and saves
// a submission (POST <form URL>/submission, JSON { data }), each by fetch (fetch-ponyfill) with no key for a public
// form.
// Docs (Form.io's JavaScript SDK: "const formio = new Formio('https://examples.form.io/example'); formio.loadForm()
// ... formio.saveSubmission({ data: { firstName: 'Joe', lastName: 'Smith' } })", and Formio.setBaseUrl /
// setProjectUrl for a hosted project). The shop's contact form is submitted for the signed-in customer; the page view
// page loads the "Was this page helpful?" form and saves an anonymous vote.
import { Formio } from "@formio/core/sdk";

const PROJECT = "https://examplesshop.form.io";

Formio.setBaseUrl("https://api.form.io");
Formio.setProjectUrl(PROJECT);

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const formio = new Formio(`${PROJECT}/contact`);
  await formio.saveSubmission({
    data: {
      firstName: p.first_name,
      lastName: p.last_name,
      email: p.email,
      phoneNumber: p.phone,
      customerId: p.user_id,
      plan: p.plan,
      message: "My winter boots order has not arrived yet, could you call me back?",
      submit: true,
    },
  }).catch(() => null);
  await settle(500);
}

export async function pageview() {
  const formio = new Formio(`${PROJECT}/pagefeedback`);
  await formio.loadForm().catch(() => null);
  await formio.saveSubmission({ data: { page: "/products/winter-boots", helpful: "yes", submit: true } })
    .catch(() => null);
  await settle(500);
}
