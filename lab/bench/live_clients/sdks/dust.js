// @dust-tt/client — Dust's official API client (Dust: a hosted platform of AI agents over a company's data; a shop's
// support agent talks to its customers through it): new DustAPI({ url }, { workspaceId, apiKey }, logger) sends every
// call by fetch to dust.tt/api/v1/w/<workspace>/ with the key as a bearer token; createConversation({ title,
// visibility, blocking, message: { content, mentions, context } }) is one JSON POST of /assistant/conversations (the
// message whole, its context the user's username, e-mail, full name and time zone), postUserMessage({
// conversationId, message }) one of /assistant/conversations/<id>/messages. README (const dustAPI = new DustAPI({ url:
// "https://dust.tt" }, { workspaceId: "YOUR_WORKSPACE_ID", apiKey: "YOUR_API_KEY_OR_ACCESS_TOKEN" }, console); const
// context = { timezone: "UTC", username: user.firstName, email: user.email, fullName: user.fullName,
// profilePictureUrl: user.image, origin: "api" }; const r = await dustApi.createConversation({ title: null,
// visibility: "unlisted", message: { content: question, mentions: [{ configurationId: agent.sId }], context } })).
// The pages wait for the agent's answer in the same call (blocking). The identify page opens a conversation with the
// shop's support agent as the signed-in customer (their first name as the username, their e-mail and full name in the
// context, their question naming them with their customer number and phone) and adds a second message; the page view
// page asks the shop's catalogue agent an anonymous question (a visitor's context of the shop's making). The client's
// schemas name Node's global `Buffer` when its module runs, which a site's bundler provides with the `buffer` package:
// the entry file sets it, then imports the client at the call.
import { Buffer } from "buffer";

globalThis.Buffer = globalThis.Buffer || Buffer;

let dustAPI = null;

async function client() {
  if (!dustAPI) {
    const { DustAPI } = await import("@dust-tt/client");
    dustAPI = new DustAPI(
      { url: "https://dust.tt" },
      { workspaceId: "Wq7Rt1Vb3N", apiKey: "sk-dust-7c2f9a41e3b84821d5a6f0c9b7e13a2d" },
      console,
    );
  }
  return dustAPI;
}
const SUPPORT_AGENT = "kX9mQ2vT4p";
const CATALOGUE_AGENT = "pL3nB8wZ6r";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const dustAPI = await client();
  const context = {
    timezone: "America/Los_Angeles",
    username: p.name.split(" ")[0],
    email: p.email,
    fullName: p.name,
    profilePictureUrl: null,
    origin: "api",
  };
  const r = await dustAPI.createConversation({
    title: null,
    visibility: "unlisted",
    blocking: true,
    message: {
      content: `Hello, I'm ${p.name} (customer ${p.user_id}). My boots were delivered to the wrong address; `
        + `please call me on ${p.phone}.`,
      mentions: [{ configurationId: SUPPORT_AGENT }],
      context,
    },
  }).catch(() => null);
  if (r && r.isOk()) {
    await dustAPI.postUserMessage({
      conversationId: r.value.conversation.sId,
      message: {
        content: `You can also e-mail me at ${p.email}; I'm on the ${p.plan} plan.`,
        mentions: [{ configurationId: SUPPORT_AGENT }],
        context,
      },
    }).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  const dustAPI = await client();
  await dustAPI.createConversation({
    title: null,
    visibility: "unlisted",
    blocking: true,
    message: {
      content: "Which of your winter boots are best for snowy city streets?",
      mentions: [{ configurationId: CATALOGUE_AGENT }],
      context: { timezone: "UTC", username: "visitor-4k2m", fullName: null, email: null, profilePictureUrl: null,
        origin: "api" },
    },
  }).catch(() => null);
  await settle(300);
}
