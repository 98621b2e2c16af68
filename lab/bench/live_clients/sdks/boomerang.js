// boomerangjs — boomerang, the open-source real user monitoring library (Akamai's mPulse runs on it), beaconing page
// timings to the shop's own RUM collector (rum.shop.example/beacon).
// README and doc/: boomerang.js plus the plugins of the "default" flavour, in its order (plugins.json: rt, painttiming,
// navtiming, restiming, mobile, memory, compression, mq, eventtiming, bfcache); BOOMR.init({beacon_url, autorun:
// false}) with BOOMR.page_ready() called when the page is ready ("How to delay page load time"); BOOMR.addVar({...})
// adds data to the beacon ("How to add arbitrary data to the beacon", e.g. a customer id); BOOMR.responseEnd(name,
// start) sends a beacon for an event ("How to measure arbitrary events").
import "boomerangjs/boomerang.js";
import "boomerangjs/plugins/rt.js";
import "boomerangjs/plugins/painttiming.js";
import "boomerangjs/plugins/navtiming.js";
import "boomerangjs/plugins/restiming.js";
import "boomerangjs/plugins/mobile.js";
import "boomerangjs/plugins/memory.js";
import "boomerangjs/plugins/compression.js";
import "boomerangjs/plugins/mq.js";
import "boomerangjs/plugins/eventtiming.js";
import "boomerangjs/plugins/bfcache.js";

const BOOMR = window.BOOMR;

function start() {
  BOOMR.init({ beacon_url: "https://rum.shop.example/beacon", beacon_type: "POST", autorun: false });
}

export async function identify(p) {
  start();
  BOOMR.addVar({ customer_id: p.user_id, customer_name: p.name, customer_email: p.email, customer_phone: p.phone,
    plan: p.plan });
  BOOMR.page_ready();
  const t0 = BOOMR.now();
  BOOMR.responseEnd("sign_in", t0 - 120);
}

export async function pageview() {
  start();
  BOOMR.page_ready();
}
