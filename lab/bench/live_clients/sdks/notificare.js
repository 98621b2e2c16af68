// notificare-web — Notificare customer engagement (push, inbox, in-app), its core module (cloud.notifica.re).
// docs.notifica.re "Web SDK / Implementation": configure({applicationKey, applicationSecret}); await launch()
// (registers the browser as a device and opens a session); updateUser({userId, userName}) once signed in;
// updateUserData(fields) for the user data fields; logCustom(event, data) for a custom event.
import { configure, launch, logCustom, updateUser, updateUserData } from "notificare-web/core";

async function start() {
  configure({ applicationKey: "9c1f5e2a7b3d48e6a0f4c8d2e6b1a7f3", applicationSecret: "f2a8c4e1b7d3469a8e0c5b2d9f6a1e74" });
  await launch();
}

export async function identify(p) {
  await start();
  await updateUser({ userId: p.user_id, userName: p.name });
  await updateUserData({ email: p.email, phone: p.phone, plan: p.plan });
  await logCustom("signed_in", { plan: p.plan });
}

export async function pageview() {
  // An anonymous visitor: launching registers the browser and logs the application open.
  await start();
}
