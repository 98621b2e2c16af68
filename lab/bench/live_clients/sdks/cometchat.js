// @cometchat/chat-sdk-javascript — CometChat's JavaScript SDK (CometChat: in-app chat, voice and video as a service:
// users, conversations, messages, presence): REST calls with the app id, the SDK's name and a session id in headers, to
// the app's hosts in its region (<app id>.api-<region>.cometchat.io for the calls made with the app's Auth Key:
// creating users and their auth tokens; <app id>.apiclient-<region>.cometchat.io, with the user's auth token, for the
// app settings, the signed-in user and messages); after login it connects a WebSocket for real-time events and pings
// its analytics host with the session's details.
// README ("Getting Started": the App ID and Auth Key, then the docs' integration steps): CometChat.init(appId,
// new CometChat.AppSettingsBuilder().subscribePresenceForAllUsers().setRegion(region)
// .autoEstablishSocketConnection(true).build()); a user is new CometChat.User(uid) with setName() and setMetadata();
// CometChat.createUser(user, authKey), CometChat.login(uid, authKey) (the docs' way for a site without its own token
// server), CometChat.sendMessage(new CometChat.TextMessage(receiverId, text, CometChat.RECEIVER_TYPE.USER)). The shop's
// customers write to its support agent; the page view page starts a chat as a guest (a random uid, no details).
import { CometChat } from "@cometchat/chat-sdk-javascript";

const APP_ID = "2618529c7f4e1a3b";
const REGION = "us";
const AUTH_KEY = "4b7d1e9a0c3f6e2d8a5b7c1e9f3d0a6b4c8e2f7a";
const SUPPORT_AGENT = "shop-support";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function init() {
  const settings = new CometChat.AppSettingsBuilder()
    .subscribePresenceForAllUsers()
    .setRegion(REGION)
    .autoEstablishSocketConnection(true)
    .build();
  await CometChat.init(APP_ID, settings);
}

async function chat(uid, name, metadata, text) {
  try {
    await init();
    const user = new CometChat.User(uid);
    user.setName(name);
    if (metadata) user.setMetadata(metadata);
    await CometChat.createUser(user, AUTH_KEY);
    await CometChat.login(uid, AUTH_KEY);
    await CometChat.sendMessage(new CometChat.TextMessage(SUPPORT_AGENT, text, CometChat.RECEIVER_TYPE.USER));
  } catch {
    // the page goes on as an app would
  }
}

export async function identify(p) {
  await chat(p.user_id, p.name, { email: p.email, phone: p.phone, plan: p.plan },
    `Hi, this is ${p.name}. My winter boots order has not arrived yet, could you call me on ${p.phone}?`);
  await settle(1000);
}

export async function pageview() {
  // A guest: a random uid of the shop's making, no details.
  await chat(`guest_${crypto.randomUUID().slice(0, 8)}`, "Guest", null, "Do the winter boots run true to size?");
  await settle(1000);
}
