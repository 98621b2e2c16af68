// @loglayer/transport-victoria-logs (with loglayer) — LogLayer logs shipped to VictoriaLogs (VictoriaMetrics), the
// shop's own log store, over its JSON stream API (logs.victoria.shop.example/insert/jsonline).
// README "Usage": new LogLayer({transport: new VictoriaLogsTransport({url, streamFields, batchSendTimeout, onError})});
// log.withMetadata({...}).info(message). Records go out in a batch on the transport's timer (0.5 s here).
import { LogLayer } from "loglayer";
import { VictoriaLogsTransport } from "@loglayer/transport-victoria-logs";

function start() {
  return new LogLayer({
    transport: new VictoriaLogsTransport({
      url: "https://logs.victoria.shop.example",
      streamFields: () => ({ service: "example-shop-web", environment: "production" }),
      batchSendTimeout: 500,
      onError: (err) => console.warn("Failed to send logs to VictoriaLogs:", err),
    }),
  });
}

export async function identify(p) {
  start()
    .withMetadata({ user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone }, plan: p.plan })
    .info("User signed in");
}

export async function pageview() {
  start().warn("Checkout widget failed to render: timeout after 3000 ms");
}
