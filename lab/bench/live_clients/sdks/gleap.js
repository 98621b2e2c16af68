// gleap — Gleap's JavaScript SDK: customer support and feedback (the messenger widget, AI chat, bug reports with
// console and network logs, surveys, product tours), with a session per visitor and the contact's identity, to
// Gleap's API (api.gleap.io) and its live WebSocket (ws.gleap.io).
// README "Installation via npm" and "Initialize the SDK": Gleap.initialize(sdkKey); the package's typings give
// Gleap.identify(userId, { name, email, phone, plan, customData }) and Gleap.trackEvent(name, data).
import Gleap from "gleap";

const SDK_KEY = "aQ7rT2mV9xK4pL8sN1bZ6cW3yF5hJ0dE";

function start() {
  Gleap.disableConsoleLogOverwrite();
  Gleap.initialize(SDK_KEY);
  return Gleap;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2000));
}

export async function identify(p) {
  const gleap = start();
  gleap.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  gleap.trackEvent("signed_in", { plan: p.plan });
  await settle();
}

export async function pageview() {
  const gleap = start();
  gleap.trackEvent("size_guide_opened", { product: "winter-boots" });
  await settle();
}
