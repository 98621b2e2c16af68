// log4javascript — log4j-style browser logging; its AjaxAppender posts each log event to the app's own server
// (here www.shop.example), form-encoded by default (HttpPostDataLayout). Manual "AjaxAppender":
// new log4javascript.AjaxAppender(url); setTimed(true), setTimerInterval(ms) to batch; logger.addAppender(appender).
import log4javascript from "log4javascript";

let logger = null;

function start() {
  if (!logger) {
    logger = log4javascript.getLogger("shop.web");
    const appender = new log4javascript.AjaxAppender("https://www.shop.example/log4javascript/log");
    appender.setTimed(true);
    appender.setTimerInterval(500);
    appender.setSendAllOnUnload(true);
    logger.addAppender(appender);
  }
  return logger;
}

export async function identify(p) {
  const log = start();
  log.info(`User ${p.user_id} signed in: ${p.name} <${p.email}>, phone ${p.phone}, plan ${p.plan}`);
}

export async function pageview() {
  const log = start();
  log.warn("Checkout widget failed to render: timeout after 3000 ms");
}
