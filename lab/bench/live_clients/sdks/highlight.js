// highlight.run — Highlight session replay, errors and traces (pub.highlight.io, otel.highlight.io).
// Docs: H.init(projectId, {serviceName, tracingOrigins, networkRecording}); H.identify(identifier,
// metadata); H.track(event, props); H.consumeError(error) for a handled error.
import { H } from "highlight.run";

function start() {
  H.init("4d7xj8qe", {
    serviceName: "shop-web",
    environment: "production",
    tracingOrigins: true,
    networkRecording: { enabled: true, recordHeadersAndBody: true },
  });
}

export async function identify(p) {
  start();
  H.identify(p.email, { id: p.user_id, name: p.name, phone: p.phone, plan: p.plan });
  H.track("signed_in", { plan: p.plan });
}

export async function pageview() {
  start();
  H.consumeError(new Error("Checkout widget failed to render: timeout after 3000 ms"));
}
