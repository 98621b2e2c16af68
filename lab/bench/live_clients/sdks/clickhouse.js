// @clickhouse/client-web — ClickHouse's official JavaScript client for browsers and edge runtimes (ClickHouse: a
// column-oriented analytics database, here ClickHouse Cloud; a shop writes its customer events to it and reads its
// orders back): createClient({ url, username, password, database }) sends every call by fetch to the service's HTTPS
// interface (<service>.<region>.aws.clickhouse.cloud:8443) with the credentials in Basic auth; insert({ table, values,
// format: "JSONEachRow" }) is one POST with the `INSERT INTO ... FORMAT JSONEachRow` statement in the query string and
// the rows as newline-delimited JSON in the body, query({ query, query_params, format }) a POST with the statement in
// the body and each parameter in the query string (`param_<name>`). README (const client = createClient({ url:
// "http://localhost:8123", username: "default", password: "" }); const resultSet = await client.query({ query: "SELECT
// * FROM system.tables", format: "JSONEachRow" }); const tables = await resultSet.json()). The identify page records
// the signed-in customer's return request as an event row (their id, name, e-mail, phone and plan) and reads their
// latest orders by e-mail; the page view page reads the best-selling boots and the count of products in stock.
import { createClient } from "@clickhouse/client-web";

const clickhouse = createClient({
  url: "https://kx7m2q9v4t.us-east-1.aws.clickhouse.cloud:8443",
  username: "shop_web",
  password: "Qm7vT2xK9pLw4RzNc8Hd",
  database: "shop",
  application: "example-shop-web",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await clickhouse.insert({
    table: "customer_events",
    values: [{
      event: "return_requested",
      user_id: p.user_id,
      name: p.name,
      email: p.email,
      phone: p.phone,
      plan: p.plan,
      item: "leather winter boots",
      reason: "too small",
      ts: Math.floor(Date.now() / 1000),
    }],
    format: "JSONEachRow",
  }).catch(() => null);
  await clickhouse.query({
    query: "SELECT order_id, item, status FROM orders WHERE customer_email = {email:String} "
      + "ORDER BY created_at DESC LIMIT 5",
    query_params: { email: p.email },
    format: "JSONEachRow",
  }).then((rows) => rows.json()).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await clickhouse.query({
    query: "SELECT sku, name, sum(quantity) AS sold FROM order_items WHERE category = {category:String} "
      + "GROUP BY sku, name ORDER BY sold DESC LIMIT 10",
    query_params: { category: "boots" },
    format: "JSONEachRow",
  }).then((rows) => rows.json()).catch(() => null);
  await clickhouse.query({ query: "SELECT count() AS in_stock FROM products WHERE stock > 0", format: "JSONEachRow" })
    .then((rows) => rows.json()).catch(() => null);
  await settle(300);
}
