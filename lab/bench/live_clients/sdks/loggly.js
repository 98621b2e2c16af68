// loggly-jslogger — Loggly (SolarWinds) browser logger (logs-01.loggly.com/inputs/<token>/tag/<tag>).
// README: new LogglyTracker(); logger.push({logglyKey, sendConsoleErrors, tag}) to initialise, then
// logger.push(object or string) sends one JSON event per call.
import { LogglyTracker } from "loggly-jslogger";

function start() {
  const logger = new LogglyTracker();
  logger.push({ logglyKey: "b7e4a2c9-3f1d-4e8b-a6c5-9d2f7e1b0c38", sendConsoleErrors: true, tag: "web-shop" });
  return logger;
}

export async function identify(p) {
  const logger = start();
  logger.push({ event: "signed_in", user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone }, plan: p.plan });
}

export async function pageview() {
  const logger = start();
  logger.push({ event: "page_view", page: document.location.pathname, title: document.title });
}
