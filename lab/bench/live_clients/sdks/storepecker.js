// @storepecker/storefront-analytics — Storepecker's storefront analytics client (Storepecker: an Indian e-commerce
// platform: hosted storefronts with their own checkout; the analytics show the store owner the funnel from page views
// to orders): every call is one JSON POST by fetch to <store>/spa/cad/ (the store's own domain, with its cookies),
// with the signed-in customer's JWT as a bearer token, which links the events to the customer's account ("identity
// stitching"): page views (the path, UTM parameters, where the visit came from), cart and checkout-funnel events.
// README ("Setup": createAnalytics({ baseUrl: 'https://mystore.com', token: getUserJwt() }), "token ... include when
// the user is logged in"; "Page Views": analytics.pageView({ path }); "Cart Events": addToCart({ product_variant_id,
// quantity }); "Checkout Funnel": checkoutStarted({ event_value, item_count }) ...). The store here is the shop itself;
// its session JWT (made up: the fake store does not check it) carries the customer's OpenID claims. The page view page
// is an anonymous visitor's product page view (no token).
import { createAnalytics } from "@storepecker/storefront-analytics";

const STORE = "https://shop.example";

function b64url(obj) {
  return btoa(JSON.stringify(obj)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

// The customer's session token as the store's login would issue it (a made-up signature).
function sessionJwt(p) {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url({ alg: "HS256", typ: "JWT" });
  const claims = b64url({
    sub: p.user_id, email: p.email, name: p.name, phone_number: p.phone, iat: now, exp: now + 3600,
  });
  return `${header}.${claims}.c3RvcmVmcm9udC1zZXNzaW9uLXNpZ25hdHVyZQ`;
}

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const analytics = createAnalytics({ baseUrl: STORE, token: sessionJwt(p) });
  await analytics.pageView({ path: "/account" }).catch(() => null);
  await analytics.addToCart({ product_variant_id: 42, quantity: 1 }).catch(() => null);
  await analytics.checkoutStarted({ event_value: 129.0, item_count: 1 }).catch(() => null);
  await settle(500);
}

export async function pageview() {
  const analytics = createAnalytics({ baseUrl: STORE, token: undefined });
  await analytics.pageView({ path: "/products/winter-boots" }).catch(() => null);
  await settle(500);
}
