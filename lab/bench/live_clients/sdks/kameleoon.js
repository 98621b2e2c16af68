// @kameleoon/javascript-sdk — Kameleoon feature experimentation (sdk-config.kameleoon.eu, data.kameleoon.io).
// README "Configuration"/"Usage Example": new KameleoonClient({siteCode}); await client.initialize();
// client.getVisitorCode(); client.addData(visitorCode, new CustomData(index, value)); client.isFeatureFlagActive;
// docs "trackConversion"/"flush": client.trackConversion({visitorCode, goalId}); client.flush(visitorCode).
// For a signed-in user the docs give the user's own id as the visitor code (getVisitorCode's default).
import { KameleoonClient, CustomData } from "@kameleoon/javascript-sdk";

async function start() {
  const client = new KameleoonClient({ siteCode: "q7xk2m9dwl" });
  await Promise.race([client.initialize().catch(() => false), new Promise((r) => setTimeout(r, 5000))]);
  return client;
}

export async function identify(p) {
  const client = await start();
  const visitorCode = client.getVisitorCode(p.user_id);
  client.addData(visitorCode, new CustomData(1, p.name), new CustomData(2, p.email), new CustomData(3, p.phone),
                 new CustomData(4, p.plan));
  try { client.isFeatureFlagActive(visitorCode, "new_checkout"); } catch { /* flag unknown to this site */ }
  client.trackConversion({ visitorCode, goalId: 418273 });
  client.flush(visitorCode);
}

export async function pageview() {
  const client = await start();
  const visitorCode = client.getVisitorCode();
  try { client.isFeatureFlagActive(visitorCode, "new_checkout"); } catch { /* flag unknown to this site */ }
  client.flush(visitorCode);
}
