// deep-chat — Deep Chat, an open-source chat web component for AI APIs, here with its direct connection to Dify
// (Dify: an LLM app platform; a chat app published on Dify Cloud answers on api.dify.ai/v1 with the app's API key):
// each message the visitor sends is one JSON POST by fetch to api.dify.ai/v1/chat-messages (Bearer app key; the
// app's `inputs`, the `query`, `response_mode: blocking`, the end user's `user` id and, after the first answer, the
// conversation_id), answered with { answer, conversation_id }.
// README ("Connect to popular AI APIs directly from the browser via the use of the directConnection property:
// <deep-chat directConnection='{"openAI":{"key": "optional-key-here"}}'/>"), its Dify docs (directConnection.dify:
// key, user, inputs) and the element's submitUserMessage() method. The identify page opens the shop's assistant for
// the signed-in customer (the customer's id as Dify's `user`, name, e-mail, phone and plan as the app's inputs, as the
// app's prompt uses them) and sends a question; the page view page asks an anonymous product question.
import "deep-chat";

const APP_KEY = "app-Tq8Vz3Kx9Lm2Rw7Bn4Hc6Jd";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function ask(dify, text) {
  await customElements.whenDefined("deep-chat");
  const chat = document.createElement("deep-chat");
  chat.directConnection = { dify };
  chat.style.width = "360px";
  chat.style.height = "420px";
  document.body.appendChild(chat);
  await settle(600);
  chat.submitUserMessage({ text });
  await settle(1200);
}

export async function identify(p) {
  await ask({
    key: APP_KEY,
    user: p.user_id,
    inputs: { customer_name: p.name, customer_email: p.email, customer_phone: p.phone, plan: p.plan },
  }, "Where is my winter boots order? It should have arrived by now.");
}

export async function pageview() {
  await ask({ key: APP_KEY, user: "anonymous-visitor" }, "Do the winter boots run true to size?");
}
