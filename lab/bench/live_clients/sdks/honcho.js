// honcho — Plastic Labs' official TypeScript SDK for Honcho, @honcho-ai/sdk (Honcho: memory for AI agents, peers and
// the sessions they talk in; a shop's support assistant remembers each customer): new Honcho({ apiKey, baseURL,
// workspaceId }) sends every call by fetch to api.honcho.dev/v3 with the key as a bearer token and an X-Honcho-Host
// header; the first call gets or creates the workspace by a JSON POST of /v3/workspaces, honcho.peer(id, { metadata })
// is a JSON POST of /v3/workspaces/<workspace>/peers (the id and metadata whole), honcho.session(id, { metadata }) a
// JSON POST of /v3/workspaces/<workspace>/sessions, session.addMessages([...]) a JSON POST of
// /v3/workspaces/<workspace>/sessions/<session>/messages (the messages whole), honcho.peers() and honcho.sessions()
// JSON POSTs of .../peers/list and .../sessions/list. README (const honcho = new Honcho({ apiKey:
// process.env.HONCHO_API_KEY, baseURL: "http://localhost:8000", workspaceId: "test" }); const alice = await
// honcho.peer("alice"); const session = await honcho.session("session_1"); await session.addMessages([...])), with the
// hosted API's URL. The identify page makes the signed-in customer a peer (their id as the peer's id; their name,
// e-mail and phone as metadata) and records their message opening a return in the support session; the page view page
// lists the peers and the sessions.
import { Honcho } from "@honcho-ai/sdk";

const honcho = new Honcho({
  apiKey: "hch-v3-Lq7Xm2Kv9Tr4Wz8Np3Hs6Dc1Bj5Ga0FyQe2Uo8Ri4Tn6",
  baseURL: "https://api.honcho.dev",
  workspaceId: "example-shop",
  maxRetries: 0,
  timeout: 10000,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  try {
    const customer = await honcho.peer(p.user_id, {
      metadata: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
    });
    const session = await honcho.session("support-ORD-20418", {
      metadata: { channel: "storefront", order: "ORD-20418" },
    });
    await session.addMessages([
      customer.message(`Hi, this is ${p.name}. I would like to return the winter boots from order ORD-20418. ` +
        `Please send the label to ${p.email} or text me at ${p.phone}.`),
    ]);
  } catch (e) {
    // the page goes on without the assistant's memory
  }
  await settle(300);
}

export async function pageview() {
  await honcho.peers({ size: 10 }).catch(() => null);
  await honcho.sessions({ size: 10 }).catch(() => null);
  await settle(300);
}
