// @beehiiv/sdk — beehiiv's official TypeScript SDK for its API v2 (beehiiv: a newsletter platform; a shop signs its
// customers up to its newsletter at checkout): new BeehiivClient({ token }) sends every call by fetch to
// api.beehiiv.com/v2 with the key as a bearer token (a Fern client); subscriptions.create(publicationId, { email,
// custom_fields, ... }) is one JSON POST of /publications/<id>/subscriptions (the e-mail and custom fields whole),
// subscriptionTags.create(publicationId, subscriptionId, { tags }) a JSON POST of
// /publications/<id>/subscriptions/<id>/tags, posts.index() and publications.show() GETs. README (const client = new
// BeehiivClient({ token: "YOUR_TOKEN" }); await client.subscriptions.create("pub_00000000-0000-0000-0000-000000000000",
// { email: "bruce.wayne@wayneenterprise.com" })). The identify page subscribes the signed-in customer (their e-mail;
// their name, phone, id and plan as custom fields) and tags the subscription; the page view page lists the latest posts
// and reads the publication.
import { BeehiivClient } from "@beehiiv/sdk";

const beehiiv = new BeehiivClient({ token: "bh_Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAeU2iO7tQ4wMx7Ct1" });
const PUB = "pub_6f2a9c4e-1b8d-4e3f-a7c5-9d2b4f6a8c13";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const created = await beehiiv.subscriptions.create(PUB, {
    email: p.email,
    reactivate_existing: false,
    send_welcome_email: true,
    utm_source: "shop.example",
    utm_medium: "checkout",
    referring_site: "https://shop.example/account",
    custom_fields: [
      { name: "Full name", value: p.name },
      { name: "Phone", value: p.phone },
      { name: "Customer ID", value: p.user_id },
      { name: "Plan", value: p.plan },
    ],
  }).catch(() => null);
  const id = created && created.data ? created.data.id : null;
  if (id) {
    await beehiiv.subscriptionTags.create(PUB, id, { tags: ["customer", "boots"] }).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await beehiiv.posts.index(PUB, { status: "confirmed", limit: 3 }).catch(() => null);
  await beehiiv.publications.show(PUB).catch(() => null);
  await settle(300);
}
