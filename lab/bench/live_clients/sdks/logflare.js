// @loglayer/transport-logflare (with loglayer) — LogLayer logs shipped to Logflare (api.logflare.app).
// README "Usage": new LogLayer({contextFieldName: null, metadataFieldName: null, transport: new LogflareTransport(
// {sourceId, apiKey})}); log.withMetadata({...}).info(message). The HTTP transport batches; its documented
// batchSendTimeout is set to 1 s here (default 5 s).
import { LogLayer } from "loglayer";
import { LogflareTransport } from "@loglayer/transport-logflare";

function start() {
  return new LogLayer({
    contextFieldName: null,
    metadataFieldName: null,
    transport: new LogflareTransport({
      sourceId: "9d4f7a2c-5e1b-4c8d-a3f6-2b7e0c9d1a54",
      apiKey: "lf_Qk7Xm2Pv9Lr4Tw8Zn3Bc6Yd1",
      batchSendTimeout: 1000,
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
