// elmah.io.javascript — elmah.io error logging (api.elmah.io).
// docs.elmah.io "Logging to elmah.io from JavaScript": new Elmahio({apiKey, logId}); log.error(msg, error);
// "Intercept all messages": log.on('message', msg => ...) to set msg.user and add msg.data entries.
import Elmahio from "elmah.io.javascript";

function start() {
  return new Elmahio({ apiKey: "hf8d2k4m6n9p1q3r5s7t0v2w4x6y8z0a", logId: "5c1e9a7b-3d2f-4e8a-9b6c-0d4f7a2e1b58" });
}

export async function identify(p) {
  const log = start();
  log.on("message", (msg) => {
    msg.user = p.email;
    msg.data = [...(msg.data || []), { key: "UserId", value: p.user_id }, { key: "Name", value: p.name },
                { key: "Phone", value: p.phone }, { key: "Plan", value: p.plan }];
  });
  log.error("Checkout widget failed to render: timeout after 3000 ms", new Error("timeout after 3000 ms"));
}

export async function pageview() {
  const log = start();
  log.warning("Checkout widget failed to render: timeout after 3000 ms");
}
