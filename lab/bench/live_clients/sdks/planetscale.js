// @planetscale/database — PlanetScale's serverless driver (PlanetScale: hosted MySQL and Postgres; a site runs SQL
// over HTTP through it): connect({ host, username, password }) sends each statement by fetch to the database's host
// with the username and password in Basic auth; execute(sql, args) is one JSON POST to
// /psdb.v1alpha1.Database/Execute (the statement with its arguments formatted into it, and the session the previous
// answer handed back). README (const conn = connect({ host, username, password }); const results = await
// conn.execute('select 1 from dual where 1=?', [1])). The identify page saves the signed-in customer's return request
// (their id, name, e-mail, phone and a note naming them) and reads their earlier orders by their id; the page view
// page reads the catalogue's boots.
import { connect } from "@planetscale/database";

const conn = connect({ host: "aws.connect.psdb.cloud", username: "k3v9xq2m7tzp4wb8nd1c",
  password: "pscale_pw_Tq4Wx9Lm2Pz7Vb1Kc6Nd3Hf8Jg0Ys5AeUiOo2Rr" });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await conn.execute(
    "INSERT INTO return_requests (customer_id, name, email, phone, plan, note) VALUES (?, ?, ?, ?, ?, ?)",
    [p.user_id, p.name, p.email, p.phone, p.plan,
      `${p.name} wants to return the winter boots; call ${p.phone} to arrange the pick-up.`]).catch(() => null);
  await conn.execute("SELECT id, status, total FROM orders WHERE customer_id = ? ORDER BY created_at DESC LIMIT 5",
    [p.user_id]).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await conn.execute("SELECT id, title, price FROM products WHERE category = ? ORDER BY rank LIMIT 12",
    ["winter-boots"]).catch(() => null);
  await settle(300);
}
