// @uptrace/web — Uptrace's OpenTelemetry distribution for browsers (traces and errors to api.uptrace.dev).
// Uptrace docs "OpenTelemetry JavaScript for browsers": uptrace.configureOpentelemetry({dsn, serviceName,
// serviceVersion, deploymentEnvironment}); uncaught errors are reported, and uptrace.reportException(err, attrs)
// reports a handled one with attributes (the user as OpenTelemetry's enduser.* attributes). Spans go out on the
// batch processor's 5 s timer.
import * as uptrace from "@uptrace/web";

let started = false;

function start() {
  if (!started) {
    uptrace.configureOpentelemetry({
      dsn: "https://Vq3mX8kT2pL9wZ4rB7nC@api.uptrace.dev/4821",
      serviceName: "example-shop-web",
      serviceVersion: "1.8.2",
      deploymentEnvironment: "production",
    });
    started = true;
  }
  return uptrace;
}

export async function identify(p) {
  start().reportException(new Error("Payment form failed to load saved cards"), {
    "enduser.id": p.user_id, "enduser.name": p.name, "enduser.email": p.email, "enduser.phone": p.phone,
    "enduser.plan": p.plan,
  });
}

export async function pageview() {
  start().reportException(new Error("Checkout widget failed to render: timeout after 3000 ms"));
}
