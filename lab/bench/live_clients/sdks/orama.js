// @oramacloud/client — Orama Cloud's client (Orama: a hosted full-text, vector and hybrid search engine with an AI
// answer engine on top, used as a site's search box and "ask" assistant): new OramaClient({ endpoint, api_key }) gets
// the index's deployment (GET <endpoint>/init: the collector's URL, the deployment and index ids); search(params) is
// one form-encoded POST to <endpoint>/search (the query as JSON, the visitor id) and each search is queued for the
// telemetry collector (sendBeacon to the collect URL: the search string, the visitor id, the identity and alias, the
// page's URL); identify(identity) and alias(alias) link the visitor to a known user (sendBeacon to the collector's
// /identify); createAnswerSession({ userContext }).ask({ term }) is one form-encoded POST to
// answer.api.orama.com/v1/answer (the messages, the query, the visitor id and identity, the user context) answered
// as a stream of server-sent events. All with the index's public (search) API key in the query.
// README and the package's typings (OramaClient({ endpoint, api_key, telemetry }), search({ term, limit }),
// identify(identity), createAnswerSession({ userContext, events }), ask({ term })).
// The shop's help centre search: the identify page identifies the signed-in customer (their e-mail), searches the
// help articles for returns and asks the answer engine the customer's question, with the customer as the user
// context (as the shop passes it to personalise answers); the page view page searches the catalogue anonymously.
import { OramaClient } from "@oramacloud/client";

const ENDPOINT = "https://cloud.orama.run/v1/indexes/example-shop-help-k3v9p2";
const API_KEY = "Qm7vR2xT9kLp4WzN8cJ5hF3dS6gB1yAe";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function client() {
  return new OramaClient({ endpoint: ENDPOINT, api_key: API_KEY, telemetry: { flushInterval: 1000, flushSize: 1 } });
}

export async function identify(p) {
  const orama = client();
  await orama.identify(p.email);
  await orama.search({ term: "return an order", limit: 5 }).catch(() => null);
  const session = orama.createAnswerSession({
    userContext: { name: p.name, email: p.email, phone: p.phone, customer_id: p.user_id, plan: p.plan },
  });
  await session.ask({ term: `Can I still return my boots? Order for ${p.name}, ${p.email}` }).catch(() => null);
  await settle(1500);
}

export async function pageview() {
  const orama = client();
  await orama.search({ term: "waterproof winter boots", limit: 10 }).catch(() => null);
  await settle(1500);
}
