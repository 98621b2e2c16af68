// search-insights — Algolia Insights, click/conversion/view events for search and recommendations (insights.algolia.io).
// Algolia docs "Send events with the Insights client": aa('init', {appId, apiKey}) (an anonymous user token is made
// by default); aa('setAuthenticatedUserToken', id) once the user signed in; aa('viewedObjectIDs' | 'convertedObjectIDs',
// {index, eventName, objectIDs}) for what the user saw or did.
import aa from "search-insights";

let started = false;

function start() {
  if (!started) {
    aa("init", { appId: "LH7QK2XW9P", apiKey: "4f8e2c1a9b7d3e6f0a5c8b2d1e9f7a3c", useCookie: true });
    started = true;
  }
  return aa;
}

export async function identify(p) {
  const insights = start();
  insights("setAuthenticatedUserToken", p.user_id);
  await insights("convertedObjectIDs", { index: "products", eventName: "Signed In", objectIDs: ["sku-1042"] });
}

export async function pageview() {
  await start()("viewedObjectIDs", { index: "products", eventName: "Product Viewed", objectIDs: ["sku-1042"] });
}
