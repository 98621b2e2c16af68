// frappe-js-sdk — the Frappe Framework's JavaScript client (the framework under ERPNext and Frappe CRM): documents of
// any DocType created, read and listed over the site's REST API (/api/resource/<DocType>), with an API key and secret
// as a token, at the site's own domain (example-shop.frappe.cloud here).
// README ("Initialising the library", "Database"): new FrappeApp(url, { useToken, token, type }), then
// app.db().createDoc(doctype, fields), getDocList(doctype, { fields, filters, limit }); custom fields are named
// custom_* in Frappe 15.
import { FrappeApp } from "frappe-js-sdk";

const SITE = "https://example-shop.frappe.cloud";

function db() {
  const app = new FrappeApp(SITE, { useToken: true, token: () => "4f7a2c9e1b3d5a8:9c2e4a6b8d0f1e3", type: "token" });
  return app.db();
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  await db().createDoc("Lead", {
    lead_name: p.name,
    first_name: p.first_name,
    last_name: p.last_name,
    email_id: p.email,
    mobile_no: p.phone,
    source: "Website",
    custom_customer_id: p.user_id,
    custom_plan: p.plan,
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  await db().getDocList("Item", {
    fields: ["item_code", "item_name", "standard_rate"],
    filters: [["item_group", "=", "Footwear"]],
    limit: 12,
  }).catch(() => null);
  await settle();
}
