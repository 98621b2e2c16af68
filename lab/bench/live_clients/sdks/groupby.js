// gb-tracker-client — GroupBy's beacon tracker: a shopper's product views, cart changes, orders and searches, for
// the visitor, session and (when signed in) login ids, to the customer's GroupBy endpoint
// (<customer id>.groupbycloud.com/wisdom/v2/pixel).
// README "Usage with NPM": new GbTracker(customerId, area), tracker.autoSetVisitor(loginId?), then the send*Event
// methods (sendViewProductEvent, sendAddToCartEvent) with the event shapes of gb-tracker-client/models (metadata as
// key/value pairs). The package's entry sets module.exports to the tracker constructor itself, so the README's named
// import comes out as its default import once bundled.
import GbTracker from "gb-tracker-client";

function start(loginId) {
  const tracker = new GbTracker("exampleshop", "Production");
  tracker.autoSetVisitor(loginId);
  return tracker;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

const BOOTS = { productId: "winter-boots-129", title: "Winter boots", price: 129, collection: "default" };

export async function identify(p) {
  const tracker = start(p.user_id);
  tracker.sendViewProductEvent({
    product: BOOTS,
    metadata: [{ key: "name", value: p.name }, { key: "email", value: p.email }, { key: "phone", value: p.phone },
               { key: "plan", value: p.plan }],
  });
  tracker.sendAddToCartEvent({
    cart: { items: [{ ...BOOTS, quantity: 1 }] },
    metadata: [{ key: "account", value: "signed_in" }],
  });
  await settle();
}

export async function pageview() {
  const tracker = start();
  tracker.sendViewProductEvent({ product: BOOTS });
  await settle();
}
