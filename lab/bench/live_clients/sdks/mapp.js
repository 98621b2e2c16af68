// @webtrekk-smart-pixel/core — Mapp Intelligence (Webtrekk) Smart Pixel, web analytics: page and action requests to
// the account's track domain (<trackDomain>/<trackId>/wt).
// The package's types (types/types.d.ts) and its repository's framework wrappers (WebtrekkSmartPixelReact.js): the
// module's use(window, document) gives the pixel; pixel.init.set({trackId, trackDomain}); pixel.page.data.set({name})
// names the page; pixel.customer.data.set({id, email, firstName, lastName, telephone}) describes the signed-in
// customer; pixel.action.data.set({name}) names an action (an event); pixel.track() sends the request.
import wtSmart from "@webtrekk-smart-pixel/core";

function start(pageName) {
  const pixel = wtSmart.use(window, window.document);
  window.wtSmart = pixel;
  pixel.init.set({ trackId: "318364172461536", trackDomain: "q3.webtrekk.net" });
  pixel.page.data.set({ name: pageName });
  return pixel;
}

export async function identify(p) {
  const pixel = start("account.overview");
  pixel.customer.data.set({ id: p.user_id, email: p.email, firstName: p.first_name, lastName: p.last_name,
                            telephone: p.phone });
  pixel.action.data.set({ name: "signed_in" });
  pixel.track();
}

export async function pageview() {
  const pixel = start("product.winter-boots");
  pixel.track();
}
