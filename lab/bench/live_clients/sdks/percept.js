// @perceptinsight/percept-js — Percept Insight, product analytics: events and user profiles to
// app.perceptinsight.com/track/v1 (page views, web vitals, errors and clicks tracked automatically).
// README "Quick Start Guide": Percept.init(projectToken, initOptions); await Percept.setUserId(userId, userProps) on
// login; Percept.setUserProperties({[PerceptUserPropertyKeys.PHONE]: ..., ...}); Percept.capture(eventName, props);
// initOptions.autoFlushThresholdMs sets how often queued events go out (default 5000).
import Percept, { PerceptUserPropertyKeys } from "@perceptinsight/percept-js";

const PROJECT_TOKEN = "pt_4c8e1a7f2b9d4e6a8c3f";
let started = false;

function start() {
  if (!started) {
    Percept.init(PROJECT_TOKEN, { autoFlushThresholdMs: 1000 });
    started = true;
  }
}

export async function identify(p) {
  start();
  await Percept.setUserId(p.user_id, { [PerceptUserPropertyKeys.NAME]: p.name });
  Percept.setUserProperties({ [PerceptUserPropertyKeys.EMAIL]: p.email, [PerceptUserPropertyKeys.PHONE]: p.phone,
                              plan: p.plan });
  Percept.capture("Signed In", { plan: p.plan });
}

export async function pageview() {
  start();
  Percept.capture("Product Viewed", { product: "winter-boots", price: 129 });
}
