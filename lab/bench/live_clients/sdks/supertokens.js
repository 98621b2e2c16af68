// supertokens-web-js — SuperTokens' frontend SDK for vanilla JS (open-source authentication: email-password,
// passwordless, social login, sessions): the recipes' calls go to the app's own API domain under /auth, where the
// SuperTokens backend SDK runs (api.shop.example here); the session recipe wraps the page's fetch to add its headers
// to requests for that domain and refresh the session.
// README links the docs; the typings give SuperTokens.init({ appInfo: { appName, apiDomain, apiBasePath },
// recipeList: [Session.init(), EmailPassword.init()] }) and EmailPassword.signUp({ formFields: [{ id, value }] }),
// whose form fields are the sign-up form's (email and password, plus any the app adds: here the name, phone, user id
// and plan); Session.doesSessionExist() and attemptRefreshingSession().
import SuperTokens from "supertokens-web-js";
import Session from "supertokens-web-js/recipe/session";
import EmailPassword from "supertokens-web-js/recipe/emailpassword";

const API = "https://api.shop.example";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function init() {
  SuperTokens.init({
    appInfo: { appName: "Example Shop", apiDomain: API, apiBasePath: "/auth" },
    recipeList: [Session.init(), EmailPassword.init()],
  });
}

export async function identify(p) {
  init();
  await EmailPassword.signUp({
    formFields: [
      { id: "email", value: p.email },
      { id: "password", value: "Winter-Boots-2026!" },
      { id: "name", value: p.name },
      { id: "phone", value: p.phone },
      { id: "customerId", value: p.user_id },
      { id: "plan", value: p.plan },
    ],
  }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  init();
  await Session.doesSessionExist().catch(() => null);
  await fetch(`${API}/products?category=footwear&sort=popular`).catch(() => null);
  await settle(800);
}
