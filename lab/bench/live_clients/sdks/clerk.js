// @clerk/backend — Clerk's official JavaScript SDK for its Backend API (Clerk: user management and authentication; a
// shop registers its customers as Clerk users from its back office): createClerkClient({ secretKey }) sends every call
// by fetch to api.clerk.com/v1 with the key as a bearer token (Clerk-API-Version header); users.createUser({
// firstName, lastName, emailAddress, phoneNumber, externalId, publicMetadata, ... }) is one JSON POST of /users (keys
// in snake case), users.getUserList({ emailAddress }) GETs of /users and /users/count with the e-mail in the query
// string, organizations.getOrganizationList() a GET of /organizations. README (const clerkClient = createClerkClient({
// secretKey: process.env.CLERK_SECRET_KEY }); const userList = await clerkClient.users.getUserList()). The identify
// page registers the signed-in customer (first and last name, e-mail, phone, their id as the external id, plan as
// public metadata) and looks them up by e-mail; the page view page lists the organizations and counts the users. Its
// telemetry is off (the client would sample 10% of its events to Clerk's collector).
import { createClerkClient } from "@clerk/backend";

const clerk = createClerkClient({
  secretKey: "sk_live_7Kq2mXv9LbT4sR8nW1cZ6yH3dF5gJ0pAeU2iO7tQ4w",
  telemetry: { disabled: true },
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  await clerk.users.createUser({
    firstName: first,
    lastName: rest.join(" "),
    emailAddress: [p.email],
    phoneNumber: [p.phone.replace(/[^+\d]/g, "")],
    externalId: p.user_id,
    publicMetadata: { plan: p.plan },
    skipPasswordRequirement: true,
  }).catch(() => null);
  await clerk.users.getUserList({ emailAddress: [p.email], limit: 1 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await clerk.organizations.getOrganizationList({ limit: 10 }).catch(() => null);
  await clerk.users.getCount().catch(() => null);
  await settle(300);
}
