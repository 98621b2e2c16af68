// @neondatabase/serverless — Neon's serverless driver (Neon: serverless Postgres; a site runs SQL over HTTP through
// it): neon(connectionString, { disableWarningInBrowsers }) gives a query function that sends each statement by fetch
// to the endpoint's HTTP host (api.<region>.aws.neon.tech/sql) with the connection string, password included, in the
// Neon-Connection-String header; sql.query(text, params) and sql`...` are one JSON POST each (the statement and its
// parameters apart), sql.transaction([...]) one POST of the queries. README (const sql =
// neon(process.env.DATABASE_URL); const posts = await sql`SELECT * FROM posts WHERE id = ${postId}`). The identify page stores the signed-in
// customer's newsletter sign-up (their id, name, e-mail, phone and plan) and a support note naming them in one
// transaction and reads their earlier orders by their id; the page view page reads the catalogue's boots.
import { neon } from "@neondatabase/serverless";

const sql = neon(
  "postgresql://shop_app:npg_Tq4Wx9Lm2Pz7@ep-quiet-sound-a8k2m9qz.eastus2.azure.neon.tech/shop?sslmode=require",
  { disableWarningInBrowsers: true },
);

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await sql.transaction([
    sql.query("INSERT INTO newsletter_signups (customer_id, name, email, phone, plan) VALUES ($1, $2, $3, $4, $5)",
      [p.user_id, p.name, p.email, p.phone, p.plan]),
    sql.query("INSERT INTO support_notes (customer_id, note) VALUES ($1, $2)",
      [p.user_id, `${p.name} asked to be called on ${p.phone} about the winter boots order.`]),
  ]).catch(() => null);
  await sql`SELECT id, status, total FROM orders WHERE customer_id = ${p.user_id} ORDER BY created_at DESC LIMIT 5`
    .catch(() => null);
  await settle(300);
}

export async function pageview() {
  const category = "winter-boots";
  await sql`SELECT id, title, price FROM products WHERE category = ${category} ORDER BY rank LIMIT 12`
    .catch(() => null);
  await settle(300);
}
