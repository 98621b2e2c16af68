// zipyai — Zipy's JavaScript SDK (session replay and error monitoring: DOM recording, console, network and errors,
// custom logs and events, all tied to the identified end user): init posts the end user's details and the session id
// to Zipy's session manager (services.zipy.ai/sdk-session-manager/v2/enduser-info/<API key>), which answers the
// recording configuration; the recording (rrweb DOM events, logs, network timings, custom events) then streams as JSON
// to the collectors that configuration names (collector.zipy.ai by default).
// README ("Usage"): import zipy from "zipyai"; zipy.init("<app-id>"). The package's typings: init(sdkKey, options),
// identify(externalUUId, userInfo) ("To identify end user identity"; the user fields the SDK maps are firstName,
// lastName, email, phone, customerName, age, avatar), logMessage(message, options), logError(name, message,
// category), logException(err), logEvent(eventName, properties) ("send user's custom event") and
// getCurrentSessionURLAsync() (the session's link, once the SDK is initialised: identify() before that is retried
// only 5 s later).
import zipy from "zipyai";

const API_KEY = "4b7e2d9f";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await zipy.init(API_KEY);
  await zipy.getCurrentSessionURLAsync(); // resolves once the handshake is done and the first events are synced
  zipy.identify(p.user_id, {
    firstName: p.first_name, lastName: p.last_name, email: p.email, phone: p.phone, customerName: p.name,
  });
  zipy.logMessage("Profile form submitted");
  zipy.logError("ProfileUpdateError", "Profile update failed: address service returned 502", "account");
  await settle(2500);
}

export async function pageview() {
  await zipy.init(API_KEY);
  await zipy.getCurrentSessionURLAsync();
  zipy.logMessage("Product gallery opened");
  zipy.logEvent("view_product", { product: "winter-boots", category: "footwear" });
  await settle(2500);
}
