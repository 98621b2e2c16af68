// xendit — Xendit's official client, xendit-node (Xendit: payments in Southeast Asia, invoices and payment links; a
// shop registers its customers and bills them): new Xendit({ secretKey }) sends every call by fetch (an OpenAPI
// Generator client) to api.xendit.co with the secret key in Basic auth; Customer.createCustomer({ data }) is one JSON
// POST of /customers (the customer whole), Invoice.createInvoice({ data }) a JSON POST of /v2/invoices/ (the payer's
// e-mail and the customer whole), Balance.getBalance() and Invoice.getInvoices() GETs of /balance and /v2/invoices.
// README (const xenditClient = new Xendit({ secretKey: SECRET_KEY }); const { Customer } = xenditClient; const
// response: Customer = await Customer.createCustomer({ data })). The identify page registers the signed-in customer
// (their name, e-mail, mobile number; their id as the reference id) and issues an invoice for their order with them as
// the customer; the page view page reads the balance and lists the recent invoices.
import { Xendit } from "xendit-node";

const xendit = new Xendit({ secretKey: "xnd_production_Qk7Lm2Xv9Tr4Wz8Np3Hs6Dc1Bj5Ga0FyQe2Uo8Ri4Tn6Sm3Pq" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const mobile = p.phone.replace(/[^+\d]/g, "");
  await xendit.Customer.createCustomer({
    data: {
      referenceId: p.user_id,
      type: "INDIVIDUAL",
      individualDetail: { givenNames: p.first_name, surname: p.last_name },
      email: p.email,
      mobileNumber: mobile,
      description: "Example Shop storefront customer",
      metadata: { plan: p.plan },
    },
  }).catch(() => null);
  await xendit.Invoice.createInvoice({
    data: {
      externalId: "ORD-20418",
      amount: 129,
      currency: "USD",
      payerEmail: p.email,
      description: "Example Shop order ORD-20418 (winter boots)",
      customer: { givenNames: p.first_name, surname: p.last_name, email: p.email, mobileNumber: mobile,
        customerId: p.user_id },
      items: [{ name: "Winter boots", quantity: 1, price: 129 }],
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await xendit.Balance.getBalance({ accountType: "CASH", currency: "USD" }).catch(() => null);
  await xendit.Invoice.getInvoices({ limit: 10, statuses: ["PAID"] }).catch(() => null);
  await settle(300);
}
