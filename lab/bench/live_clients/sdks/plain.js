// @team-plain/typescript-sdk — Plain's official TypeScript SDK for its GraphQL API (Plain: customer support for B2B
// teams; a shop's help widget opens a support thread for a signed-in customer): new PlainClient({ apiKey }) sends every
// call by fetch to core-api.uk.plain.com/graphql/v1 as one JSON POST (the operation's document and its variables) with
// the key as a bearer token and Plain-SDK headers; upsertCustomer({ identifier, onCreate, onUpdate }) is the
// `upsertCustomer` mutation (the customer's details whole), createThread({ customerIdentifier, title, components }) the
// `createThread` mutation (the message whole), getLabelTypes() and getMyWorkspace() queries. README (const client = new
// PlainClient({ apiKey: 'plainApiKey__tmy0bZBy...' }); const result = await client.upsertCustomer({ identifier: {
// emailAddress: 'jane@acme.com' }, onCreate: { fullName: 'Jane Fargate', email: { email: 'jane@acme.com', isVerified:
// true } }, onUpdate: {} })). The identify page upserts the signed-in customer (full and short name, e-mail, their id
// as the external id) and opens a thread for their return request (the message naming them with their e-mail, phone and
// plan); the page view page reads the workspace and its label types.
import { PlainClient } from "@team-plain/typescript-sdk";

const plain = new PlainClient({ apiKey: "plainApiKey_7Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAeU2iO7tQ4w" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first] = p.name.split(" ");
  await plain.upsertCustomer({
    identifier: { emailAddress: p.email },
    onCreate: {
      fullName: p.name, shortName: first, email: { email: p.email, isVerified: true }, externalId: p.user_id,
    },
    onUpdate: { fullName: { value: p.name }, externalId: { value: p.user_id } },
  }).catch(() => null);
  await plain.createThread({
    customerIdentifier: { externalId: p.user_id },
    title: "Return request: leather winter boots",
    components: [{ componentText: { text: `${p.name} (${p.email}, ${p.phone}, ${p.plan} plan) asks to return the ` +
      "leather winter boots: too small. Please send a return label." } }],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await plain.getMyWorkspace().catch(() => null);
  await plain.getLabelTypes({ first: 20 }).catch(() => null);
  await settle(300);
}
