// piano-analytics-js — Piano Analytics (formerly AT Internet; <collect domain>.pa-cd.com).
// README "Using NPM": pianoAnalytics.setConfigurations({site, collectDomain}); pianoAnalytics.sendEvent(name,
// properties); docs "Users": pianoAnalytics.setUser(id, category, enableStorage) before the events.
import { pianoAnalytics } from "piano-analytics-js";

function start() {
  pianoAnalytics.setConfigurations({ site: 638214975, collectDomain: "https://xkqmzrw.pa-cd.com" });
}

export async function identify(p) {
  start();
  pianoAnalytics.setUser(p.user_id, p.plan, true);
  pianoAnalytics.sendEvent("click.action", { click: "sign_in", click_chapter1: "account" });
}

export async function pageview() {
  start();
  pianoAnalytics.sendEvent("page.display", { page: "live pageview", page_chapter1: "shop" });
}
