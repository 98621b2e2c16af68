// @knocklabs/client — Knock customer messaging (in-app feeds, preferences; api.knock.app).
// README "Configuration": new Knock(publicApiKey); knock.authenticate(userId, userToken) (the token only in
// production environments); docs "Identify users": knock.user.identify({name, email, phone_number, ...});
// "Retrieving new items from the feed": knock.feeds.initialize(channelId).fetch().
import Knock from "@knocklabs/client";

const FEED_CHANNEL = "4f0c9e2a-7b1d-4c8e-9a3f-6d2b5e8c1a70";

function start(userId) {
  const knock = new Knock("pk_test_Xq7Lm2Rv9Nk4Tw8Zb3Yc6Hd1Jf5Gs0Pa");
  knock.authenticate(userId);
  return knock;
}

export async function identify(p) {
  const knock = start(p.user_id);
  await knock.user.identify({ name: p.name, email: p.email, phone_number: p.phone, plan: p.plan }).catch(() => undefined);
  const feed = knock.feeds.initialize(FEED_CHANNEL);
  await feed.fetch().catch(() => undefined);
}

export async function pageview() {
  // A visitor's feed before sign-in: an anonymous id of the shop's own making.
  const knock = start(`guest_${crypto.randomUUID()}`);
  const feed = knock.feeds.initialize(FEED_CHANNEL);
  await feed.fetch().catch(() => undefined);
}
