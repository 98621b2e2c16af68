// @project-sunbird/telemetry-sdk — Sunbird's telemetry library (Sunbird/EkStep learning platforms): Telemetry V3
// events (START, INTERACT, AUDIT, END...) with the actor (the signed-in user's id), the context and an edata block,
// batched and posted as one api.sunbird.telemetry message to the platform's telemetry API (api.sunbird.org here, the
// host the README's example uses).
// README ("Usage", "Configuration"): $t.initialize({ pdata, env, channel, uid, host, endpoint, batchsize }), then
// $t.start(config, contentId, contentVer, { type, mode, pageid }) and event calls such as $t.interact({ type, id,
// pageid }); a batch is sent when it reaches `batchsize` or at an END event, or by $t.syncEvents(). The typings add
// audit(), log() and end(); edata.extra.values is where Telemetry V3 keeps an interaction's values.
import { $t } from "@project-sunbird/telemetry-sdk";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

function init(env, uid) {
  $t.initialize({
    pdata: { id: "example-shop.portal", ver: "4.2.0", pid: "example-shop-portal" },
    env,
    channel: "example-shop",
    uid,
    host: "https://api.sunbird.org",
    endpoint: "/v1/telemetry",
    batchsize: 10,
  });
}

export async function identify(p) {
  init("profile", p.user_id);
  await $t.start({}, "do_profile_edit", "1.0", { type: "app", mode: "edit", pageid: "profile" }).catch(() => null);
  $t.interact({
    type: "CLICK",
    subtype: "submit",
    id: "profile-save",
    pageid: "profile",
    extra: { values: [{ name: p.name }, { firstName: p.first_name }, { email: p.email }, { phone: p.phone }] },
  });
  $t.audit({ props: ["name", "email", "phone"], state: "Updated", prevstate: "Created", type: "profile" });
  $t.log({ type: "api_call", level: "INFO", message: `profile saved for ${p.email}`, params: [{ plan: p.plan }] });
  $t.end({ type: "app", mode: "edit", pageid: "profile" });
  await settle();
}

export async function pageview() {
  init("catalog", undefined);
  await $t.start({}, "do_winter_boots", "1.0", { type: "app", mode: "view", pageid: "product" }).catch(() => null);
  $t.impression({ type: "view", pageid: "product", uri: location.pathname });
  $t.end({ type: "app", mode: "view", pageid: "product" });
  await settle();
}
