// leancloud-storage — LeanCloud's JavaScript SDK, a backend as a service (users, objects, queries), to the app's API
// server (<app>.api.lncldglobal.com).
// README (links to its set-up and storage guides) and the typings: AV.init({ appId, appKey, serverURL }); new AV.User()
// with setUsername, setPassword, setEmail, setMobilePhoneNumber and set(key, value), then signUp();
// new AV.Query(className).equalTo(...).first().
import AV from "leancloud-storage";

const APP_ID = "Xk3bR9tQ2mWv7LpZ-MdYXbMMI";
const APP_KEY = "c8Jq4Vn2Rt7Wx9Lk5Bz3Hm6P";
const SERVER = "https://xk3br9tq.api.lncldglobal.com";

let started = false;

function start() {
  if (!started) {
    AV.init({ appId: APP_ID, appKey: APP_KEY, serverURL: SERVER });
    started = true;
  }
  return AV;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const av = start();
  const user = new av.User();
  user.setUsername(p.user_id);
  user.setPassword("Winter-boots-2026!");
  user.setEmail(p.email);
  user.setMobilePhoneNumber(p.phone);
  user.set("name", p.name);
  user.set("firstName", p.first_name);
  user.set("lastName", p.last_name);
  user.set("plan", p.plan);
  await user.signUp().catch(() => null);
  await settle();
}

export async function pageview() {
  const av = start();
  await new av.Query("Product").equalTo("slug", "winter-boots").first().catch(() => null);
  await settle();
}
