// @getzep/zep-cloud — Zep's client (Zep: hosted memory and context for AI assistants; an app adds its users, their
// chat threads and messages, and Zep builds a knowledge graph of each user to give its assistant context): new
// ZepClient({ apiKey }) sends every call by fetch to api.getzep.com/api/v2 with the project key as
// `Authorization: Api-Key ...`; user.add({ userId, email, firstName, lastName, metadata }) is a JSON POST to /users,
// thread.create({ threadId, userId }) one to /threads, thread.addMessages(threadId, { messages: [{ role, name,
// content }] }) one to /threads/<id>/messages, graph.search({ graphId | userId, query }) one to /graph/search.
// README / reference.md (client.user.add({ userId, email, firstName, lastName, metadata }); client.thread.create({
// threadId, userId }); client.thread.addMessages(threadId, { messages }); client.graph.search({ query })). The
// identify page is the shop assistant's chat with the signed-in customer: the customer added as a Zep user (their id,
// e-mail, first and last name, their phone in the metadata), a thread opened for them and their first message (their
// name as the message's name, their question naming them); the page view page searches the shop's shared product
// graph for an anonymous question.
import { ZepClient } from "@getzep/zep-cloud";

const client = new ZepClient({ apiKey: "z_1dWlkIjoiNmQ0YzJhOGUtOWYxYi00YjNkLWE3ZTUtMmM4ZjBhNmQ0YjFlIn0.Kp7Rw2Xn9Lq4" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await client.user.add({
    userId: p.user_id, email: p.email, firstName: p.first_name, lastName: p.last_name,
    metadata: { phone: p.phone, plan: p.plan },
  }).catch(() => null);
  const threadId = "thread_" + Math.random().toString(36).slice(2, 14);
  await client.thread.create({ threadId, userId: p.user_id }).catch(() => null);
  await client.thread.addMessages(threadId, {
    messages: [{ role: "user", name: p.name,
      content: `Hi, I'm ${p.name}. Can I still return the boots I ordered? Call me on ${p.phone}.` }],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await client.graph.search({ graphId: "example-shop-products", query: "Are the winter boots waterproof?", limit: 5 })
    .catch(() => null);
  await settle(300);
}
