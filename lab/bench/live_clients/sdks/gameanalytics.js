// gameanalytics — GameAnalytics' JavaScript SDK: sessions, design (custom) events, business, progression and error
// events for a player's user id, with remote configs and A/B testing, to api.gameanalytics.com (each request signed
// with an HMAC of the game secret).
// The package README points to GameAnalytics' JavaScript SDK guide; the set-up follows that guide as the package's
// typings give it: GameAnalytics.configureBuild, configureUserId (before initialize), initialize(gameKey,
// secretKey), setGlobalCustomEventFields, addDesignEvent(eventId, value, customFields) and addBusinessEvent; events
// go out on the SDK's processing timer (setEventProcessInterval, 1 s here).
import ga from "gameanalytics";

const { GameAnalytics } = ga;

let started = false;

function start(userId) {
  if (!started) {
    GameAnalytics.setEventProcessInterval(1);
    GameAnalytics.configureBuild("web 1.4.2");
    if (userId) GameAnalytics.configureUserId(userId);
    GameAnalytics.initialize("5c6bcb5402204249437fb5a7a80a4959", "16813a12f718bc5c620f56944e1abc3ea13ccbac");
    started = true;
  }
  return GameAnalytics;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2500));
}

export async function identify(p) {
  const ga = start(p.user_id);
  ga.setGlobalCustomEventFields({ plan: p.plan });
  ga.addDesignEvent("Account:SignIn", 1, { name: p.name, email: p.email, phone: p.phone });
  await settle();
}

export async function pageview() {
  const ga = start();
  ga.addDesignEvent("Shop:ViewProduct:WinterBoots", 129);
  await settle();
}
