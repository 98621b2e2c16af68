// xata — Xata's official TypeScript client, @xata.io/client (Xata: a serverless database with a REST data API; a shop
// keeps its customers and orders there): the client that `xata codegen` writes (buildClient() with the branch's tables)
// sends every call by fetch to the database's URL (<workspace>.<region>.xata.sh/db/<db>:<branch>) with the key as a
// bearer token and X-Xata-* headers; db.customers.create(record) is one JSON POST of
// /db/<db>:<branch>/tables/customers/data (the record whole), sql`...` a JSON POST of /db/<db>:<branch>/sql (the
// statement and its parameters whole), db.products.filter(...).getPaginated(...) a JSON POST of
// /db/<db>:<branch>/tables/products/query. README and the generated client (const DatabaseClient = buildClient();
// export class XataClient extends DatabaseClient { constructor(options) { super({ ...defaultOptions, ...options },
// tables); } }; const record = await xata.db.users.create({ ... })), with enableBrowser, Xata's switch for running the
// client in a browser. The identify page stores the signed-in customer (their name, e-mail, phone, id and plan) and
// looks up their open orders by their id in SQL; the page view page queries the products in stock and counts them by
// category in SQL.
import { buildClient } from "@xata.io/client";

const tables = [
  {
    name: "customers",
    columns: [
      { name: "name", type: "string" },
      { name: "email", type: "email" },
      { name: "phone", type: "string" },
      { name: "user_id", type: "string", unique: true },
      { name: "plan", type: "string" },
    ],
  },
  {
    name: "products",
    columns: [
      { name: "name", type: "string" },
      { name: "slug", type: "string", unique: true },
      { name: "category", type: "string" },
      { name: "price", type: "float" },
      { name: "in_stock", type: "bool" },
    ],
  },
];
const DatabaseClient = buildClient();
class XataClient extends DatabaseClient {
  constructor(options) {
    super({ databaseURL: "https://exampleshop-k4p9x2.us-east-1.xata.sh/db/shop", ...options }, tables);
  }
}

const xata = new XataClient({
  apiKey: "xau_Lq7Xm2Kv9Tr4Wz8Np3Hs6Dc1Bj5Ga0FyQe2Uo8",
  branch: "main",
  enableBrowser: true,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await xata.db.customers.create({ name: p.name, email: p.email, phone: p.phone, user_id: p.user_id, plan: p.plan })
    .catch(() => null);
  await xata.sql`SELECT id, status, total FROM orders WHERE customer_id = ${p.user_id} AND status <> 'delivered'`
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  await xata.db.products.filter({ in_stock: true }).getPaginated({ pagination: { size: 10 } }).catch(() => null);
  await xata.sql`SELECT category, count(*) AS n FROM products GROUP BY category`.catch(() => null);
  await settle(300);
}
