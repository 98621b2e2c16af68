// @databeat/tracker — Databeat's web tracker (Databeat: Sequence's privacy-minded product analytics for web3 apps and
// games): events (INIT on identify, VIEW, custom ones with string props and numeric nums) are queued and posted every
// 500 ms as one JSON webrpc call, POST <host>/rpc/Databeat/Tick ({ events }), with the project's access key as a
// bearer JWT; each event carries the user id, its kind (anonymous, private: a SHA-256 of the id, or user: the id
// itself) and a session id.
// The package's typings (its README only says how to build it; sites call it as below): new Databeat(host, jwt,
// { userIdentTracking, privacy, flushInterval }), identify(userId, { allowTracking }), track({ event, props, nums }),
// trackView(props), flush(). The shop tracks its signed-in users by their own id (userIdentTracking with the user's
// consent, allowTracking: true); without it the id would be hashed in the browser. Host: Sequence's Databeat service.
import { Databeat } from "@databeat/tracker";

const HOST = "https://databeat.sequence.app";
// The project's public access key (a JWT naming the app), made up.
const JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhcHAiOiJleGFtcGxlLXNob3AiLCJleHAiOjIwNTg5NzU0MjJ9."
  + "Qm9vdHNTaG9wU2lnbmF0dXJlTm90UmVhbDEyMzQ1Njc4";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const db = new Databeat(HOST, { jwt: JWT }, { userIdentTracking: true });
  db.identify(p.user_id, { allowTracking: true });
  db.trackView({ title: document.title });
  await db.track({
    event: "ACCOUNT_UPDATED",
    props: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
    nums: { orders: 3 },
  }, { flush: true });
  await settle(800);
}

export async function pageview() {
  const db = new Databeat(HOST, { jwt: JWT });
  db.trackView({ title: document.title });
  await db.flush();
  await settle(800);
}
