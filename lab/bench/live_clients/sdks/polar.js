// @polar-analytics/pixel-sdk — Polar Analytics' pixel: a storefront's customer touchpoints (page views, product
// views, checkout steps, custom events), in Shopify's web-pixel event shapes, to the pixel endpoint Polar gives the
// shop (pixel-api.polaranalytics.com), for the visitor's anonymous id and, once known, the customer's id and e-mail.
// README "Example usage", "Identifying the visitor", "Minimal `page_viewed` example in a headless storefront" and the
// API reference: generatePayloadBase({ customer: { id, email } }), eventFactory.page_viewed / product_viewed /
// checkout_contact_info_submitted / custom({ shopifyEventId, shopifyShopURL, shopifyEventData }), then
// sendPixelEvent(pixelEndpoint, payloadBase, { data }).
import { generatePayloadBase, sendPixelEvent, eventFactory } from "@polar-analytics/pixel-sdk";

const PIXEL_ENDPOINT = "https://pixel-api.polaranalytics.com/events";
const SHOP_URL = "example-shop.myshopify.com";

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  const payloadBase = await generatePayloadBase({ customer: { id: p.user_id, email: p.email } });
  await sendPixelEvent(PIXEL_ENDPOINT, payloadBase, {
    data: eventFactory.page_viewed({ shopifyEventId: crypto.randomUUID(), shopifyShopURL: SHOP_URL }),
  });
  const address = { address1: null, address2: null, city: null, country: null, countryCode: null, firstName: first,
                    lastName: rest.join(" ") || null, phone: p.phone, province: null, provinceCode: null, zip: null };
  await sendPixelEvent(PIXEL_ENDPOINT, payloadBase, {
    data: eventFactory.checkout_contact_info_submitted({
      shopifyEventId: crypto.randomUUID(),
      shopifyShopURL: SHOP_URL,
      shopifyEventData: { checkout: { email: p.email, phone: p.phone, billingAddress: address, currencyCode: "EUR",
                                      attributes: [{ key: "plan", value: p.plan }] } },
    }),
  });
}

export async function pageview() {
  const payloadBase = await generatePayloadBase({});
  await sendPixelEvent(PIXEL_ENDPOINT, payloadBase, {
    data: eventFactory.page_viewed({ shopifyEventId: crypto.randomUUID(), shopifyShopURL: SHOP_URL }),
  });
  await sendPixelEvent(PIXEL_ENDPOINT, payloadBase, {
    data: eventFactory.custom({ shopifyEventName: "size_guide_opened", shopifyEventId: crypto.randomUUID(),
                                shopifyShopURL: SHOP_URL }),
  });
}
