// @bugfender/sdk — Bugfender, remote logging, crash and issue reporting for web apps (api.bugfender.com).
// README "Installation" (NPM), "Usage" and "Advanced Usage": Bugfender.init({appKey}) (the only required option);
// Bugfender.setDeviceKey(key, value) associates information with the device (the signed-in user's details);
// Bugfender.log/warn/error(...) log lines like console's; Bugfender.sendIssue(title, text) reports an issue, sent
// whether or not the device is enabled; Bugfender.forceSendOnce() sends this session's logs once.
import { Bugfender } from "@bugfender/sdk";

async function start() {
  await Bugfender.init({ appKey: "Xq7LmB2pK9vT4zR8wN3cH6dF1gJ5sY0a", version: "2.14.0", build: "2140" });
}

export async function identify(p) {
  await start();
  Bugfender.setDeviceKey("user.id", p.user_id);
  Bugfender.setDeviceKey("user.name", p.name);
  Bugfender.setDeviceKey("user.email", p.email);
  Bugfender.setDeviceKey("user.phone", p.phone);
  Bugfender.log("Signed in, plan %s", p.plan);
  Bugfender.forceSendOnce();
}

export async function pageview() {
  await start();
  await Bugfender.sendIssue("Checkout widget failed to render", "timeout after 3000 ms").catch(() => undefined);
}
