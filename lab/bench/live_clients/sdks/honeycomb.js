// @honeycombio/opentelemetry-web — Honeycomb's OpenTelemetry distribution for the browser: page loads, fetches, user
// interactions, web vitals and errors as OTLP traces (with metrics and logs) to api.eu1.honeycomb.io.
// README "Getting started": new HoneycombWebSDK({endpoint, apiKey, serviceName, instrumentations:
// [getWebAutoInstrumentations(), new WebVitalsInstrumentation()]}).start(); "SDK Configuration": spanProcessors, span
// processors applied to every span (here one that adds the signed-in user's fields); recordException(error,
// attributes) for a handled error; shutdown() at the end of the page call flushes the batched spans.
import { HoneycombWebSDK, WebVitalsInstrumentation, recordException } from "@honeycombio/opentelemetry-web";
import { getWebAutoInstrumentations } from "@opentelemetry/auto-instrumentations-web";

let user = null;
const userAttributes = {
  onStart(span) {
    if (user) span.setAttributes(user);
  },
  onEnd() {},
  forceFlush() { return Promise.resolve(); },
  shutdown() { return Promise.resolve(); },
};

function start() {
  const sdk = new HoneycombWebSDK({
    endpoint: "https://api.eu1.honeycomb.io",
    apiKey: "hcaik_01jx7c2e9a4f1b8d3e6a5c0f2b7e9a1d4c8e6a3f5b2d9c7e1a4f8b0d3c6e2a5",
    serviceName: "example-shop-web",
    instrumentations: [getWebAutoInstrumentations(), new WebVitalsInstrumentation()],
    spanProcessors: [userAttributes],
  });
  sdk.start();
  return sdk;
}

export async function identify(p) {
  user = { "user.id": p.user_id, "user.name": p.name, "user.email": p.email, "user.phone": p.phone, "user.plan": p.plan };
  const sdk = start();
  await fetch("/favicon.ico");
  await sdk.shutdown();
}

export async function pageview() {
  const sdk = start();
  recordException(new Error("Checkout widget failed to render: timeout after 3000 ms"), { "app.section": "checkout" });
  await sdk.shutdown();
}
