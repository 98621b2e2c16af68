// insights-js — Insights' JavaScript client (getinsights.io: privacy-first event analytics, no cookies; each event is a
// counter per parameter value, page views included): every track() is one JSON POST ({ id, projectId, parameters,
// unique / update / remove flags }) to getinsights.io/app/tics by XMLHttpRequest; trackPages() tracks the page (path,
// referrer, locale, screen type, unique views) and, on unload, the time spent on it by navigator.sendBeacon.
// README ("Getting Started", "Custom parameters", "Tracking page views", API): init(projectId, options),
// track({ id, parameters, unique, update, remove }) (parameters: string values, the event's properties),
// trackPages({ hash, search }), parameters.locale() / screenType() / path() helpers. There is no identify call: the
// user's details travel as event parameters.
import { init, parameters, track, trackPages } from "insights-js";

const PROJECT_ID = "Xq7Lm2Rt9Kd4Wf8B";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  init(PROJECT_ID);
  trackPages();
  track({
    id: "user-signed-in",
    parameters: {
      user_id: p.user_id,
      name: p.name,
      email: p.email,
      phone: p.phone,
      plan: p.plan,
      locale: parameters.locale(),
    },
  });
  await settle(800);
}

export async function pageview() {
  init(PROJECT_ID);
  trackPages();
  await settle(800);
}
