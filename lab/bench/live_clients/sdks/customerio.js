// @customerio/cdp-analytics-browser — Customer.io Data Pipelines (cdp.customer.io). README: AnalyticsBrowser.load({ writeKey }); settings come from https://cdp.customer.io/v1/projects/<writeKey>/settings.
// identify(userId, traits) and track(event, props) on the identify page; page() on the other.
import { AnalyticsBrowser } from "@customerio/cdp-analytics-browser";

function start() {
  return AnalyticsBrowser.load({ writeKey: "3f9c2b7e1d4a6f8c0b5e" });
}

export async function identify(p) {
  const cioanalytics = start();
  await cioanalytics.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone });
  await cioanalytics.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  const cioanalytics = start();
  await cioanalytics.page();
}
