// @loglayer/transport-dynatrace (with loglayer) — LogLayer logs shipped to Dynatrace's Log Monitoring API v2
// (<environment>.live.dynatrace.com/api/v2/logs/ingest).
// README "Quick Start": new LogLayer({transport: new DynatraceTransport({url, ingestToken, onError})});
// log.withMetadata({...}).info(message). One POST per log record.
import { LogLayer } from "loglayer";
import { DynatraceTransport } from "@loglayer/transport-dynatrace";

function start() {
  return new LogLayer({
    transport: new DynatraceTransport({
      url: "https://kxq48215.live.dynatrace.com/api/v2/logs/ingest",
      ingestToken: "dt0c01.R7KQ2XW9PLMV4BN3HT6YC8DF.J2M5Q8T1W4Z7C0F3H6K9N2R5U8X1A4D7G0J3M6P9S2V5Y8B1E4H7K0N3Q6T9W2",
      onError: (error) => console.warn("Failed to send log:", error),
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
