// botframework-directlinejs — Microsoft's Bot Framework Direct Line client (Direct Line 3.0: the channel that connects
// a site's own chat UI to a bot on Azure Bot Service; Web Chat is built on it): with the conversation token the site's
// server obtained, the client starts the conversation with one JSON POST by XHR (rxjs ajax) to
// directline.botframework.com/v3/directline/conversations (Bearer token; the user's id), listens on the WebSocket
// stream the answer names, and posts each activity (type, from { id, name }, text, channel data) with a POST to
// /v3/directline/conversations/<id>/activities.
// README ("var directLine = new DirectLine({ token: /* or secret */ }); directLine.postActivity({ from: { id: 'myUserId',
// name: 'myUserName' }, type: 'message', text: 'a message for you, Rudy' }).subscribe(...)", "directLine.activity$
// .subscribe(...)"). The identify page chats as the signed-in customer (id and name in `from`, the customer's contact
// details as the activity's channel data, as sites pass the signed-in user's profile to their bot); the page view
// page chats as an anonymous visitor (a random id of the shop's making).
import { DirectLine } from "botframework-directlinejs";

// The conversation token the shop's server got from Direct Line for this visitor (made up).
const TOKEN = "ew0KICAiYWxnIjogIlJTMjU2IiwNCiAgImtpZCI6ICJ0UjJ4R1NjbEhDV2xsbVFCaXVMQXRIR2RKTk0iDQp9.eyJib3QiOiJleGFtcGxlc2hvcC1ib3QiLCJzaXRlIjoiOVhrS2dRZzJxbjQiLCJjb252IjoiRlJ6N3pCM3hLcTRHdUhnN1ZtQlJ3Vi11cyJ9.Zq7P3n9Kd2Lx8Vb4Tc6Wr1Ym5Hs0Ja3Ue7Gf2Np9Qk";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function say(directLine, activity) {
  return new Promise((resolve) => {
    directLine.postActivity(activity).subscribe({ next: resolve, error: () => resolve(null) });
    setTimeout(() => resolve(null), 8000);
  });
}

async function chat(user, text, channelData) {
  const directLine = new DirectLine({ token: TOKEN });
  const replies = directLine.activity$.subscribe({ next: () => {}, error: () => {} });
  await say(directLine, { from: user, type: "message", text, ...(channelData ? { channelData } : {}) });
  await settle(800);
  replies.unsubscribe();
  directLine.end();
}

export async function identify(p) {
  await chat({ id: p.user_id, name: p.name }, "Hi, my winter boots order has not arrived yet. Can you check it?",
    { email: p.email, phone: p.phone, plan: p.plan });
  await settle(300);
}

export async function pageview() {
  await chat({ id: `dl_${Math.random().toString(36).slice(2, 12)}` }, "Do the winter boots run true to size?");
  await settle(300);
}
