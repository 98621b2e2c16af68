// browser-bunyan with @browser-bunyan/server-stream — Bunyan JSON logs from the browser, batched to the app's own
// log intake (here logs-intake.shop.example). README: createLogger({name, streams: [{level, stream: new
// ServerStream({url, flushOnClose})}]}); log.info({fields}, msg) adds the fields to the record.
import { createLogger } from "browser-bunyan";
import { ServerStream } from "@browser-bunyan/server-stream";

let logger = null;

function start() {
  if (!logger) {
    logger = createLogger({
      name: "shop-web",
      streams: [{ level: "info", stream: new ServerStream({ url: "https://logs-intake.shop.example/client-logs",
                                                            throttleInterval: 500, flushOnClose: true }) }],
    });
  }
  return logger;
}

export async function identify(p) {
  const user = { id: p.user_id, name: p.name, email: p.email, phone: p.phone };
  start().info({ user, plan: p.plan }, "user signed in");
}

export async function pageview() {
  start().warn("Checkout widget failed to render: timeout after %d ms", 3000);
}
