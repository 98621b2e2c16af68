// jsflagr — the JavaScript client of Flagr (openflagr), a self-hosted feature flag and A/B testing service: flag
// evaluations for an entity and its context, to the shop's Flagr (flagr.shop.example/api/v1).
// README "Getting Started" and docs/EvaluationApi.md, docs/EvalContext.md: new Jsflagr.EvaluationApi();
// postEvaluation(EvalContext{entityID, entityType, entityContext, flagKey}, callback), the entity id and context
// being what segments' constraints match on; the client's basePath (ApiClient.instance) points at the server.
import Jsflagr from "jsflagr";

function api() {
  Jsflagr.ApiClient.instance.basePath = "https://flagr.shop.example/api/v1";
  return new Jsflagr.EvaluationApi();
}

function evaluate(apiInstance, body) {
  return new Promise((resolve) => apiInstance.postEvaluation(body, (error, data) => resolve(error ? null : data)));
}

export async function identify(p) {
  const apiInstance = api();
  const body = Jsflagr.EvalContext.constructFromObject({
    entityID: p.user_id, entityType: "user", flagKey: "new-checkout",
    entityContext: { name: p.name, email: p.email, phone: p.phone, plan: p.plan },
  });
  await evaluate(apiInstance, body);
}

export async function pageview() {
  const apiInstance = api();
  const body = Jsflagr.EvalContext.constructFromObject({
    entityID: "anon-7f3a9c21e4b8", entityType: "visitor", flagKey: "new-checkout", entityContext: { page: "product" },
  });
  await evaluate(apiInstance, body);
}
