// @dash0/sdk-web — Dash0 website monitoring (OTLP/HTTP JSON to ingress.<region>.dash0.com).
// README "Installation steps": init({serviceName, endpoint: {url, authToken}}); docs "identify":
// identify(id, {name, fullName, email}); sendEvent(name, opts); reportError(error).
import { init, identify as dash0Identify, sendEvent, reportError } from "@dash0/sdk-web";

function start() {
  init({
    serviceName: "web-shop",
    endpoint: { url: "https://ingress.eu-west-1.aws.dash0.com", authToken: "auth_Zt8qW3nR6mK1pL9vB4xC7yF2hJ5dS0gA" },
  });
}

export async function identify(p) {
  start();
  dash0Identify(p.user_id, { name: p.first_name, fullName: p.name, email: p.email });
  sendEvent("signed_in", { attributes: { phone: p.phone, plan: p.plan } });
}

export async function pageview() {
  start();
}
