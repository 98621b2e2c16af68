// backendless — Backendless's JS SDK (Backendless: a hosted backend-as-a-service with user management, a database,
// messaging and files; a site's front end calls it directly): Backendless.initApp(appId, apiKey) loads the app's
// info (a GET of api.backendless.com/<appId>/<apiKey>/info); every call is then a JSON request by XHR under that
// root: UserService.register(user) a POST to /users/register (the user object's properties: e-mail, password, name,
// phone and the site's own columns), Data.of(table).save(object) a PUT to /data/<table> and Data.of(table).find(
// queryBuilder) a POST to /data/<table>/find (the where clause, page size and sort in the body).
// README / Backendless's JS docs (Backendless.initApp(APP_ID, API_KEY); Backendless.UserService.register(user) with
// a Backendless.User's email, password and name; Backendless.Data.of("Table").save(object); Backendless.Data.of(
// "Table").find(Backendless.DataQueryBuilder.create().setWhereClause(...))). The identify page is the customer's
// sign-up to the shop's loyalty club (their e-mail, name and phone, their customer number as a column) and their
// newsletter preferences saved with their e-mail and customer number; the page view page reads the catalogue's boots.
import Backendless from "backendless";

Backendless.initApp("9A3F1C7E-5B2D-4E8A-B6C0-1D3F5A7C9E2B", "4E6A8C0B-2D4F-4A6C-8E0A-2C4E6A8B0D1F");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await Backendless.UserService.register({
    email: p.email, password: "w1nter-Boots-2026", name: p.name, phone: p.phone, customerNumber: p.user_id,
  }).catch(() => null);
  await Backendless.Data.of("NewsletterPreferences").save({
    email: p.email, customerNumber: p.user_id, topics: "boots,sales", plan: p.plan,
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  const query = Backendless.DataQueryBuilder.create().setWhereClause("category = 'boots'").setPageSize(12)
    .setSortBy(["price"]);
  await Backendless.Data.of("Products").find(query).catch(() => null);
  await settle(300);
}
