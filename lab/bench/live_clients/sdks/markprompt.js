// @markprompt/core — Markprompt's core client (Markprompt: an AI support agent and docs assistant answering a site's
// visitors from its help content): submitChat(messages, projectKey, options) is one JSON POST by fetch to
// api.markprompt.com/chat (the project's public key, the conversation's messages, the model options, `threadMetadata`
// and `additionalMetadata` the site attaches, a message id of its making) with a GET of /chat/events for the same
// message id alongside (server-sent events the assistant emits while it works); with `stream: false` the answer is
// one JSON body, its thread and message ids in the encoded `x-markprompt-data` header. submitFeedback({ feedback:
// { vote }, messageId }, projectKey) is one JSON POST to /messages/<message id> (the vote).
// README / the package's typings (submitChat(messages, projectKey, { stream, threadMetadata, additionalMetadata }),
// submitFeedback). The identify page is the signed-in customer's chat with the shop's assistant: their question
// (with their name, e-mail and phone), the customer as the thread's metadata (as the shop links threads to accounts),
// then a thumbs-up on the answer; the page view page asks an anonymous product question.
import { submitChat } from "@markprompt/core/chat";
import { submitFeedback } from "@markprompt/core/feedback";

const PROJECT_KEY = "pk_live_Zq3Xk8Nw2Lr7Tb5Vm9Hc4Jd6";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// The answer's metadata (thread and message ids) comes first, then the answer; returns the message id.
async function chat(content, options) {
  let messageId = null;
  try {
    for await (const value of submitChat([{ role: "user", content }], PROJECT_KEY, { stream: false, ...options })) {
      if (value && typeof value.messageId === "string") messageId = value.messageId;
    }
  } catch (e) {
    return messageId;
  }
  return messageId;
}

export async function identify(p) {
  const messageId = await chat(
    `Hi, I'm ${p.name}. Can you change the delivery address on my last order? Reach me at ${p.email} or ${p.phone}.`,
    { threadMetadata: { customer_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan },
      additionalMetadata: { page: "account" } },
  );
  if (messageId) {
    await submitFeedback({ feedback: { vote: "1" }, messageId }, PROJECT_KEY).catch(() => null);
  }
  await settle(300);
}

export async function pageview() {
  await chat("Do the winter boots run true to size?", { additionalMetadata: { page: "product" } });
  await settle(300);
}
