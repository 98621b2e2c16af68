// @builder.io/sdk — Builder.io's core SDK: content (with A/B test variations) from its Content API, targeted by user
// attributes, and tracked impressions, events and conversions (cdn.builder.io/api/v3/query, /api/v1/track).
// README: builder.init(YOUR_KEY); builder.setUserAttributes({...}) ("optional custom targeting");
// builder.get(YOUR_MODEL_NAME, {...}).promise(); the Builder class's typings (dist/src/builder.class.d.ts):
// track(eventName, properties), trackImpression(contentId, variationId), trackConversion(amount).
import { builder } from "@builder.io/sdk";

const API_KEY = "2c7e9a4f1b8d4e6a9c3f5e1a7b0d2c84";
let started = false;

function start() {
  if (!started) {
    builder.init(API_KEY);
    started = true;
  }
}

async function banner() {
  const content = await builder.get("announcement-bar", { userAttributes: { urlPath: location.pathname } }).promise();
  if (content && content.id) builder.trackImpression(content.id, content.variationId);
  return content;
}

export async function identify(p) {
  start();
  builder.setUserAttributes({ userId: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await banner();
  builder.track("signed_in", { meta: { plan: p.plan } });
}

export async function pageview() {
  start();
  await banner();
  builder.trackConversion(129);
}
