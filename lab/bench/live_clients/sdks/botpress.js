// @botpress/chat — Botpress' Chat API client: conversations with a Botpress AI agent from one's own front end (users,
// conversations, messages, and a server-sent event stream per conversation), to the bot's Chat API
// (chat.botpress.cloud/<webhook id>).
// README ("API Queries"): chat.Client.connect({ webhookId }) (connects and creates a user),
// client.createConversation({}), client.createMessage({ conversationId, payload: { type: "text", text } }); the
// typings give connect's userId and the connected client's updateUser({ name, profile }).
import * as chat from "@botpress/chat";

const WEBHOOK_ID = "8d3f6a21-5c7e-4b9a-a0e4-72f1c9d85b36";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

async function say(client, text) {
  const { conversation } = await client.createConversation({});
  await client.createMessage({ conversationId: conversation.id, payload: { type: "text", text } });
}

export async function identify(p) {
  try {
    const client = await chat.Client.connect({ webhookId: WEBHOOK_ID, userId: p.user_id });
    const profile = JSON.stringify({ email: p.email, phone: p.phone, plan: p.plan });
    await client.updateUser({ name: p.name, profile });
    await say(client, `Hi, this is ${p.name} (${p.email}). My boots order has not arrived yet, `
                      + `could someone call me on ${p.phone}?`);
  } catch {
    // the page goes on as an app would
  }
  await settle();
}

export async function pageview() {
  try {
    const client = await chat.Client.connect({ webhookId: WEBHOOK_ID });
    await say(client, "Do the winter boots run true to size, or should I order half a size up?");
  } catch {
    // the page goes on as an app would
  }
  await settle();
}
