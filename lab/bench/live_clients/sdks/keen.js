// keen-tracking — Keen (api.keen.io).
// README: new KeenTracking({projectId, writeKey}); client.recordEvent(collection, event);
// the README's pageview model records a "pageviews" event with the page's title and URL.
import KeenTracking from "keen-tracking";

function start() {
  return new KeenTracking({ projectId: "5f1c9e2a7b3d4c0012ab34cd", writeKey: "9A3F0C7B1E5D2468AC13BD57E9F02468ACE13579BDF02468ACE13579BDF0246813579BDF" });
}

export async function identify(p) {
  const client = start();
  await client.recordEvent("signed_in", {
    user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone },
    plan: p.plan,
  });
}

export async function pageview() {
  const client = start();
  await client.recordEvent("pageviews", { page: { title: document.title, url: document.location.href } });
}
