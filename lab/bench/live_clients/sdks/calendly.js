// react-calendly — the React components for Calendly's embeds (Calendly: hosted scheduling; a booking page is
// embedded inline, as a pop-up or a pop-up widget): <InlineWidget url prefill utm pageSettings /> renders an iframe
// of the event's booking page at calendly.com/<user>/<event> whose URL carries the prefill as query parameters (name,
// first_name, last_name, email, the booking questions' answers a1..a10) with the utm parameters and the embed's own
// flags (embed_domain, embed_type); the booking page then loads inside the iframe.
// README (<InlineWidget url="https://calendly.com/your_scheduling_page" />; "prefill" with name, email, firstName,
// lastName, customAnswers { a1, a2, ... }). The identify page embeds the shop's "boot fitting" booking page prefilled
// for the signed-in customer (name, e-mail, their phone as the first question's answer, their customer number in the
// second); the page view page embeds the same page for an anonymous visitor, with only the campaign's utm source.
import React from "react";
import { createRoot } from "react-dom/client";
import { InlineWidget } from "react-calendly";

const h = React.createElement;
const URL = "https://calendly.com/example-shop/boot-fitting";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function embed(props) {
  const el = document.createElement("div");
  el.id = "calendly-root";
  document.querySelector("main").appendChild(el);
  createRoot(el).render(h(InlineWidget, { url: URL, styles: { height: "600px", minWidth: "320px" }, ...props }));
}

export async function identify(p) {
  embed({
    prefill: {
      name: p.name, firstName: p.first_name, lastName: p.last_name, email: p.email,
      customAnswers: { a1: p.phone, a2: `Customer ${p.user_id}` },
    },
    utm: { utmSource: "account", utmMedium: "web" },
  });
  await settle(1500);
}

export async function pageview() {
  embed({ utm: { utmSource: "newsletter", utmMedium: "email" } });
  await settle(1500);
}
