// raygun4js — Raygun Crash Reporting and Real User Monitoring (api.raygun.io).
// README (NPM/UMD): rg4js('enableCrashReporting', true), rg4js('apiKey', ...), rg4js('enablePulse',
// true) for RUM, rg4js('setUser', {identifier, isAnonymous, email, fullName, firstName, uuid}),
// rg4js('send', {error, customData}).
// As in the README, the configuration runs when the module loads (in <head>, before the page's
// load event, which is when raygun4js applies it).
import rg4js from "raygun4js";

rg4js("apiKey", "kR7pQ2xZ9mW4vL8tN3bY6c");
rg4js("enableCrashReporting", true);
rg4js("enablePulse", true);

function start() {}

export async function identify(p) {
  start();
  rg4js("setUser", { identifier: p.user_id, isAnonymous: false, email: p.email, fullName: p.name, firstName: p.first_name });
  rg4js("withCustomData", { phone: p.phone, plan: p.plan });
  rg4js("send", { error: new Error("Payment form validation failed"), customData: { component: "checkout" } });
}

export async function pageview() {
  start();
  rg4js("send", { error: new Error("Checkout widget failed to render: timeout after 3000 ms"), customData: { component: "checkout" } });
}
