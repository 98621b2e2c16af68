// @opentelemetry/exporter-trace-otlp-proto — OTLP/HTTP traces in the protobuf encoding to a
// vendor's collector (Honeycomb's documented endpoint https://api.honeycomb.io/v1/traces, its
// team key in the x-honeycomb-team header). Set up as otel.js (the OTLP exporters' README
// "Traces in Web"), with the protobuf exporter in place of the JSON one. Added after the blind
// draw (livebench/sdks.py: ADDED_AFTER_DRAW) as the development instrument for protobuf bodies.
import { trace } from "@opentelemetry/api";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";

function start() {
  const exporter = new OTLPTraceExporter({
    url: "https://api.honeycomb.io/v1/traces",
    headers: { "x-honeycomb-team": "hcaik_01j0shopexamplekey000000000000000000000000000000" },
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": "shop-web", "deployment.environment.name": "production" }),
    spanProcessors: [new BatchSpanProcessor({ exporter, maxQueueSize: 100, maxExportBatchSize: 10, scheduledDelayMillis: 500 })],
  });
  trace.setGlobalTracerProvider(provider);
  return provider;
}

export async function identify(p) {
  const provider = start();
  const span = trace.getTracer("shop").startSpan("sign_in", {
    attributes: { "user.id": p.user_id, "user.email": p.email, "user.full_name": p.name, "user.phone": p.phone, plan: p.plan },
  });
  span.end();
  await provider.forceFlush();
}

export async function pageview() {
  const provider = start();
  const span = trace.getTracer("shop").startSpan("page_view", { attributes: { "url.full": location.href, "url.path": location.pathname } });
  span.end();
  await provider.forceFlush();
}
