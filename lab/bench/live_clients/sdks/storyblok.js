// storyblok-js-client — Storyblok's official JavaScript client (Storyblok: a hosted headless CMS; a shop keeps its
// catalogue pages and the requests its customers send as stories of a space): new StoryblokClient({ oauthToken })
// sends Management API calls by fetch to api.storyblok.com/v1 with the token in Authorization, new StoryblokClient({
// accessToken }) Content Delivery calls to api.storyblok.com/v2 with the token in the query string; post("spaces/<id>/
// stories", { story, publish }) is one JSON POST (the story's name, slug and content whole), get("cdn/stories", {
// starts_with, filter_query, ... }) a GET with the parameters in the query string. README (const Storyblok = new
// StoryblokClient({ oauthToken: 'YOUR_OAUTH_TOKEN' }); Storyblok.post('spaces/your_space_id/stories', { story: { name:
// 'xy', slug: 'xy' } }); const Storyblok = new StoryblokClient({ accessToken: 'YOUR_ACCESS_TOKEN' });
// Storyblok.get('cdn/stories', { version: 'draft' })). The identify page saves the signed-in customer's return request
// as a story in the returns folder (its name naming them, their id, first and last name, e-mail, phone, plan and
// message as content) and lists their earlier requests by their id; the page view page reads the boots' product story
// and their buying guides.
import StoryblokClient from "storyblok-js-client";

const SPACE = "287413";
const RETURNS_FOLDER = 612098341;
const management = new StoryblokClient({ oauthToken: "Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4-287413-Mx7Rt1Vb3Nc9",
  maxRetries: 1 });
const delivery = new StoryblokClient({ accessToken: "Xk29QwLm4Tz8Vb1Nc6Pd3Hf0tt", maxRetries: 1 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await management.post(`spaces/${SPACE}/stories`, {
    story: {
      name: `Return request from ${p.name}`,
      slug: `return-request-${Date.now()}`,
      parent_id: RETURNS_FOLDER,
      content: {
        component: "return_request",
        customer_id: p.user_id,
        first_name: p.first_name,
        last_name: p.last_name,
        email: p.email,
        phone: p.phone,
        plan: p.plan,
        product: "leather-winter-boots",
        message: `Hello, this is ${p.name}. The boots are too small; please send a label to ${p.email} `
          + `or call ${p.phone}.`,
      },
    },
    publish: 1,
  }).catch(() => null);
  await delivery.get("cdn/stories", {
    starts_with: "returns/",
    filter_query: { customer_id: { in: p.user_id } },
    per_page: 5,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await delivery.get("cdn/stories/products/leather-winter-boots", { version: "published" }).catch(() => null);
  await delivery.get("cdn/stories", { starts_with: "buying-guides/", per_page: 5 }).catch(() => null);
  await settle(300);
}
