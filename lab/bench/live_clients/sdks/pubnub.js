// pubnub — PubNub's JavaScript SDK: real-time chat and messaging (publish/subscribe, presence, App Context user and
// channel metadata) over PubNub's REST API (ps<n>.pndsn.com), for the user id the app gives the client.
// README "Configure PubNub" and "Publish/subscribe": new PubNub({ publishKey, subscribeKey, userId }), await
// pubnub.publish({ channel, message }); the user's profile goes to App Context with
// pubnub.objects.setUUIDMetadata({ data: { name, email, externalId, custom } }) (PubNub's JavaScript API reference,
// "App Context"). The pages publish and store profiles but do not subscribe (no long-poll is held open).
import PubNub from "pubnub";

const KEYS = { publishKey: "pub-c-3b1e6f2a-8d4c-4e7a-9f0b-5c2d1a6e7f80",
               subscribeKey: "sub-c-7e2a9c41-5b3d-4f6e-8a1c-2d9b0e4f6a13" };

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 800));
}

export async function identify(p) {
  const pubnub = new PubNub({ ...KEYS, userId: p.user_id });
  try {
    await pubnub.objects.setUUIDMetadata({
      data: { name: p.name, email: p.email, externalId: p.user_id, custom: { phone: p.phone, plan: p.plan } },
    });
  } catch (e) { /* the app shows its own error */ }
  try {
    await pubnub.publish({ channel: "support." + p.user_id,
                           message: { type: "text", text: "Hello, I am " + p.name + ", you can call me at " + p.phone } });
  } catch (e) { /* the app shows its own error */ }
  await settle();
}

export async function pageview() {
  const pubnub = new PubNub({ ...KEYS, userId: "guest-" + crypto.randomUUID() });
  try {
    await pubnub.publish({ channel: "product.winter-boots", message: { type: "viewing", product: "winter-boots" } });
  } catch (e) { /* the app shows its own error */ }
  await settle();
}
