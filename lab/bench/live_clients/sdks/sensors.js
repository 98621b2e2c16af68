// sa-sdk-javascript — Sensors Data's web SDK (神策分析): product analytics events, user profiles and the
// anonymous-to-login id mapping, sent to the project's data sink (<tenant>.datasink.sensorsdata.cn/sa), by default
// as image beacons carrying the base64 of each event.
// The package README points to Sensors Data's web SDK manual; the set-up follows that manual as the package's typings
// give it: sensors.init({ server_url, is_track_single_page, use_client_time, show_log }), sensors.quick("autoTrack")
// (the $pageview), sensors.login(loginId), sensors.setProfile(properties) and sensors.track(event, properties).
import sensors from "sa-sdk-javascript";

const SERVER_URL = "https://exampleshop.datasink.sensorsdata.cn/sa?project=production&token=4f6a2c8e1b3d5a79";

let started = false;

function start() {
  if (!started) {
    sensors.init({ server_url: SERVER_URL, is_track_single_page: false, use_client_time: true, show_log: false,
                   heatmap: { clickmap: "not_collect", scroll_notice_map: "not_collect" } });
    sensors.quick("autoTrack");
    started = true;
  }
  return sensors;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const sa = start();
  sa.login(p.user_id);
  sa.setProfile({ name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  sa.track("SignIn", { plan: p.plan });
  await settle();
}

export async function pageview() {
  const sa = start();
  sa.track("ViewProduct", { product_id: "winter-boots-129", price: 129 });
  await settle();
}
