// aegis-web-sdk — Tencent Cloud RUM (Aegis): errors, page views, speed and custom events (rumt-zh.com).
// README "SDK 实例化" and "实例方法": new Aegis({id, uin, reportApiSpeed, reportAssetSpeed, hostUrl, spa}) starts it
// (a page view is reported); aegis.setConfig({uin}) sets the user once known; aegis.reportEvent({name, ext1, ext2,
// ext3}) reports a custom event with its extra parameters; aegis.error(err) reports a handled error.
import Aegis from "aegis-web-sdk";

function start(uin) {
  return new Aegis({
    id: "aB7kQ2mX9pL4vR6t", uin, reportApiSpeed: true, reportAssetSpeed: true, hostUrl: "https://rumt-zh.com",
    spa: true, delay: 500,
  });
}

export async function identify(p) {
  const aegis = start();
  aegis.setConfig({ uin: p.user_id });
  aegis.reportEvent({ name: "signed_in", ext1: p.name, ext2: p.email, ext3: p.phone });
}

export async function pageview() {
  start().error(new Error("Checkout widget failed to render: timeout after 3000 ms"));
}
