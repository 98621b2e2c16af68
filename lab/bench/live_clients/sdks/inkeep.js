// @inkeep/cxkit-js — Inkeep's embeddable widgets (Inkeep: an AI assistant that answers a site's visitors from its docs
// and help content, as a chat button, a search bar or an embedded chat): importing the package defines window.Inkeep;
// Inkeep.EmbeddedChat(target, { baseSettings, aiChatSettings }) renders the chat, whose submitMessage(text) asks the
// AI (an OpenAI-style streamed chat completion from api.inkeep.com with the integration's key); the widget logs each
// conversation and its events (messages sent and received, feedback) to the analytics API (api.io.inkeep.com:
// /conversations, /events) with the `userProperties` the site sets in baseSettings (the user's id, e-mail, name).
// The package's typings (baseSettings: { apiKey, userProperties: { id, email, name, identificationType },
// organizationDisplayName, primaryBrandColor }; the chat functions submitMessage, updateInputMessage, clearChat).
// The identify page is the signed-in customer's chat (their customer id, e-mail and name as the user properties, their
// question naming them with their phone); the page view page asks an anonymous product question.
import * as cxkit from "@inkeep/cxkit-js";

// The package declares itself free of side effects, but its one module is the script that defines window.Inkeep: the
// namespace is referenced so that the bundler keeps it.
window.__inkeepModule = cxkit;

const API_KEY = "inkeep_pk_5a9c3e7b1d4f8a2c6e0b3d5f7a9c1e4b";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function ask(userProperties, text) {
  const el = document.createElement("div");
  el.id = "inkeep-root";
  el.style.height = "600px";
  document.querySelector("main").appendChild(el);
  const widget = window.Inkeep.EmbeddedChat("#inkeep-root", {
    baseSettings: { apiKey: API_KEY, organizationDisplayName: "Example Shop", primaryBrandColor: "#26425f",
      userProperties },
    aiChatSettings: { aiAssistantName: "Shop assistant" },
  });
  await settle(800);
  widget.submitMessage(text);
  await settle(2500);
}

export async function identify(p) {
  await ask({ id: p.user_id, email: p.email, name: p.name, identificationType: "COOKIED" },
    `Hi, I'm ${p.name}. Where is my order? You can reach me at ${p.phone}.`);
}

export async function pageview() {
  await ask({}, "Are the winter boots waterproof?");
}
