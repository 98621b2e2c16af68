// @figuro/chatwoot-sdk — a JavaScript client of Chatwoot's APIs (Chatwoot: open-source customer engagement, live chat
// and shared inbox; Chatwoot Cloud at app.chatwoot.com), by Figuro; its `client` part is Chatwoot's public client API,
// which Chatwoot documents for building a custom chat interface in the browser: no token, only the inbox's public
// identifier. Each call is one JSON request by XHR (axios) to app.chatwoot.com/public/api/v1/inboxes/<inbox>/...:
// the contact created (identifier, name, e-mail, phone, custom attributes), a conversation opened for it, a message.
// README ("const client = new ChatwootClient({ config: { basePath: 'https://app.chatwoot.com', ... } })", then the
// API's methods); Chatwoot's client API docs (create a contact, then a conversation with the contact's source_id,
// then messages). The bundle takes the client API's three classes (the package's dist/services/client, the same
// classes ChatwootClient puts under `client`): the package's index also loads the account API's message service,
// which requires Node's `stream` and does not build for a browser. The identify page opens a chat for the signed-in
// customer and sends a message; the page view page opens one for an anonymous visitor (no details) who asks about a
// product.
import { ContactsApi } from "@figuro/chatwoot-sdk/dist/services/client/Contacts.js";
import { ConversationsApi } from "@figuro/chatwoot-sdk/dist/services/client/Conversations.js";
import { MessagesApi } from "@figuro/chatwoot-sdk/dist/services/client/Messages.js";

const INBOX = "QxV8gT3mWc2Rk9Lp4Nz7Yb5D";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// As ChatwootClient builds its `client`: each API class with the same config.
function client() {
  const config = { basePath: "https://app.chatwoot.com", with_credentials: false, credentials: "omit" };
  return {
    client: {
      contacts: new ContactsApi({ config }),
      conversations: new ConversationsApi({ config }),
      messages: new MessagesApi({ config }),
    },
  };
}

async function chat(chatwoot, contactData, text) {
  const contact = await chatwoot.client.contacts.create({ inboxIdentifier: INBOX, data: contactData });
  const conversation = await chatwoot.client.conversations.create({
    inboxIdentifier: INBOX, contactIdentifier: contact.source_id,
  });
  await chatwoot.client.messages.create({
    inboxIdentifier: INBOX, contactIdentifier: contact.source_id, conversationId: String(conversation.id),
    data: { content: text },
  });
}

export async function identify(p) {
  await chat(client(), {
    identifier: p.user_id,
    name: p.name,
    email: p.email,
    phone_number: p.phone,
    custom_attributes: { plan: p.plan },
  }, "Hi, my winter boots order has not arrived yet. Can someone help?").catch(() => null);
  await settle(500);
}

export async function pageview() {
  await chat(client(), {}, "Do the winter boots run true to size?").catch(() => null);
  await settle(500);
}
