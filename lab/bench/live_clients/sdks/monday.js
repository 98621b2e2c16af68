// @mondaydotcomorg/api — monday.com's official SDK for its GraphQL platform API (monday.com: a work management
// platform; a shop's customer service team tracks return requests on a board): new ApiClient({ token }) sends every
// call by fetch (graphql-request) to api.monday.com/v2 as one JSON POST (the operation's document and its variables)
// with the token in Authorization and API-Version headers; request(document, variables) sends any operation,
// operations.getBoardGroupsOp() a packaged query. The page gives the client its documented default endpoint
// (`MONDAY_API_ENDPOINT`): without one it reads `process.env.MONDAY_API_ENDPOINT`, which a browser does not have.
// README (const client = new ApiClient({token: '<API-TOKEN>'}); const boards = await client.request(`query {
// boards(ids: some_id) { name } }`)). The identify page creates an item for the signed-in customer's return request on
// the returns board (named after them; their e-mail, phone and id in its columns) and posts an update on it (the
// message naming them with their e-mail, phone and plan); the page view page reads the board's groups and its name and
// item count.
import { ApiClient, MONDAY_API_ENDPOINT } from "@mondaydotcomorg/api";

const monday = new ApiClient({
  token: "eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOjQ4MTcyOTM2MCwiYWFpIjoxMSwidWlkIjo2MjkxODQ3fQ.Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAe",
  endpoint: MONDAY_API_ENDPOINT,
});
const BOARD = "7315209846";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const created = await monday.request(
    `mutation ($boardId: ID!, $groupId: String!, $name: String!, $values: JSON!) {
      create_item(board_id: $boardId, group_id: $groupId, item_name: $name, column_values: $values) { id name }
    }`,
    {
      boardId: BOARD,
      groupId: "topics",
      name: `Return request: ${p.name}`,
      values: JSON.stringify({
        email: { email: p.email, text: p.email },
        phone: { phone: p.phone.replace(/\s/g, ""), countryShortName: "US" },
        text: p.user_id,
        status: { label: "New" },
      }),
    },
  ).catch(() => null);
  const itemId = created && created.create_item ? created.create_item.id : "1842057316";
  await monday.request(
    `mutation ($itemId: ID!, $body: String!) { create_update(item_id: $itemId, body: $body) { id } }`,
    {
      itemId,
      body: `${p.name} (${p.email}, ${p.phone}, ${p.plan} plan) asks to return the leather winter boots: too small. `
        + "Please send a return label.",
    },
  ).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await monday.operations.getBoardGroupsOp({ ids: [BOARD] }).catch(() => null);
  await monday.request(`query ($ids: [ID!]) { boards(ids: $ids) { name items_count } }`, { ids: [BOARD] })
    .catch(() => null);
  await settle(300);
}
