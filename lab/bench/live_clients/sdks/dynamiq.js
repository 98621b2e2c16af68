// @dynamiq/assistant — Dynamiq's chat widget (Dynamiq: an orchestration platform for agentic AI and LLM applications;
// the widget is the site's chat front end to an AI agent deployed on it): each message is posted by fetch as a
// multipart form to the deployment's API URL: `input` (JSON: the message, the user id, the session id, the chat
// history and every other widget param), `stream`, `user_id`, `session_id`; a non-streaming deployment answers JSON
// ({ output }), a streaming one server-sent events. Chats are kept in localStorage.
// README ("Setup", "Vanilla JavaScript", "Props"): new DynamiqAssistant(selector, { title, api: { url, streaming },
// params: { userId, sessionId, userName, language, ... } ("the parameters to pass to the assistant input"), prompts });
// its public methods open(), sendMessage(text). The API URL is the deployment's (README: "Copy your unique API URL"):
// here the shop's own Dynamiq deployment (agents.shop.example), with endpoint authorization off as the README asks.
import { DynamiqAssistant } from "@dynamiq/assistant/vanilla";

const API_URL = "https://agents.shop.example/v1/deployments/3b9e4c71-6d2a-4f85-a0c7-e18f52d96b4a/chat";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function assistant(params) {
  const el = document.createElement("div");
  el.id = "shop-assistant";
  document.body.appendChild(el);
  return new DynamiqAssistant("#shop-assistant", {
    title: "Example Shop assistant",
    placeholder: "Ask about your order...",
    position: "bottom-right",
    api: { url: API_URL, streaming: false },
    params,
  });
}

export async function identify(p) {
  const chat = assistant({
    userId: p.user_id,
    sessionId: crypto.randomUUID(),
    userName: p.name,
    userEmail: p.email,
    plan: p.plan,
    language: "en",
  });
  chat.open();
  chat.sendMessage(`Hi, this is ${p.name}. My winter boots order has not arrived yet. `
    + `Can someone call me on ${p.phone}?`);
  await settle(1500);
}

export async function pageview() {
  // An anonymous visitor's question (the widget's own random user and session ids).
  const chat = assistant({ language: "en" });
  chat.open();
  chat.sendMessage("Do the winter boots run true to size?");
  await settle(1500);
}
