// featurehub-javascript-client-sdk — FeatureHub feature flags, its Edge API (app.featurehub.io, the vendor's
// default Edge URL in the SDK).
// README "Browser": new EdgeFeatureHubConfig(edgeUrl, apiKey) with a server-evaluated key; a context from
// newContext().userKey(id).attributeValue(key, value).build() (the context travels to the Edge, which evaluates);
// context.feature(key).flag / isEnabled(key).
import { EdgeFeatureHubConfig } from "featurehub-javascript-client-sdk";

function config() {
  return new EdgeFeatureHubConfig("https://app.featurehub.io/vanilla",
                                  "4f2b9c71-8e3a-4d6f-b0c5-1a7e9d3f2b68/Qk7Lm2Vx9Rt4Wz8Np3Bc6Yd1Hf5Gs0Ja");
}

export async function identify(p) {
  const ctx = await config().newContext()
    .userKey(p.user_id)
    .attributeValue("name", p.name)
    .attributeValue("email", p.email)
    .attributeValue("phone", p.phone)
    .attributeValue("plan", p.plan)
    .build();
  ctx.feature("new_checkout").flag;
}

export async function pageview() {
  // An anonymous visitor: a session key of the shop's own making.
  const ctx = await config().newContext().sessionKey(crypto.randomUUID()).build();
  ctx.isEnabled("new_checkout");
}
