// @cosmicjs/sdk — Cosmic's official JavaScript SDK (Cosmic: a hosted headless CMS; a shop keeps its catalogue and the
// forms its customers send as Objects of a Bucket): createBucketClient({ bucketSlug, readKey, writeKey }) sends every
// call by XHR (axios) to api.cosmicjs.com/v3/buckets/<slug>/; objects.find(query).props(...).limit(n) is a GET of
// /objects with the read key, the query as JSON and the props in the query string, objects.insertOne({ title, type,
// metadata }) a JSON POST of /objects with the write key as a bearer token. README (const cosmic =
// createBucketClient({ bucketSlug: 'BUCKET_SLUG', readKey: 'BUCKET_READ_KEY', writeKey: 'BUCKET_WRITE_KEY' }); await
// cosmic.objects.insertOne({ title: 'Blog Post Title', type: 'posts', metadata: { content: 'Here is the blog post
// content...', seo_description: 'This is the blog post SEO description.' } }); const posts = await
// cosmic.objects.find({ type: 'posts' }).props(['title', 'slug', 'metadata']).limit(10)). The identify page saves the
// signed-in customer's return request as an Object (the title naming them, their id, first and last name, e-mail,
// phone, plan and message as metadata) and lists their earlier requests by their id; the page view page reads the
// boots' product Object and their buying guides.
import { createBucketClient } from "@cosmicjs/sdk";

const cosmic = createBucketClient({
  bucketSlug: "example-shop-production",
  readKey: "Xk29QwLm4Tz8Vb1Nc6Pd3Hf0Jg5Ys2AeRu7WmKq",
  writeKey: "Wq7Rt1Vb3Nc9Mx4Lp2Kd8Hf5Jg0Ys6AeZu3TiPo",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// find() and findOne() return a thenable without catch(): awaited inside try, an error answer is let go.
async function quietly(call) {
  try {
    await call();
  } catch (e) {
    // a rejected call: the page goes on
  }
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  await quietly(() => cosmic.objects.insertOne({
    title: `Return request from ${p.name}`,
    type: "return-requests",
    metadata: {
      customer_id: p.user_id,
      first_name: first,
      last_name: rest.join(" "),
      email: p.email,
      phone: p.phone,
      plan: p.plan,
      product: "leather-winter-boots",
      message: `Hello, this is ${p.name}. The boots are too small; please send a label to ${p.email} `
        + `or call ${p.phone}.`,
    },
  }));
  await quietly(() => cosmic.objects.find({ type: "return-requests", "metadata.customer_id": p.user_id })
    .props(["id", "title", "created_at", "metadata"]).limit(10));
  await settle(300);
}

export async function pageview() {
  await quietly(() => cosmic.objects.findOne({ type: "products", slug: "leather-winter-boots" })
    .props(["title", "slug", "metadata"]));
  await quietly(() => cosmic.objects.find({ type: "buying-guides", "metadata.category": "boots" })
    .props(["title", "slug"]).limit(5));
  await settle(300);
}
