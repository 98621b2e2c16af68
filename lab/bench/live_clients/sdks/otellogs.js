// @opentelemetry/exporter-logs-otlp-http (with @opentelemetry/sdk-logs) — OpenTelemetry logs from the browser,
// OTLP/HTTP JSON, to SigNoz Cloud's ingest endpoint (ingest.us.signoz.cloud/v1/logs, its ingestion key in a header).
// The exporter's README ("Logs in Web"): a LoggerProvider({processors: [new BatchLogRecordProcessor({exporter: new
// OTLPLogExporter({url, headers})})]}); loggerProvider.getLogger(name, version).emit({severityNumber, severityText,
// body, attributes}). The signed-in user goes in the semantic conventions' user.* attributes.
import { SeverityNumber } from "@opentelemetry/api";
import { BatchLogRecordProcessor, LoggerProvider } from "@opentelemetry/sdk-logs";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { OTLPLogExporter } from "@opentelemetry/exporter-logs-otlp-http";

function start() {
  const exporter = new OTLPLogExporter({
    url: "https://ingest.us.signoz.cloud/v1/logs",
    headers: { "signoz-ingestion-key": "3f8a1c6e-9b2d-4e7f-a5c0-7d4b2e9f1a63" },
    concurrencyLimit: 1,
  });
  return new LoggerProvider({
    resource: resourceFromAttributes({ "service.name": "shop-web", "deployment.environment.name": "production" }),
    processors: [new BatchLogRecordProcessor({ exporter, scheduledDelayMillis: 500 })],
  });
}

export async function identify(p) {
  const provider = start();
  provider.getLogger("shop-web", "2.14.0").emit({
    severityNumber: SeverityNumber.INFO, severityText: "INFO", body: "User signed in",
    attributes: { "user.id": p.user_id, "user.full_name": p.name, "user.email": p.email, "user.phone": p.phone,
      "event.name": "sign_in", plan: p.plan },
  });
  await provider.forceFlush();
}

export async function pageview() {
  const provider = start();
  provider.getLogger("shop-web", "2.14.0").emit({
    severityNumber: SeverityNumber.WARN, severityText: "WARN",
    body: "Checkout widget failed to render: timeout after 3000 ms",
    attributes: { "url.full": location.href, "url.path": location.pathname },
  });
  await provider.forceFlush();
}
