// cobrowse-sdk-js — Cobrowse.io's web SDK: co-browsing for customer support (the device registers with Cobrowse so
// that an agent can find it and start a session), to Cobrowse's API (api.cobrowse.io).
// README and its linked "Identify your devices": CobrowseIO.license = "..."; CobrowseIO.customData = { user_id,
// user_name, user_email, device_name, ... }; CobrowseIO.start() — the typings give license, customData and start().
import CobrowseIO from "cobrowse-sdk-js";

const LICENSE = "cb_lic_7fQ2mK9xR4vT8nZ3wP6s";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 2500));
}

export async function identify(p) {
  CobrowseIO.license = LICENSE;
  CobrowseIO.customData = {
    user_id: p.user_id,
    user_name: p.name,
    user_email: p.email,
    user_phone: p.phone,
    plan: p.plan,
    device_name: "Web checkout",
  };
  await CobrowseIO.start().catch(() => null);
  await settle();
}

export async function pageview() {
  CobrowseIO.license = LICENSE;
  CobrowseIO.customData = { device_name: "Web shop", page: "winter-boots" };
  await CobrowseIO.start().catch(() => null);
  await settle();
}
