// jsnlog — JSNLog browser logging, batched to the app's own server-side logger (here api.shop.example).
// jsnlog.com "Configuring JSNLog": JL.setOptions({defaultAjaxUrl}); JL.createAjaxAppender(name) with
// setOptions({batchSize, maxBatchSize}); JL(loggerName).setOptions({appenders}); JL(name).info(object) logs an
// object as JSON.
import { JL } from "jsnlog";

let logger = null;

function start() {
  if (!logger) {
    JL.setOptions({ defaultAjaxUrl: "https://api.shop.example/jsnlog.logger" });
    const appender = JL.createAjaxAppender("shop-ajax");
    appender.setOptions({ batchSize: 2, batchTimeout: 500, sendWithBufferLevel: 0 });
    logger = JL("shop.web");
    logger.setOptions({ appenders: [appender] });
  }
  return logger;
}

export async function identify(p) {
  const log = start();
  log.info({ msg: "user signed in", user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone },
             plan: p.plan });
  log.info({ msg: "checkout opened", userId: p.user_id });
}

export async function pageview() {
  const log = start();
  log.warn("Checkout widget failed to render: timeout after 3000 ms");
  log.info("page view " + location.pathname);
}
