// @shakebugs/browser — Shake's web SDK: bug reporting and user feedback (tickets with console and network logs,
// screenshots and session replay) for registered app users with their metadata, to Shake's API (api.shakebugs.com).
// README ("How to use", NPM): Shake.start(apiKey); the package's typings give Shake.registerUser(userId),
// Shake.updateUserMetadata(metadata), Shake.setMetadata(key, value) and Shake.silentReport(title, config).
import Shake from "@shakebugs/browser";

const API_KEY = "Zq3vJ8kW1pTn6xR4bY9cL2mH7sD5fG0aE3uK8oVi";

let started = null;

function start() {
  if (!started) started = Shake.start(API_KEY).catch(() => null);
  return started;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2000));
}

export async function identify(p) {
  await start();
  await Shake.registerUser(p.user_id);
  await Shake.updateUserMetadata({ name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  await settle();
}

export async function pageview() {
  await start();
  Shake.setMetadata("product", "winter-boots");
  await Shake.silentReport("Size guide table does not scroll");
  await settle();
}
