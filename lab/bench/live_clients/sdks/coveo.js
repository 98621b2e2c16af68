// coveo.analytics — coveo.analytics.js ("coveoua"), Coveo's usage analytics client (search, click, view and custom
// events for Coveo-powered search and commerce sites): events are posted as JSON to the Coveo Usage Analytics REST API
// (analytics.cloud.coveo.com/rest/ua, the default endpoint) with the API key as a bearer token and the visitor's
// client id.
// README ("Loading and initializing the library", "Available actions", "Sending basic usage analytics events"): the
// npm package's browser build defines the global `coveoua` function; coveoua('init', <API key>, <endpoint>),
// coveoua('set', <object>) ("inject all attributes and values of the given object on every logged event"),
// coveoua('send', 'custom' | 'view' | ..., <payload>) with the payloads of Coveo's "Usage Analytics Events" docs
// (custom: eventType, eventValue, username, userDisplayName, customData; view: contentIdKey, contentIdValue,
// contentType, location, title).
import "coveo.analytics";

const API_KEY = "xx5f3c2a91-7d4e-4b8a-9c61-2e0f8d7b3a54";
const ENDPOINT = "https://analytics.cloud.coveo.com/rest/ua";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function coveoua(...args) {
  return window.coveoua(...args);
}

export async function identify(p) {
  coveoua("init", API_KEY, ENDPOINT);
  coveoua("set", { username: p.email, userDisplayName: p.name });
  await Promise.resolve(coveoua("send", "custom", {
    eventType: "account",
    eventValue: "profileUpdate",
    language: "en",
    username: p.email,
    userDisplayName: p.name,
    customData: { customerId: p.user_id, phone: p.phone, firstName: p.first_name, lastName: p.last_name,
      plan: p.plan },
  })).catch(() => null);
  await settle(800);
}

export async function pageview() {
  coveoua("init", API_KEY, ENDPOINT);
  await Promise.resolve(coveoua("send", "view", {
    contentIdKey: "@clickableuri",
    contentIdValue: "https://shop.example/products/winter-boots",
    contentType: "product",
    language: "en",
    location: window.location.href,
    title: document.title,
  })).catch(() => null);
  await settle(800);
}
