// connectycube — ConnectyCube's JavaScript SDK: in-app chat and video calling (users, dialogs and messages, push
// notifications, link previews), with the app user's account (login, e-mail, full name, phone), to ConnectyCube's
// REST API (api.connectycube.com); chat messages go over XMPP, which these pages do not open.
// README ("Connect SDK", "Initialize the ConnectyCube SDK"): ConnectyCube.init({ appId, authKey }, config); the
// package's typings give ConnectyCube.users.signup({ login, password, email, full_name, phone, ... }),
// ConnectyCube.createSession() (an application session) and ConnectyCube.linkpreview.get(url).
import ConnectyCube from "connectycube";

const CREDENTIALS = { appId: 8417, authKey: "r7Qm2XcV9kLp4TzB" };

let started = false;

function start() {
  if (!started) {
    ConnectyCube.init(CREDENTIALS, { debug: { mode: 0 } });
    started = true;
  }
  return ConnectyCube;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const cube = start();
  await cube.users.signup({ login: p.user_id, password: "Winter-boots-2026!", email: p.email, full_name: p.name,
                            phone: p.phone, custom_data: JSON.stringify({ plan: p.plan }) }).catch(() => null);
  await settle();
}

export async function pageview() {
  const cube = start();
  await cube.createSession().catch(() => null);
  await cube.linkpreview.get("https://shop.example/products/winter-boots").catch(() => null);
  await settle();
}
