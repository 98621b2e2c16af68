// @flagship.io/js-sdk — Flagship by AB Tasty feature flags (decision.flagship.io, events.flagship.io).
// docs "JavaScript SDK": Flagship.start(envId, apiKey); Flagship.newVisitor({visitorId, context,
// hasConsented}); await visitor.fetchFlags(); visitor.getFlag(key).getValue(default);
// visitor.sendHit({type: HitType.EVENT, category, action}).
import { Flagship, HitType, EventCategory } from "@flagship.io/js-sdk";

async function start() {
  await Flagship.start("c1ndrd07m0300ro0jf20", "QzdTI1M9iqaIhnJ66a34C5xdzrrvzq6q8XSVOsS6", { fetchNow: false });
}

export async function identify(p) {
  await start();
  const visitor = Flagship.newVisitor({
    visitorId: p.user_id, hasConsented: true,
    context: { email: p.email, name: p.name, phone: p.phone, plan: p.plan },
  });
  await visitor.fetchFlags();
  visitor.getFlag("new_checkout").getValue(false);
  await visitor.sendHit({ type: HitType.EVENT, category: EventCategory.USER_ENGAGEMENT, action: "signed_in" });
  await Flagship.close();
}

export async function pageview() {
  await start();
  const visitor = Flagship.newVisitor({ hasConsented: true, context: {} });
  await visitor.fetchFlags();
  visitor.getFlag("new_checkout").getValue(false);
  await Flagship.close();
}
