// @paystack/inline-js — Paystack's InlineJS v2 (Paystack: online payments for African businesses; a site opens
// Paystack's checkout in a pop-up over its own page): new PaystackPop() adds the checkout iframe
// (checkout.paystack.com/popup); popup.checkout({ key, email, amount, firstName, lastName, phone, metadata, ... })
// sets the transaction up from the browser, one JSON POST by fetch to api.paystack.co/checkout/request_inline (the
// public key, the customer's e-mail, first and last name and phone, the amount and the metadata as a JSON string),
// then posts the returned access code to the checkout iframe and records the visitor's IP for the transaction
// (transaction/set_ip/<id>, with the merchant key the answer gave); popup.checkout({ accessCode }) loads a
// transaction the site's server has already initialised instead (a GET of transaction/verify_access_code/<code>).
// README / Paystack's InlineJS docs (const popup = new PaystackPop(); popup.checkout({ key, email, amount,
// firstName, lastName, phone, metadata, onSuccess, onLoad, onCancel, onError }), whose options are those of a
// PopupTransaction, accessCode among them). The identify page is the signed-in customer paying for the boots (their
// e-mail, first and last name and phone, their customer id and name in the metadata's custom fields); the page view
// page loads a checkout the shop's server initialised for a guest's cart (its access code, nothing about the visitor).
import PaystackPop from "@paystack/inline-js";

const KEY = "pk_test_8d3f2a7c9e1b4d6f0a5c7e9b2d4f6a8c1e3b5d7f";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const popup = new PaystackPop();
  await popup.checkout({
    key: KEY,
    email: p.email,
    amount: 1299000,
    currency: "NGN",
    firstName: p.first_name,
    lastName: p.last_name,
    phone: p.phone,
    reference: "EXSHOP-" + Date.now(),
    metadata: {
      customer_id: p.user_id,
      custom_fields: [
        { display_name: "Customer", variable_name: "customer_name", value: p.name },
        { display_name: "Customer number", variable_name: "customer_number", value: p.user_id },
      ],
    },
    onSuccess: () => null,
    onLoad: () => null,
    onCancel: () => null,
    onError: () => null,
  }).catch(() => null);
  await settle(1500);
}

export async function pageview() {
  const popup = new PaystackPop();
  await popup.checkout({
    accessCode: "kq4z8w1m3x7v2n9", onSuccess: () => null, onLoad: () => null, onCancel: () => null, onError: () => null,
  }).catch(() => null);
  await settle(1500);
}
