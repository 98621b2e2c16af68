// @dynatrace/openkit-js — Dynatrace OpenKit, its JavaScript reference implementation (real user monitoring and
// crash reporting for applications that talk HTTP to their back end; beacons to the environment's beacon URL).
// README "Example" and example.md: new OpenKitBuilder(beaconUrl, applicationId, deviceId)...build();
// openKit.waitForInit(cb); session = openKit.createSession(); session.identifyUser(tag) tags the session with the
// user; action = session.enterAction(name); action.reportValue(key, value), action.reportEvent(name),
// action.reportError(name, code); action.leaveAction(); session.end(); openKit.shutdown() sends what is left.
import { OpenKitBuilder } from "@dynatrace/openkit-js";

const BEACON = "https://bf72913xgc.bf.dynatrace.com/mbeacon";
const APP_ID = "8f3d2a61-4c9e-47b5-a0d8-1e6b9c2f7a43";

function start() {
  const openKit = new OpenKitBuilder(BEACON, APP_ID, Math.floor(Math.random() * 1e15))
    .withApplicationVersion("1.8.2")
    .withOperatingSystem(navigator.platform || "Web")
    .build();
  return new Promise((resolve) => openKit.waitForInit(() => resolve(openKit), 10000));
}

async function finish(openKit, session) {
  session.end();
  await new Promise((resolve) => openKit.shutdown(resolve));
}

export async function identify(p) {
  const openKit = await start();
  const session = openKit.createSession();
  session.identifyUser(p.user_id);
  const action = session.enterAction("Sign in");
  action.reportValue("name", p.name);
  action.reportValue("email", p.email);
  action.reportValue("phone", p.phone);
  action.reportValue("plan", p.plan);
  action.reportEvent("signed_in");
  action.leaveAction();
  await finish(openKit, session);
}

export async function pageview() {
  const openKit = await start();
  const session = openKit.createSession();
  const action = session.enterAction("Loading product page");
  action.reportError("Checkout widget failed to render: timeout after 3000 ms", 408);
  action.leaveAction();
  await finish(openKit, session);
}
