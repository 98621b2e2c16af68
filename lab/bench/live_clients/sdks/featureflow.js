// featureflow-client — Featureflow feature flags for browsers (app.featureflow.io, events.featureflow.io).
// README "Quick start": await Featureflow.init(apiKey, user) with a user {id, attributes} (an anonymous user is made
// when none is given); featureflow.evaluate(key).isOn(); featureflow.goal(key) records a goal for experiments.
// Evaluations and goals go out in one batch on the SDK's 2 s timer.
import Featureflow from "featureflow-client";

const KEY = "js-env-6b1d9e4f2a7c48e3b5d0a9c1f7e2b4d8";

export async function identify(p) {
  const ff = await Featureflow.init(KEY, {
    id: p.user_id, attributes: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  });
  ff.evaluate("new-checkout").isOn();
  ff.goal("signed-in");
}

export async function pageview() {
  const ff = await Featureflow.init(KEY);
  ff.evaluate("new-checkout").isOn();
}
