// purecloud-guest-chat-client — Genesys Cloud's guest chat client (Genesys Cloud, formerly PureCloud: a contact-centre
// platform; its web chat lets a site's visitors chat with the agents of a queue): REST calls by XHR (axios) to
// api.<region host> (api.mypurecloud.com by default): POST /api/v2/webchat/guest/conversations creates the chat with
// the guest's member info (display name, custom fields: the customer's details) and answers the conversation's id, the
// guest member's id, a JWT for the next calls and the event stream's WebSocket URI; messages are then POSTed to
// /api/v2/webchat/guest/conversations/<id>/members/<member id>/messages with the JWT.
// README ("Using the SDK", "Creating a chat"): const client = platformClient.ApiClient.instance; const webChatApi = new
// platformClient.WebChatApi(); webChatApi.postWebchatGuestConversations({ organizationId, deploymentId, routingTarget:
// { targetType: 'QUEUE', targetAddress }, memberInfo: { displayName, customFields } }), client.setJwt(chatInfo.jwt), a
// WebSocket on chatInfo.eventStreamUri ("the conversation is not routed until the event stream is attached"); the
// guest then sends with postWebchatGuestConversationMemberMessages(conversationId, memberId, { body, bodyType }).
// The package's browser build (its `browser` entry) is a browserify bundle that defines a global `require` ("For
// direct use in a browser script": a script tag, then const platformClient = require('platformClient')); bundled
// here, that require is the bundle's own, so the page obtains the client the same way, by name. The identify page
// chats for the signed-in customer; the page view page is an anonymous guest's product question.
import "purecloud-guest-chat-client";

const CLIENT_MODULE = ["platform", "Client"].join("");

const ORGANIZATION_ID = "8c2e5f1a-4b7d-4e93-a6f0-3d9b12c7e845";
const DEPLOYMENT_ID = "f41a7d2c-9e36-4b58-b0c1-6a2e8d9f3b17";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function chat(memberInfo, text) {
  const platformClient = require(CLIENT_MODULE);
  const client = platformClient.ApiClient.instance;
  const webChatApi = new platformClient.WebChatApi();
  let socket = null;
  try {
    const chatInfo = await webChatApi.postWebchatGuestConversations({
      organizationId: ORGANIZATION_ID,
      deploymentId: DEPLOYMENT_ID,
      routingTarget: { targetType: "QUEUE", targetAddress: "Web Support" },
      memberInfo,
    });
    client.setJwt(chatInfo.jwt);
    socket = new WebSocket(chatInfo.eventStreamUri);
    await new Promise((resolve) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", resolve, { once: true });
      setTimeout(resolve, 2000);
    });
    await webChatApi.postWebchatGuestConversationMemberMessages(chatInfo.id, chatInfo.member.id, {
      body: text,
      bodyType: "standard",
    });
  } catch {
    // the page goes on as a site would
  }
  return socket;
}

export async function identify(p) {
  const socket = await chat({
    displayName: p.name,
    customFields: {
      firstName: p.first_name,
      lastName: p.last_name,
      email: p.email,
      phoneNumber: p.phone,
      customerId: p.user_id,
    },
  }, `Hi, this is ${p.name}. My winter boots order has not arrived yet, could you call me on ${p.phone}?`);
  await settle(800);
  if (socket) socket.close();
}

export async function pageview() {
  const socket = await chat({ displayName: "Guest" }, "Do the winter boots run true to size?");
  await settle(800);
  if (socket) socket.close();
}
