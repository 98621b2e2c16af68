// @coralogix/browser — Coralogix RUM (ingress.eu2.rum-ingress-coralogix.com for coralogixDomain EU2).
// README: CoralogixRum.init({application, environment, public_key, coralogixDomain, version});
// CoralogixRum.setUserContext({user_id, user_name, user_email, user_metadata}) for the user;
// CoralogixRum.log(CoralogixLogSeverity.Info, message, data) for a custom log;
// CoralogixRum.error(message, data) for an error-severity log.
import { CoralogixRum, CoralogixLogSeverity } from "@coralogix/browser";

function start() {
  CoralogixRum.init({
    application: "shop-web",
    environment: "production",
    public_key: "cxtp_Rk7Lq2Wz9Xb4Nv6Tm3Yc8Hd1Fp5Gs0J",
    coralogixDomain: "EU2",
    version: "2.14.0",
  });
}

export async function identify(p) {
  start();
  CoralogixRum.setUserContext({
    user_id: p.user_id, user_name: p.name, user_email: p.email, user_metadata: { phone: p.phone, plan: p.plan },
  });
  CoralogixRum.log(CoralogixLogSeverity.Info, "User signed in", { plan: p.plan });
}

export async function pageview() {
  start();
  CoralogixRum.error("Checkout widget failed to render: timeout after 3000 ms", { component: "checkout" });
}
