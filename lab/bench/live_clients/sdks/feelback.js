// @feelback/js — Feelback's client: feedback on a page or a piece of content (reactions, ratings, message forms) kept
// per content set and key, with a form's fields as the value and its metadata as context, to Feelback's API
// (api.feelback.dev/v0).
// README links the integration guide; the typings give sendFeelback({ contentSetId, key, value, metadata }) (a form
// sends its fields as `value` and its `#`-fields as metadata, as the browser set-up does) and
// getFeelbackAggregates({ contentSetId, key }) for a page's counts.
import { sendFeelback, getFeelbackAggregates } from "@feelback/js";

const CONTENT_SET = "7d1c4e92-5a3b-4f08-b6e1-2c9a0f3d8e57";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  await sendFeelback({
    contentSetId: CONTENT_SET,
    key: "$path",
    value: {
      message: "The order page keeps asking me to sign in again.",
      name: p.name,
      email: p.email,
      phone: p.phone,
    },
    metadata: { user_id: p.user_id, plan: p.plan },
    store: "none",
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  await getFeelbackAggregates({ contentSetId: CONTENT_SET, key: "$path" }).catch(() => null);
  await sendFeelback({ contentSetId: CONTENT_SET, key: "$path", value: "helpful", store: "none" }).catch(() => null);
  await settle();
}
