// @appbaseio/analytics — appbase.io (ReactiveSearch) search analytics: searches, result clicks, conversions and custom
// events, recorded for a user on the shop's appbase.io cluster (PUT <cluster>/<index>/_analytics/{search,click}).
// README "Initialization", "Set user", "Set global events", "Record search" and "Record clicks": aa.init({index,
// credentials, url, userID, globalCustomEvents}); search({query, customEvents}) returns the query id that
// getQueryID() hands to click({queryID, objects}).
import aa from "@appbaseio/analytics";

function start(config = {}) {
  return aa.init({ index: "shop-products", credentials: "4f2a9c1e7b:8d3e6a0f5c2b7e9a1d4c", url: "https://shop-search-7c2e4a.searchbase.io",
                   ...config });
}

function search(instance, config) {
  return new Promise((resolve) => instance.search(config, () => resolve()));
}

function click(instance, config) {
  return new Promise((resolve) => instance.click(config, () => resolve()));
}

export async function identify(p) {
  const instance = start({ userID: p.user_id, globalCustomEvents: { name: p.name, email: p.email, phone: p.phone, plan: p.plan } });
  await search(instance, { query: "winter boots", customEvents: { source: "account-page" } });
  await click(instance, { queryID: instance.getQueryID(), objects: { "winter-boots-129": 1 } });
}

export async function pageview() {
  const instance = start();
  await search(instance, { query: "winter boots", filters: { category: "boots" } });
  await click(instance, { queryID: instance.getQueryID(), objects: { "winter-boots-129": 1 } });
}
