// @aws-sdk/client-personalize-events — Amazon Personalize's event tracking API: item interactions (views, clicks,
// purchases) for a user and session, and the user's record, sent from the page to
// personalize-events.us-east-1.amazonaws.com (signed with SigV4) to train and update recommendations.
// README "Getting Started" and "Usage": new PersonalizeEventsClient({region, credentials}), client.send(new
// PutEventsCommand({trackingId, userId, sessionId, eventList})) and client.send(new PutUsersCommand({datasetArn,
// users})); the command inputs as the package's typings give them (eventList: eventType, sentAt, itemId, properties).
import { PersonalizeEventsClient, PutEventsCommand, PutUsersCommand } from "@aws-sdk/client-personalize-events";

const TRACKING_ID = "5f1c2e8a-7b3d-4e9f-a6c0-2d8b4f7e1a93";
const SESSION_ID = "sess-9e4b7a2c1f";

function start() {
  // a Cognito identity pool hands the page such short-lived credentials in production
  return new PersonalizeEventsClient({ region: "us-east-1", credentials: {
    accessKeyId: "ASIAQ3EXAMPLE7KXM2PD", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY",
    sessionToken: "IQoJb3JpZ2luX2VjEXAMPLEtOkEnForTheShopWebPersonalizeRoleQ2xpZW50" } });
}

export async function identify(p) {
  const client = start();
  await client.send(new PutUsersCommand({
    datasetArn: "arn:aws:personalize:us-east-1:123456789012:dataset/example-shop/USERS",
    users: [{ userId: p.user_id, properties: JSON.stringify({ name: p.name, email: p.email, phone: p.phone, plan: p.plan }) }],
  }));
  await client.send(new PutEventsCommand({ trackingId: TRACKING_ID, userId: p.user_id, sessionId: SESSION_ID,
    eventList: [{ eventType: "sign_in", sentAt: new Date(), properties: JSON.stringify({ plan: p.plan }) }] }));
}

export async function pageview() {
  const client = start();
  await client.send(new PutEventsCommand({ trackingId: TRACKING_ID, sessionId: SESSION_ID,
    eventList: [{ eventType: "view", sentAt: new Date(), itemId: "winter-boots-129" }] }));
}
