// @opentelemetry/exporter-trace-otlp-http — OTLP/HTTP traces to the shop's own collector
// (https://otel.shop.example/v1/traces). The exporter's README ("Traces in Web"): a
// TracerProvider from @opentelemetry/sdk-trace with a BatchSpanProcessor(OTLPTraceExporter({url})),
// registered with trace.setGlobalTracerProvider. sdk-trace 3.x takes the exporter inside the
// processor's options ({exporter, ...}; the exporter README still shows the 2.x positional form).
// (@opentelemetry/sdk-trace-web 2.x is left out: its peer range excludes the
// @opentelemetry/api 1.10 that exporter 0.301 needs.)
import { trace } from "@opentelemetry/api";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";

function start() {
  const exporter = new OTLPTraceExporter({ url: "https://otel.shop.example/v1/traces" });
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
