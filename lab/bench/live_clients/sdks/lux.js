// @speedcurve/lux — lux.js, SpeedCurve's real user monitoring script (page timings, Core Web Vitals, custom data),
// beaconing to SpeedCurve's RUM collector (lux.speedcurve.com).
// README and the RUM JS API it links: window.LUX = { customerid } before the script; LUX.auto = false with LUX.init()
// and LUX.send() for pages that send when they choose (single-page apps); LUX.addData(name, value) adds custom data
// to the beacon.
const CUSTOMER_ID = "48213907";

let LUX = null;

async function start() {
  if (!LUX) {
    window.LUX = { customerid: CUSTOMER_ID, auto: false, samplerate: 100 };
    await import("@speedcurve/lux");
    LUX = window.LUX;
  }
  return LUX;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const lux = await start();
  lux.init();
  lux.addData("customer_id", p.user_id);
  lux.addData("customer_name", p.name);
  lux.addData("customer_email", p.email);
  lux.addData("customer_phone", p.phone);
  lux.addData("plan", p.plan);
  lux.label = "checkout";
  lux.send();
  await settle();
}

export async function pageview() {
  const lux = await start();
  lux.init();
  lux.addData("page_type", "size-guide");
  lux.addData("product", "winter-boots");
  lux.label = "size-guide";
  lux.send();
  await settle();
}
