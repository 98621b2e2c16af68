// klaviyo-api — Klaviyo's official Node/TypeScript SDK for its REST API (Klaviyo: marketing automation and customer
// data; a shop keeps its customers as Klaviyo profiles and tracks what they do as events): each API class (ProfilesApi,
// EventsApi, ListsApi, SegmentsApi) sends every call through axios to a.klaviyo.com with the key as `Authorization:
// Klaviyo-API-Key ...` and a `revision` header, through the session's retry helper (here one that picks axios's fetch
// adapter, below); createOrUpdateProfile({ data: { type: "profile", attributes } }) is one JSON:API POST of
// /api/profile-import (e-mail, phone, external id, names, properties), createEvent({ data: { type: "event", attributes
// } }) a JSON:API POST of /api/events (the properties, the metric's name and the profile's identifiers whole),
// getProfiles({ filter }) a GET of /api/profiles with the filter in the query string, getLists() and getSegments()
// GETs. README (const session = new ApiKeySession("< YOUR API KEY HERE >"); const profilesApi = new
// ProfilesApi(session); profilesApi.createProfile(profile)). The identify page saves the signed-in customer as a
// profile (e-mail, phone, their id as the external id, first and last name, plan as a property), records their return
// request as an event on that profile and looks them up by e-mail; the page view page reads the lists and segments.
import { ApiKeySession, EventsApi, ListsApi, ProfilesApi, RetryWithExponentialBackoff, SegmentsApi } from "klaviyo-api";

// The SDK's session adds a User-Agent header to every request, which a browser's XHR refuses with a console error
// ("Refused to set unsafe header"); the session's retry helper (the README's way to tune retries) hands each request's
// axios options to axios, so this one adds axios's fetch adapter: the same requests, without that error, no retries.
class FetchRetry extends RetryWithExponentialBackoff {
  requestWithRetry(config) {
    return super.requestWithRetry({ ...config, adapter: "fetch" });
  }
}

const session = new ApiKeySession("pk_7c1e4f2a9b3d5e8f0a6c2d4b8e1f3a5c7d", new FetchRetry({ numRetries: 0 }));
const profiles = new ProfilesApi(session);
const events = new EventsApi(session);
const lists = new ListsApi(session);
const segments = new SegmentsApi(session);

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  const phone = p.phone.replace(/[^+\d]/g, "");
  await profiles.createOrUpdateProfile({
    data: {
      type: "profile",
      attributes: { email: p.email, phoneNumber: phone, externalId: p.user_id, firstName: first,
        lastName: rest.join(" "), properties: { plan: p.plan } },
    },
  }).catch(() => null);
  await events.createEvent({
    data: {
      type: "event",
      attributes: {
        properties: { item: "Leather winter boots", reason: "too small", plan: p.plan },
        time: new Date().toISOString(),
        value: 189,
        valueCurrency: "USD",
        metric: { data: { type: "metric", attributes: { name: "Return Requested" } } },
        profile: { data: { type: "profile", attributes: { email: p.email, phoneNumber: phone, externalId: p.user_id } } },
      },
    },
  }).catch(() => null);
  await profiles.getProfiles({ filter: `equals(email,"${p.email}")`, pageSize: 1 }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await lists.getLists().catch(() => null);
  await segments.getSegments().catch(() => null);
  await settle(300);
}
