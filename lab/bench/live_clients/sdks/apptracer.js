// @apptracer/sdk — Tracer's JavaScript SDK (VK's Tracer): error tracking with a user id and error keys, logs, sessions
// and performance samples (web vitals, timers), to Tracer's SDK API (sdk-api.apptracer.ru).
// The typings' examples (the README links the documentation): initTracerSdk({ versionName, appToken }, initTracerLog,
// initTracerError, initTracerErrorUploader, ...) and the modules' methods: error.setUserId(id),
// error.setErrorKeys({ ... }), error.error(err, { keys }), log.log(message), performance.addSampleTime(name, ms, attrs).
// Crash batches go out gzip-compressed on the uploader's timer (1 s after start, then every 15 s) and on unload.
import {
  initTracerError,
  initTracerErrorUploader,
  initTracerLog,
  initTracerPerformance,
  initTracerPerformanceUploader,
  initTracerSdk,
  initTracerSession,
  initTracerSessionUploader,
} from "@apptracer/sdk";

let sdk = null;

function start() {
  if (!sdk) {
    sdk = initTracerSdk(
      { versionName: "2026.11.3", versionCode: 2026113, appToken: "tr_9Kq4wP7mZ2xV5nB8cL3d", environment: "prod" },
      initTracerLog,
      initTracerError,
      initTracerErrorUploader,
      initTracerSession,
      initTracerSessionUploader,
      initTracerPerformance,
      initTracerPerformanceUploader,
    );
  }
  return sdk;
}

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const t = start();
  t.setUserId(p.user_id);
  t.setErrorKeys({ user_name: p.name, user_email: p.email, user_phone: p.phone, plan: p.plan });
  t.log(`account page opened by ${p.email}`);
  t.error(new Error("Saving the delivery address failed"), {
    severity: "error",
    issueKey: "account-address-save",
    keys: { customer: p.name, contact_phone: p.phone },
    userId: p.user_id,
  });
  await settle(2500);
}

export async function pageview() {
  const t = start();
  t.log("product page: winter-boots");
  t.addSampleTime("product_page_render", 184, { page: "product", product: "winter-boots" });
  await settle(2500);
}
