// lunary — Lunary's JavaScript SDK, browser entry `lunary/browser` (analytics for AI chat apps: conversation
// threads, user and assistant messages, feedback, logs, all tied to the identified user): events are queued and
// posted as JSON ({ events: [...] }) to the Lunary API (api.lunary.ai/v1/runs/ingest, the default `apiUrl`) with the
// project's public key as a bearer token, 500 ms after the last one.
// Docs and typings (dist/browser.d.ts, the Lunary and Thread classes): lunary.init({ appId }),
// lunary.identify(userId, userProps) ("Identifies a user with a unique ID and properties"; every event then carries
// them), lunary.openThread({ tags }) then thread.trackMessage({ role, content }) (a chat message) and
// thread.trackEvent(name, metadata), lunary.info(message, extra) (a log) and lunary.flush().
import lunary from "lunary/browser";

const APP_ID = "0c7f3e9a-2b5d-4e81-9a6c-d4f1b8e2a703";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  lunary.init({ appId: APP_ID });
  lunary.identify(p.user_id, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  const thread = lunary.openThread({ tags: ["support-chat"] });
  const question = thread.trackMessage({ role: "user", content: "Where is my order? It has not arrived yet." });
  thread.trackMessage({ role: "assistant", content: "Let me check the tracking for your last order." });
  thread.trackEvent("order_lookup", { questionId: question });
  await settle(900);
  await lunary.flush();
  await settle(600);
}

export async function pageview() {
  lunary.init({ appId: APP_ID });
  const thread = lunary.openThread({ tags: ["product-assistant"] });
  thread.trackMessage({ role: "user", content: "Are these winter boots waterproof?" });
  thread.trackMessage({ role: "assistant", content: "Yes, they have a waterproof membrane and sealed seams." });
  lunary.info("product assistant answered", { page: "/products/winter-boots" });
  await settle(900);
  await lunary.flush();
  await settle(600);
}
