// @bugwatch/core — Bugwatch's core JavaScript SDK (error tracking: exceptions with stack frames, messages,
// breadcrumbs, tags, extra context and the user): each event is posted as JSON to the Bugwatch API
// (api.bugwatch.dev/api/v1/events, the default `endpoint`) with the project's API key as a bearer token.
// The package's typings document the API: init({ apiKey ("bw_..."), endpoint, environment, release, tags, user }),
// setUser({ id, email, username, ...any other field }) ("User context attached to events"), setTag, setExtra,
// addBreadcrumb({ category, message, level, data }), captureException(error, context), captureMessage(message, level)
// and flush() ("Flush any pending events").
import * as Bugwatch from "@bugwatch/core";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function init() {
  Bugwatch.init({
    apiKey: "bw_live_4c9e2a7f1b8d3e6a5f0c",
    environment: "production",
    release: "shop-web@4.2.0",
    tags: { app: "example-shop" },
  });
}

export async function identify(p) {
  init();
  Bugwatch.setUser({ id: p.user_id, email: p.email, username: p.name, phone: p.phone, plan: p.plan });
  Bugwatch.addBreadcrumb({ category: "account", message: "profile form submitted", level: "info" });
  Bugwatch.captureException(new Error("Profile update failed: address service returned 502"));
  await Bugwatch.flush();
  await settle(800);
}

export async function pageview() {
  init();
  Bugwatch.addBreadcrumb({ category: "navigation", message: "/products/winter-boots", level: "info" });
  Bugwatch.captureMessage("Product image carousel fell back to static images", "warning");
  await Bugwatch.flush();
  await settle(800);
}
