// @pendo/agent — Pendo's agent as an npm package (for customers who host it themselves): product analytics (page
// loads, clicks, focus and track events), in-app guides and visitor/account metadata, to the Pendo data host of the
// subscription's environment (app.pendo.io for "io"), with the application's configuration read from cdn.pendo.io.
// README "Usage": const pendo = await initialize({ apiKey, env, visitor: { id, ... }, account: { id } }); the
// returned object has the agent's public API (agent.pendo.io/public/agent): pendo.track(name, properties) and
// pendo.flushNow() to send the queued events at once.
import { initialize } from "@pendo/agent";

const API_KEY = "5d3a8f42-9c1e-4b7d-6a20-e8f1c3b5a794";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const pendo = await initialize({
    apiKey: API_KEY,
    env: "io",
    visitor: { id: p.user_id, email: p.email, full_name: p.name, phone: p.phone },
    account: { id: "acct-retail-204", plan: p.plan },
  });
  pendo.track("Signed In", { plan: p.plan });
  await settle();
  pendo.flushNow();
  await settle();
}

export async function pageview() {
  const pendo = await initialize({ apiKey: API_KEY, env: "io" });
  pendo.track("Size Guide Opened", { product: "winter-boots" });
  await settle();
  pendo.flushNow();
  await settle();
}
