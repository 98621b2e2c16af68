// radar-sdk-js — Radar's web SDK: location infrastructure (geofences, places, trips and conversion events) for the
// current user, identified by an id, a description and metadata, to Radar's API (api.radar.io/v1).
// README ("With npm", "Geofencing"): Radar.initialize({ publishableKey }), Radar.trackOnce({ userId, ... }); the
// package's typings give setUserId, setDescription, setMetadata, trackOnce({ latitude, longitude, accuracy })
// (a given location skips the browser's geolocation prompt) and logConversion({ name, metadata }).
import Radar from "radar-sdk-js";

const PUBLISHABLE_KEY = "prj_test_pk_4d0c2b7e9a61f35c8e2d7b90a1c4f6e83b5d2a17";
// the shop's store, where the customer picks up the order
const STORE = { latitude: 40.7339, longitude: -73.9896, accuracy: 30 };

let started = false;

function start() {
  if (!started) {
    Radar.initialize({ publishableKey: PUBLISHABLE_KEY });
    started = true;
  }
  return Radar;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const radar = start();
  radar.setUserId(p.user_id);
  radar.setDescription(p.name);
  radar.setMetadata({ email: p.email, phone: p.phone, plan: p.plan });
  await radar.trackOnce({ ...STORE });
  await settle();
}

export async function pageview() {
  const radar = start();
  await radar.logConversion({ name: "size_guide_opened", metadata: { product: "winter-boots", price: 129 } });
  await settle();
}
