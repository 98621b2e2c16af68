// pirsch-sdk — Pirsch Analytics (api.pirsch.io), the browser client from pirsch-sdk/web.
// README "Client-Side": new Pirsch({identificationCode}); await client.hit();
// await client.event(name, duration, meta). Pirsch has no identify call: the user's details
// travel as event metadata (scalar values only).
import { Pirsch } from "pirsch-sdk/web";

function start() {
  return new Pirsch({ identificationCode: "q7Lm2Xz9Rb4Kt8Wv3Nc6Yp1Hd5Fg0Js2" });
}

export async function identify(p) {
  const client = start();
  await client.hit();
  await client.event("signed_in", 0, { user_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
}

export async function pageview() {
  const client = start();
  await client.hit();
}
