// @contentstack/personalize-edge-sdk — Contentstack Personalize, A/B testing and personalization at the edge:
// the manifest of active experiences, impressions, events and user attributes to personalize-edge.contentstack.com.
// README "Initializing the SDK" and the SDK's API reference (sdk.d.ts): const sdk = await Personalize.init(projectUid)
// fetches the manifest (the user id comes back with it); sdk.setUserId(userId, {preserveUserAttributes}) identifies
// the user; sdk.set(attributes) sets user attributes; sdk.triggerImpression(experienceShortUid) when an experience is
// shown; sdk.triggerEvent(eventKey) for a conversion event.
import Personalize from "@contentstack/personalize-edge-sdk";

const PROJECT_UID = "6571c2a9b7d3e40012ab34cd";

export async function identify(p) {
  const sdk = await Personalize.init(PROJECT_UID);
  await sdk.setUserId(p.user_id, { preserveUserAttributes: true });
  await sdk.set({ name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await sdk.triggerEvent("signedIn");
}

export async function pageview() {
  const sdk = await Personalize.init(PROJECT_UID);
  await sdk.triggerImpression("a");
}
