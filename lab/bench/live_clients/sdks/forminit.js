// forminit — Forminit's JavaScript SDK (Forminit: a form backend; a site's forms are posted to Forminit, which stores
// the submissions, mails them to the site owner and forwards them to integrations, with no server of the site's own):
// submit(formId, data) posts a FormData as multipart (or a { blocks } object as JSON) by fetch to forminit.com/f/<form
// id> (the default base URL, no key in the browser), with a FormInit-SDK-Version header; in the browser it adds a
// tracking block with the page's UTM and click ids when the URL has any.
// README ("HTML Usage", "Configuration", "Example Usage with Different Block Types"): new Forminit() (no API key
// client-side), then const { data, redirectUrl, error } = await forminit.submit(formId, new FormData(form)); fields are
// named by block: fi-sender-<property> (firstName, lastName, email, phone, ...) for the sender block, fi-text-<name>
// for a text block. The page fills its contact form for the signed-in customer and submits it as the README does.
import { Forminit } from "forminit";

const CONTACT_FORM = "f7k2m9xq4w";
const QUESTION_FORM = "q3v8n1zt6p";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function form(fields) {
  const el = document.createElement("form");
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement(name === "fi-text-message" ? "textarea" : "input");
    input.name = name;
    input.value = value;
    el.appendChild(input);
  }
  document.body.appendChild(el);
  return el;
}

export async function identify(p) {
  const el = form({
    "fi-sender-firstName": p.first_name,
    "fi-sender-lastName": p.last_name,
    "fi-sender-email": p.email,
    "fi-sender-phone": p.phone,
    "fi-text-customer_id": p.user_id,
    "fi-text-message": "My winter boots order has not arrived yet, could you call me back?",
  });
  const forminit = new Forminit();
  await forminit.submit(CONTACT_FORM, new FormData(el)).catch(() => null);
  await settle(800);
}

export async function pageview() {
  // An anonymous visitor's question about the product: no sender block.
  const el = form({
    "fi-text-product": "winter-boots",
    "fi-text-message": "Do the winter boots run true to size?",
  });
  const forminit = new Forminit();
  await forminit.submit(QUESTION_FORM, new FormData(el)).catch(() => null);
  await settle(800);
}
