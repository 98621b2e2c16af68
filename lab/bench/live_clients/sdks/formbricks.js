// @formbricks/api — Formbricks' client API wrapper (open-source in-app surveys and experience management): survey
// displays, responses and contact attributes posted to the public client API of an environment
// (app.formbricks.com/api/v1/client/<environment id>/..., the README's default host).
// README ("Init", "Display", "Response", "Contact Attributes"): new FormbricksAPI({ apiHost, environmentId }), then
// api.client.display.create({ surveyId, userId }), api.client.response.create({ surveyId, finished, data, userId,
// meta }) and api.client.attribute.update({ userId, attributes }). A contact-info question's answer is the array of
// first name, last name, e-mail, phone and company.
import { FormbricksAPI } from "@formbricks/api";

const API = { apiHost: "https://app.formbricks.com", environmentId: "clx8k2m9q0001ab12cd34ef56" };
const SURVEY = "cm1q7w3e50003xy98zt76ab54";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const api = new FormbricksAPI(API);
  await api.client.attribute.update({
    userId: p.user_id,
    attributes: { email: p.email, firstName: p.first_name, lastName: p.last_name, phone: p.phone, plan: p.plan },
  });
  await api.client.display.create({ surveyId: SURVEY, userId: p.user_id });
  await api.client.response.create({
    surveyId: SURVEY,
    userId: p.user_id,
    finished: true,
    data: {
      contact: [p.first_name, p.last_name, p.email, p.phone, "Example Shop"],
      satisfaction: 9,
      comment: `Please call me back at ${p.phone} about my order`,
    },
    meta: { source: "account", url: location.href },
  });
  await settle(800);
}

export async function pageview() {
  const api = new FormbricksAPI(API);
  await api.client.display.create({ surveyId: SURVEY });
  await api.client.response.create({
    surveyId: SURVEY,
    finished: true,
    data: { satisfaction: 9, helpful: "yes" },
    meta: { source: "product", url: location.href },
  });
  await settle(800);
}
