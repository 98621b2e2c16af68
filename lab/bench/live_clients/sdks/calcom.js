// @calcom/embed-core — Cal.com's embed library (Cal.com: open-source scheduling; a booking page is embedded inline, as
// a pop-up or a floating button): the page defines the `Cal` command queue (the snippet of Cal.com's "install with
// JavaScript" docs, which @calcom/embed-snippet also ships), then the library reads the queue: Cal("init", { origin })
// and Cal("inline", { elementOrSelector, calLink, config }) render an iframe of app.cal.com/<calLink> whose URL
// carries each `config` entry as a query parameter (name, email, notes and the booking questions' answers prefill the
// booking form) plus the embed's own flags. The library is bundled here from npm instead of loaded from app.cal.com's
// /embed/embed.js, so the queue is marked loaded before it runs.
// README (embed-core "is the vanilla JS core script that embeds Cal Link"; docs developer.cal.com/embed/
// install-with-javascript: Cal("inline", { elementOrSelector: "#my-cal-inline", calLink: "rick/get-rick-rolled",
// config: { name: "John Doe", email: "johndoe@gmail.com", notes: "Test Meeting", guests: [...] } })).
// The identify page embeds the shop's "book a fitting" page prefilled for the signed-in customer (name, e-mail, notes
// with their phone and customer number, the phone booking question); the page view page embeds the same booking page
// for an anonymous visitor with only the month view.
const CAL_ORIGIN = "https://app.cal.com";
const CAL_LINK = "example-shop/boot-fitting";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function defineQueue() {
  const push = (api, args) => api.q.push(args);
  const Cal = function () {
    const cal = window.Cal;
    const args = arguments;
    if (args[0] === "init" && typeof args[1] === "string") {
      const api = function () { push(api, arguments); };
      api.q = [];
      cal.ns[args[1]] = cal.ns[args[1]] || api;
      push(cal.ns[args[1]], args);
      push(cal, ["initNamespace", args[1]]);
      return;
    }
    push(cal, args);
  };
  Cal.ns = {};
  Cal.q = [];
  Cal.loaded = true;
  window.Cal = window.Cal || Cal;
  return window.Cal;
}

async function embed(config) {
  const el = document.createElement("div");
  el.id = "cal-inline";
  el.style.width = "100%";
  el.style.height = "600px";
  document.querySelector("main").appendChild(el);
  const Cal = defineQueue();
  Cal("init", { origin: CAL_ORIGIN });
  Cal("inline", { elementOrSelector: "#cal-inline", calLink: CAL_LINK, config });
  await import("@calcom/embed-core");
}

export async function identify(p) {
  await embed({
    name: p.name, email: p.email, phone: p.phone,
    notes: `Customer ${p.user_id}, call ${p.phone} if running late.`, layout: "month_view",
  });
  await settle(1500);
}

export async function pageview() {
  await embed({ layout: "month_view" });
  await settle(1500);
}
