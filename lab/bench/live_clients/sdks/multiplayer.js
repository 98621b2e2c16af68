// @multiplayer-app/session-recorder-browser — Multiplayer's full-stack session recorder (Multiplayer: debugging
// sessions that join a browser recording, the frontend's OTLP traces and the backend's; a site's users or QA record a
// session to report a bug): SessionRecorder.init({ application, version, environment, apiKey }) sets up rrweb and an
// OpenTelemetry web tracer; start() opens a debug session with one JSON POST by fetch to
// api.multiplayer.app/v0/radar/debug-sessions/start (X-Api-Key; the session's attributes, the user's attributes and
// the browser's details), after which rrweb events go over a socket.io WebSocket (api.multiplayer.app, path
// /v0/radar/ws) and traces to otlp.multiplayer.app; stop(comment) closes the session with a PATCH to
// /debug-sessions/<id>/stop.
// README ("SessionRecorder.init({ application, version, environment, apiKey })", "Use session attributes to attach
// user context to recordings: SessionRecorder.setSessionAttributes({ userId, userName })", start()/stop()). The
// widget is off (showWidget: false): the shop starts and stops the recording itself. The identify page records a
// session for the signed-in customer; the page view page records one for an anonymous visitor.
import SessionRecorder from "@multiplayer-app/session-recorder-browser";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function setUp() {
  SessionRecorder.init({
    application: "example-shop-web",
    version: "2.4.0",
    environment: "production",
    apiKey: "mp_live_Xh4Rt8Vq2Nz6Kw9Lc3Bp7Dm5",
    showWidget: false,
  });
}

async function record(comment) {
  SessionRecorder.start();
  await settle(1500);
  document.getElementById("buy")?.click();
  await settle(500);
  await SessionRecorder.stop(comment).catch(() => null);
}

export async function identify(p) {
  setUp();
  SessionRecorder.setSessionAttributes({ userId: p.user_id, userName: p.name, userEmail: p.email, phone: p.phone,
    plan: p.plan });
  await record("Checkout button did nothing after I entered my card");
  await settle(500);
}

export async function pageview() {
  setUp();
  await record("Product images load slowly");
  await settle(500);
}
