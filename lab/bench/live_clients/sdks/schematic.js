// @schematichq/schematic-js — Schematic, feature flags and entitlements with usage tracking: flag checks to
// api.schematichq.com, identify and track events to c.schematichq.com.
// README "Usage": const schematic = new Schematic(apiKey); schematic.identify({keys: {id}, traits, company: {keys,
// traits}}); schematic.track({event}) records usage; await schematic.checkFlag({key}) checks a flag for the context.
import { Schematic } from "@schematichq/schematic-js";

const API_KEY = "api_7Hq2mK9xR4tW8vB3nL6yD1fJ";

export async function identify(p) {
  const schematic = new Schematic(API_KEY);
  await schematic.identify({ keys: { id: p.user_id }, traits: { name: p.name, email: p.email, phone: p.phone,
                                                                plan: p.plan },
                             company: { name: "Northwind Studio", keys: { id: "co_4d8k2m7q" } } });
  await schematic.checkFlag({ key: "new-checkout" });
  await schematic.track({ event: "signed-in" });
}

export async function pageview() {
  const schematic = new Schematic(API_KEY);
  await schematic.checkFlag({ key: "new-checkout" });
  await schematic.track({ event: "product-viewed" });
}
