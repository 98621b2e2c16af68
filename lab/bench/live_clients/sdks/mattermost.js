// @mattermost/client — Mattermost's JavaScript client (Client4, the REST client of Mattermost's own web app): team
// chat (users, teams, channels, posts), here against a Mattermost Cloud workspace (<workspace>.cloud.mattermost.com,
// /api/v4).
// README ("Rest Client"): new Client4(), client.setUrl(url), client.login(loginId, password); the typings give
// client.createUser(user, token, inviteId) (user: email, username, password, first_name, last_name, nickname, props),
// client.ping(getServerStatus) and client.getClientConfig().
import { Client4 } from "@mattermost/client";

function start() {
  const client = new Client4();
  client.setUrl("https://northwind-boots.cloud.mattermost.com");
  return client;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const client = start();
  await client.createUser({
    email: p.email, username: p.user_id, password: "Winter-boots-2026!", first_name: p.first_name,
    last_name: p.last_name, nickname: p.name, props: { phone: p.phone, plan: p.plan },
  }, "", "").catch(() => null);
  await client.login(p.email, "Winter-boots-2026!").catch(() => null);
  await settle();
}

export async function pageview() {
  const client = start();
  await client.ping(false).catch(() => null);
  await client.getClientConfig().catch(() => null);
  await settle();
}
