// seq-logging — Datalust Seq structured logs (a self-hosted Seq, /api/events/raw).
// README "Requiring for a browser": import {Logger} from "seq-logging/browser"; new Logger({serverUrl,
// apiKey}); logger.emit({timestamp, level, messageTemplate, properties}); await logger.flush().
// seq-logging/browser is two top-level awaits around DefineLogger(Blob, fetch, AbortController), which an
// IIFE bundle cannot hold, so the entry makes the same call itself.
import { DefineLogger } from "seq-logging/seq_logger.js";

const Logger = DefineLogger(Blob, fetch, AbortController);

function start() {
  return new Logger({ serverUrl: "https://seq.shop.example", apiKey: "Tq4Nw8Zr2Xm6Lp9Kv3Yb" });
}

export async function identify(p) {
  const logger = start();
  logger.emit({
    timestamp: new Date(), level: "Information", messageTemplate: "User {UserId} ({Email}) signed in as {Name}",
    properties: { UserId: p.user_id, Email: p.email, Name: p.name, Phone: p.phone, Plan: p.plan },
  });
  await logger.flush();
}

export async function pageview() {
  const logger = start();
  logger.emit({
    timestamp: new Date(), level: "Warning", messageTemplate: "Checkout widget failed to render: timeout after {Ms} ms",
    properties: { Ms: 3000, Path: document.location.pathname },
  });
  await logger.flush();
}
