// @relewise/client — Relewise e-commerce personalization and recommendations, its behavioural tracking
// (api.relewise.com).
// Relewise JS SDK README "Tracking": new Tracker(datasetId, apiKey, {serverUrl}); users from
// UserFactory.byAuthenticatedId(id, temporaryId, {email, identifiers, data}) or UserFactory.byTemporaryId(id);
// tracker.trackUserUpdate({user}) updates the user's details; tracker.trackProductView({productId, user}).
import { DataValueFactory, Tracker, UserFactory } from "@relewise/client";

function tracker() {
  return new Tracker("5b9d2e7f-13a4-4c8e-b6f0-9a2c4d7e1f38", "r3Lw9KpX2mQ7tV4z",
                     { serverUrl: "https://api.relewise.com" });
}

export async function identify(p) {
  const t = tracker();
  const user = UserFactory.byAuthenticatedId(p.user_id, crypto.randomUUID(), {
    email: p.email,
    data: { name: DataValueFactory.string(p.name), phone: DataValueFactory.string(p.phone),
            plan: DataValueFactory.string(p.plan) },
  });
  await t.trackUserUpdate({ user, updateKind: "UpdateAndAppend" });
  await t.trackProductView({ productId: "winter-boots-42", user });
}

export async function pageview() {
  // An anonymous visitor: a temporary id of the shop's own making, as Relewise advises.
  await tracker().trackProductView({ productId: "winter-boots-42", user: UserFactory.byTemporaryId(crypto.randomUUID()) });
}
