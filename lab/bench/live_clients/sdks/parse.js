// parse — the Parse Platform's JavaScript SDK: a backend as a service (users and sessions, objects, queries, cloud
// functions) on a Parse Server, here one hosted by Back4App (parseapi.back4app.com). Every call goes out as a POST
// whose text body carries the application id, the JavaScript key and the method (`_method`).
// README ("Getting Started", "Using Parse on Different Platforms"): import Parse, for the browser; the typings give
// Parse.initialize(applicationId, javaScriptKey), Parse.serverURL, new Parse.User() with set(key, value) and
// signUp(), and new Parse.Query(className).equalTo(key, value).first().
import Parse from "parse";

const APPLICATION_ID = "Wm3XkQ8vTz2Lp9Rc4Nb7Hs1Jd6Fg0Ya5UeIo2Bt";
const JAVASCRIPT_KEY = "Jk9Lq2Zx7Vc4Rt1Mn8Bw3Hs6Pd0Fy5Ga2Ue7Io4";

let started = false;

function start() {
  if (!started) {
    Parse.initialize(APPLICATION_ID, JAVASCRIPT_KEY);
    Parse.serverURL = "https://parseapi.back4app.com/";
    started = true;
  }
  return Parse;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const parse = start();
  const user = new parse.User();
  user.set("username", p.user_id);
  user.set("password", "Winter-boots-2026!");
  user.set("email", p.email);
  user.set("name", p.name);
  user.set("phone", p.phone);
  user.set("plan", p.plan);
  await user.signUp().catch(() => null);
  await settle();
}

export async function pageview() {
  const parse = start();
  await new parse.Query("Product").equalTo("slug", "winter-boots").first().catch(() => null);
  await settle();
}
