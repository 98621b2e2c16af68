// @datarangers/sdk-javascript — DataRangers' web SDK (Volcengine's product analytics, by ByteDance): events, the
// logged-in user's unique id and user profile properties, to the channel's collector (mcs.volceapplog.com for `cn`).
// README ("Sample" 1-3): SDK.init({ app_id, channel, log }), SDK.config({ ... }) (user_unique_id once the user
// logs in), SDK.start(), SDK.event(name, params); the package's typings give SDK.profileSet(profile) for user
// properties. Events are batched and posted on the SDK's report timer (reportTime, 1 s here).
import SDK from "@datarangers/sdk-javascript";

const APP_ID = 480713;

let started = false;

function start() {
  if (!started) {
    SDK.init({ app_id: APP_ID, channel: "cn", log: false, reportTime: 1000, disable_auto_pv: true });
    SDK.start();
    started = true;
  }
  return SDK;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2500));
}

export async function identify(p) {
  const sdk = start();
  sdk.config({ user_unique_id: p.user_id });
  sdk.profileSet({ name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  sdk.event("signed_in", { plan: p.plan });
  await settle();
}

export async function pageview() {
  const sdk = start();
  sdk.event("size_guide_opened", { product: "winter-boots", price: 129 });
  await settle();
}
