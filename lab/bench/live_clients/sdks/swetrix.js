// swetrix — Swetrix (api.swetrix.com/log).
// README: init(projectId, {profileId}), trackViews(), and track({ev, meta, profileId}) for events.
import { init, trackViews, track } from "swetrix";

export async function identify(p) {
  init("STEzHcB1rALV", { profileId: p.user_id });
  await trackViews();
  await track({ ev: "signed_in", meta: { name: p.name, email: p.email, phone: p.phone, plan: p.plan }, profileId: p.user_id });
}

export async function pageview() {
  init("STEzHcB1rALV");
  await trackViews();
}
