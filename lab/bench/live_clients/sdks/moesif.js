// moesif-browser-js — Moesif API and product analytics, its browser SDK (api.moesif.net).
// README "How to use": moesif.init({applicationId}); moesif.identifyUser(userId, metadata) once the user signed in
// (email, firstName, lastName and any other fields); moesif.track(actionName, metadata) for user actions such as
// "Viewed Landing" (anonymous visitors get an anonymous id).
import moesif from "moesif-browser-js";

let started = false;

function start() {
  if (!started) {
    moesif.init({ applicationId: "eyJhcHAiOiI0NzM6MjEyIiwidmVyIjoiMi4xIiwib3JnIjoiODg6MTkwIn0.Zk3p9Qx2Lr7Vw" });
    started = true;
  }
  return moesif;
}

export async function identify(p) {
  const m = start();
  const [firstName, lastName] = p.name.split(" ");
  m.identifyUser(p.user_id, { email: p.email, firstName, lastName, phone: p.phone, plan: p.plan });
  m.track("Signed In", { plan: p.plan });
}

export async function pageview() {
  start().track("Viewed Landing", { page: location.pathname });
}
