// @gitbeaker/rest — the JavaScript client for GitLab's REST API that GitLab's docs list (GitLab: hosted Git and issue
// tracking; a shop's support desk files its customers' problems as issues of its GitLab project): new Gitlab({ host,
// token }) sends every call by fetch to gitlab.com/api/v4 with the token in PRIVATE-TOKEN; Issues.create(projectId,
// title, { description, labels }) is one JSON POST of /projects/<id>/issues, Issues.all({ projectId, search, labels,
// state, perPage, maxPages }) a GET of /projects/<id>/issues with the filters in the query string. README (const api =
// new Gitlab({ token: 'personaltoken' }); await api.Projects.all(); api.Issues.create(projectId, title, options)). The
// identify page files the signed-in customer's return problem as an issue (its title naming them, the description
// their id, e-mail, phone, plan and message) and searches the project's issues for their e-mail; the page view page
// lists the open issues labelled as known problems with the boots and with delivery.
import { Gitlab } from "@gitbeaker/rest";

const api = new Gitlab({ host: "https://gitlab.com", token: "glpat-Kq2Xw9LmT4vZp1Kc8Nd3" });
const PROJECT = 61283947;

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await api.Issues.create(PROJECT, `Return request from ${p.name}`, {
    description: `Customer: ${p.name} (${p.user_id})\nE-mail: ${p.email}\nPhone: ${p.phone}\nPlan: ${p.plan}\n\n`
      + `Hello, this is ${p.name}. The leather winter boots are too small; please send a label to ${p.email} or call `
      + `${p.phone}.`,
    labels: "returns,customer-support",
  }).catch(() => null);
  await api.Issues.all({ projectId: PROJECT, search: p.email, state: "all", perPage: 5, maxPages: 1 })
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  await api.Issues.all({ projectId: PROJECT, labels: "known-problem,boots", state: "opened", perPage: 5, maxPages: 1 })
    .catch(() => null);
  await api.Issues.all({ projectId: PROJECT, labels: "known-problem,delivery", state: "opened", perPage: 5,
    maxPages: 1 }).catch(() => null);
  await settle(300);
}
