// flagsmith — Flagsmith (edge.api.flagsmith.com).
// Docs: flagsmith.init({environmentID, enableAnalytics}); flagsmith.identify(userId, traits);
// hasFeature()/getValue(). Analytics (flag evaluation counts) are posted every 10 s.
import flagsmith from "flagsmith";

async function start() {
  await flagsmith.init({ environmentID: "Kq7mZ2xW9pL4vR8tB3nY6c", enableAnalytics: true });
}

export async function identify(p) {
  await start();
  await flagsmith.identify(p.user_id, { email: p.email, name: p.name, phone: p.phone, plan: p.plan });
  flagsmith.hasFeature("new_checkout");
}

export async function pageview() {
  await start();
  flagsmith.hasFeature("new_checkout");
}
