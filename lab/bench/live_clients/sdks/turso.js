// @libsql/client — Turso's official libSQL client (Turso: hosted SQLite databases, libSQL, reached over HTTP; a shop
// keeps its orders and support requests in one): createClient({ url: "libsql://<db>-<org>.<region>.turso.io",
// authToken }) from "@libsql/client/web" sends every statement by fetch to the database's HTTPS host with the token as
// a bearer token; execute({ sql, args }) is one JSON POST of /v2/pipeline (the Hrana protocol: the statement and its
// positional arguments apart, then the stream closed). README (import { createClient } from "@libsql/client/web";
// const client = createClient({ url: "libsql://...", authToken: "..." }); await client.execute({ sql: "SELECT * FROM
// users WHERE id = ?", args: [1] })). The identify page stores the signed-in customer's return request as a row (their
// id, first and last name, e-mail, phone, plan and a message naming them) and lists their earlier requests by their
// id; the page view page lists the boots of the catalogue.
import { createClient } from "@libsql/client/web";

const db = createClient({
  url: "libsql://examplesshop-exampleshop.aws-us-east-1.turso.io",
  authToken: "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJhIjoicnciLCJpYXQiOjE3NjQ4MDAwMDAsImlkIjoiOWMxZTRiMmEifQ."
    + "Kq2Xw9LmT4vZp1Kc8Nd3Hf6Jb0Ys5GaUe2WiQo4Mx7Rt1Vb3Nc9Mx4Lp2Kd8Hf5Jg0Ys6AeZu3TiPo",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await db.execute({
    sql: "INSERT INTO return_requests (customer_id, first_name, last_name, email, phone, plan, product, message) "
      + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    args: [p.user_id, p.first_name, p.last_name, p.email, p.phone, p.plan, "leather-winter-boots",
      `Hello, this is ${p.name}. The boots are too small; please send a label to ${p.email} or call ${p.phone}.`],
  }).catch(() => null);
  await db.execute({
    sql: "SELECT id, product, status, created_at FROM return_requests WHERE customer_id = ? ORDER BY created_at DESC "
      + "LIMIT 5",
    args: [p.user_id],
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await db.execute({
    sql: "SELECT sku, name, price_cents FROM products WHERE category = ? ORDER BY popularity DESC LIMIT 12",
    args: ["boots"],
  }).catch(() => null);
  await settle(300);
}
