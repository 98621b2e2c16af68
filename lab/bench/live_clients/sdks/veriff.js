// @veriff/js-sdk — Veriff's JS SDK (Veriff: online identity verification, KYC: document and selfie checks for sign-up,
// age checks and payments): mount() renders the verification form into the page (and links Google Fonts' Inter
// stylesheet); on submit it creates a verification session with one XMLHttpRequest, a JSON POST to Veriff's API
// (api.veriff.me/v1/sessions, the default `host`) with the public API key in an x-auth-client header and
// { verification: { callback, person: { firstName, lastName, idNumber }, vendorData, timestamp } } (vendorData: "client
// specific data", the site's own reference of the user), answered 201 with the session's id and the URL of the flow.
// README ("Install JS SDK", "Adding JS SDK"): import { Veriff } from "@veriff/js-sdk"; Veriff({ apiKey, parentId,
// onSession }), setParams({ person: { givenName, lastName }, vendorData }) (known values: their inputs are not
// rendered), mount({ submitBtnText }); the person then submits the form (here the page submits it for the signed-in
// customer). The page view page shows the form and submits nothing: only its stylesheet link goes out.
import { Veriff } from "@veriff/js-sdk";

const API_KEY = "3f8a1c6e-92d4-4b7a-8e5f-0c2d9b7a4e61";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function root() {
  const el = document.createElement("div");
  el.id = "veriff-root";
  document.body.appendChild(el);
}

export async function identify(p) {
  root();
  let done;
  const session = new Promise((resolve) => { done = resolve; });
  const veriff = Veriff({ apiKey: API_KEY, parentId: "veriff-root", onSession: () => done() });
  veriff.setParams({ person: { givenName: p.first_name, lastName: p.last_name }, vendorData: p.user_id });
  veriff.mount({ submitBtnText: "Verify my identity" });
  document.querySelector("#veriff-root form").requestSubmit();
  await Promise.race([session, settle(5000)]);
  await settle(300);
}

export async function pageview() {
  // A visitor on the age-check page before starting: the form is shown, nothing is submitted.
  root();
  const veriff = Veriff({ apiKey: API_KEY, parentId: "veriff-root", onSession: () => {} });
  veriff.mount({ submitBtnText: "Start verification" });
  await settle(800);
}
