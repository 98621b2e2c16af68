// @yext/analytics — Yext Analytics: page views, clicks, conversions and custom events from a Yext-powered site (Pages,
// Search, Chat) to the Yext Events API (us.yextevents.com), with the visitor's ids and custom tags.
// README "Initialize Analytics Reporter", "Fire an Event", "Custom Events" and "Custom Properties": analytics({
// authorizationType, authorization}), .with({pages: {siteId}}) for the site's defaults, report({action, customTags,
// customValues, value}); the EventPayload typings for `visitor` (visitor methods to visitor ids) and `pageUrl`.
import { analytics } from "@yext/analytics";

function start() {
  return analytics({ authorizationType: "apiKey", authorization: "3f9c2a7e1b8d4c6a0e5f2b9d7c1a4e8f" })
    .with({ pages: { siteId: 48213 } });
}

export async function identify(p) {
  const yext = start();
  const visitor = { YEXT_USER_ID: p.user_id, EMAIL: p.email };
  await yext.report({ action: "PAGE_VIEW", pageUrl: location.href, visitor });
  await yext.report({ action: "C_ACCOUNT_SIGNED_IN", visitor,
                      customTags: { name: p.name, email: p.email, phone: p.phone, plan: p.plan } });
}

export async function pageview() {
  const yext = start();
  await yext.report({ action: "PAGE_VIEW", pageUrl: location.href });
  await yext.report({ action: "C_VIEW_PRODUCT", customTags: { product: "winter-boots-129" }, customValues: { price: 129 } });
}
