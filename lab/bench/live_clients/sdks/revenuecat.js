// @revenuecat/purchases-js — RevenueCat's web SDK: subscriptions and entitlements for a web app (Web Billing), the
// customer keyed by the app's user id, with reserved and custom attributes, to RevenueCat's API (api.revenuecat.com).
// README links the docs and the SDK reference; the typings give Purchases.configure({ apiKey, appUserId }),
// purchases.setAttributes({ $email, $displayName, $phoneNumber, ... }), getCustomerInfo(), getOfferings() and
// Purchases.generateRevenueCatAnonymousAppUserId().
import { Purchases } from "@revenuecat/purchases-js";

const API_KEY = "rcb_sb_WkT4pN8qZ2vX6mR3cL9dJ5hF";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  try {
    const purchases = Purchases.configure({ apiKey: API_KEY, appUserId: p.user_id });
    await purchases.getCustomerInfo().catch(() => null);
    await purchases.setAttributes({
      $email: p.email,
      $displayName: p.name,
      $phoneNumber: p.phone,
      plan: p.plan,
    }).catch(() => null);
  } catch {
    // the page goes on as an app would
  }
  await settle();
}

export async function pageview() {
  try {
    const purchases = Purchases.configure({
      apiKey: API_KEY,
      appUserId: Purchases.generateRevenueCatAnonymousAppUserId(),
    });
    await purchases.getOfferings().catch(() => null);
  } catch {
    // the page goes on as an app would
  }
  await settle();
}
