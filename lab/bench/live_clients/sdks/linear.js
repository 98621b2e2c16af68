// @linear/sdk — Linear's official TypeScript SDK (Linear: issue tracking for product teams; a shop's support form files
// its customers' requests as issues through it): new LinearClient({ apiKey }) sends every call by fetch to
// api.linear.app/graphql with the key in Authorization; createIssue(input) is one GraphQL POST of the IssueCreate
// mutation (the input whole: team, title, description), searchIssues(term) one of the SearchIssues query (the term as
// a variable). The client names its own User-Agent from the build's npm environment (process.env.npm_package_name and
// npm_package_version), which a site's bundler defines; here the entry file gives it an empty process.env. README and
// docs (const linearClient = new LinearClient({ apiKey: process.env.LINEAR_API_KEY }); await
// linearClient.createIssue({ teamId: team.id, title: "My Created Issue" })). The identify page looks up the signed-in
// customer's earlier requests by their id and files their return request as an issue (the title naming them, the
// description with their id, e-mail, phone and plan); the page view page searches the known issues about the boots'
// sizing.
import { LinearClient } from "@linear/sdk";

globalThis.process = globalThis.process || { env: {} };

const linear = new LinearClient({ apiKey: "lin_api_7Rq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx" });
const TEAM_ID = "9c1e4b2a-7f3d-4e8a-b5c6-2d0f9a8e7b13";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await linear.searchIssues(p.user_id, { first: 5 }).catch(() => null);
  await linear.createIssue({
    teamId: TEAM_ID,
    title: `Return request from ${p.name}`,
    description: `Customer ${p.user_id} (${p.plan} plan) wants to return the winter boots (size 42).\n\n`
      + `Contact: ${p.email}, ${p.phone}.`,
    priority: 3,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await linear.searchIssues("winter boots sizing", { first: 5 }).catch(() => null);
  await settle(300);
}
