// @kontent-ai/management-sdk — Kontent.ai's official Management API SDK (Kontent.ai: a hosted headless CMS; a shop keeps
// its catalogue and the requests its customers send as content items): createManagementClient({ environmentId, apiKey
// }) sends every call by XHR (axios) to manage.kontent.ai/v2/projects/<environment id> with the key as a bearer token
// and the SDK in X-KC-SDKID; addContentItem().withData({ name, type, external_id }) is one JSON POST of /items,
// upsertLanguageVariant().byItemId(id).byLanguageCodename(lang).withData(builder => ({ elements })) a JSON PUT of
// /items/<id>/variants/codename/<lang> (each element's codename and value), viewContentItem().byItemCodename(c) a GET
// of /items/codename/<c>, listContentItems() a GET of /items. README (const client = createManagementClient({
// environmentId: 'xxx', apiKey: 'yyy' }); const response = await client.listContentTypes().toPromise()). The identify
// page saves the signed-in customer's return request as a content item (its name naming them, its external id their
// id) and its English variant (their id, first and last name, e-mail, phone, plan and message as text elements); the
// page view page reads the boots' product item and lists the items.
import { createManagementClient } from "@kontent-ai/management-sdk";

const client = createManagementClient({
  environmentId: "9c1e4b2a-7d3f-4e8a-b5c6-2f1d8e9a0b3c",
  apiKey: "ew0KICAiYWxnIjogIkhTMjU2IiwNCiAgInR5cCI6ICJKV1QiDQp9.ew0KICAianRpIjogIjRiN2MyZTlhIg0KfQ.Kq2Xw9LmT4vZp1Kc8Nd3",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const added = await client.addContentItem().withData({
    name: `Return request from ${p.name}`,
    type: { codename: "return_request" },
    external_id: `return-${p.user_id}-${Date.now()}`,
  }).toPromise().catch(() => null);
  const itemId = added && added.data && added.data.id ? added.data.id : "5d2b9c1e-3f4a-4b8c-9e6d-7a1f2c3b4d5e";
  await client.upsertLanguageVariant().byItemId(itemId).byLanguageCodename("en-US").withData((builder) => ({
    elements: [
      builder.textElement({ element: { codename: "customer_id" }, value: p.user_id }),
      builder.textElement({ element: { codename: "first_name" }, value: p.first_name }),
      builder.textElement({ element: { codename: "last_name" }, value: p.last_name }),
      builder.textElement({ element: { codename: "email" }, value: p.email }),
      builder.textElement({ element: { codename: "phone" }, value: p.phone }),
      builder.textElement({ element: { codename: "plan" }, value: p.plan }),
      builder.textElement({ element: { codename: "message" }, value: `Hello, this is ${p.name}. The boots are too small; `
        + `please send a label to ${p.email} or call ${p.phone}.` }),
    ],
  })).toPromise().catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.viewContentItem().byItemCodename("leather_winter_boots").toPromise().catch(() => null);
  await client.listContentItems().toPromise().catch(() => null);
  await settle(300);
}
