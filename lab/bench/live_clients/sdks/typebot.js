// @typebot.io/js — Typebot's embed library: a chatbot built in Typebot, rendered in the page (standard, popup or
// bubble), which starts a chat session with the bot's variables, to the Typebot chat API (typebot.io).
// README ("Standard", "Additional configuration"): a <typebot-standard> element and
// Typebot.initStandard({ typebot, prefilledVariables }) — the variables are prefilled in the bot (e.g. "User name").
import Typebot from "@typebot.io/js/web";

const BOT = "winter-shop-support-k3x9q2";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2000));
}

function mount() {
  let el = document.querySelector("typebot-standard");
  if (!el) {
    el = document.createElement("typebot-standard");
    el.style.width = "100%";
    el.style.height = "480px";
    document.querySelector("main").appendChild(el);
  }
  return el;
}

export async function identify(p) {
  mount();
  Typebot.initStandard({
    typebot: BOT,
    prefilledVariables: {
      "User ID": p.user_id,
      "User name": p.name,
      "First name": p.first_name,
      Email: p.email,
      Phone: p.phone,
      Plan: p.plan,
    },
  });
  await settle();
}

export async function pageview() {
  mount();
  Typebot.initStandard({ typebot: BOT, prefilledVariables: { "Current page": "winter-boots" } });
  await settle();
}
