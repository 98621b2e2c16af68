// beaver-logger — PayPal's front-end logger (krakenjs): buffered log events and tracking sent as JSON to the shop's
// own logging endpoint (shop.example/api/log, the README's beaver-logger/server express endpoint).
// README "Setup", "Basic logging", "Advanced" and "Configuration": const $logger = beaver.Logger({url, prefix,
// logLevel, flushInterval}); $logger.info/warn(event, payload) queues a log; $logger.track(payload) attaches tracking
// information; $logger.addMetaBuilder(fn) adds general information to every flush; $logger.flush() sends now.
import { Logger, LOG_LEVEL } from "beaver-logger";

function start(meta) {
  const $logger = Logger({ url: "/api/log", prefix: "shop", logLevel: LOG_LEVEL.ERROR, flushInterval: 500 });
  $logger.addMetaBuilder(() => meta);
  return $logger;
}

export async function identify(p) {
  const $logger = start({ user_id: p.user_id });
  $logger.info("user_signed_in", { user_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  $logger.track({ customer_id: p.user_id, transition_name: "account_overview" });
  await $logger.flush();
}

export async function pageview() {
  const $logger = start({ page: "product" });
  $logger.warn("checkout_widget_failed", { message: "Checkout widget failed to render: timeout after 3000 ms" });
  await $logger.flush();
}
