// contentful-management — Contentful's Content Management API client (Contentful: a hosted headless CMS; a site's
// forms can store entries in its space through the CMA, api.contentful.com): createClient({ accessToken }, { defaults:
// { spaceId, environmentId } }) sends every call by XHR (axios) with the token as a bearer token;
// entry.create({ contentTypeId }, { fields }) is one JSON POST to /spaces/<space>/environments/<env>/entries (the
// content type in X-Contentful-Content-Type, each field by locale), entry.getMany({ query }) a GET of the same path with
// the query string.
// README (const scopedClient = createClient({ accessToken: 'YOUR_ACCESS_TOKEN' }, { defaults: { spaceId: '<space_id>',
// environmentId: '<environment_id>' } }); scopedClient.entry.getMany({ query: { skip: 10, limit: 100 } })). The
// identify page is the signed-in customer's newsletter and back-in-stock sign-up, saved as a "signup" entry (their
// customer number, first and last name, e-mail, phone and a note naming them) after looking up earlier sign-ups by
// customer number; the page view page reads the boots' buying guides.
import { createClient } from "contentful-management";

const client = createClient(
  { accessToken: "CFPAT-h3Kq9vLx2Rm7Tz4Wc8Nb1Yp6Jd5Gs0Fa3Ue9Io2Mt7Qw" },
  { defaults: { spaceId: "x8q2k7m4n9z1", environmentId: "master" } },
);

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.entry.getMany({ query: { content_type: "signup", "fields.customerId": p.user_id, limit: 5 } })
    .catch(() => null);
  const en = (value) => ({ "en-US": value });
  await client.entry.create({ contentTypeId: "signup" }, {
    fields: {
      customerId: en(p.user_id), firstName: en(p.first_name), lastName: en(p.last_name), email: en(p.email),
      phone: en(p.phone), product: en("winter-boots"), plan: en(p.plan),
      note: en(`${p.name} would like a text on ${p.phone} when size 39 is back.`),
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.entry.getMany({ query: { content_type: "buyingGuide", "fields.category": "boots", limit: 6 } })
    .catch(() => null);
  await settle(300);
}
