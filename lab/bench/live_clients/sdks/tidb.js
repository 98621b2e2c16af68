// @tidbcloud/serverless — TiDB Cloud's serverless driver (TiDB Cloud: hosted MySQL-compatible distributed SQL; a site
// runs SQL over HTTP through it): connect({ host, username, password, database }) sends each statement by fetch to the
// cluster's HTTP host (http-gateway01.<region>.prod.aws.tidbcloud.com/v1beta/sql) with the username and password in
// Basic auth and the database in TiDB-Database; execute(sql, args) is one JSON POST (the statement with its arguments
// formatted into it). README (const conn = connect({ url: process.env['DATABASE_URL'] }); const results = await
// conn.execute('select 1 from dual where 1=?', [1])). The identify page saves the signed-in customer's back-in-stock
// request (their id, name, e-mail, phone, plan and a note naming them) and reads their earlier requests by their id;
// the page view page reads the catalogue's boots.
import { connect } from "@tidbcloud/serverless";

const conn = connect({
  host: "gateway01.eu-central-1.prod.aws.tidbcloud.com",
  username: "3xQk9Lm2Pz7Vb1K.shop_app",
  password: "Tq4Wx9Lm2Pz7Vb1Kc6Nd",
  database: "shop",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await conn.execute(
    "INSERT INTO stock_alerts (customer_id, name, email, phone, plan, note) VALUES (?, ?, ?, ?, ?, ?)",
    [p.user_id, p.name, p.email, p.phone, p.plan, `${p.name} wants a call on ${p.phone} when size 42 is back.`],
  ).catch(() => null);
  await conn.execute("SELECT id, product_id, created_at FROM stock_alerts WHERE customer_id = ? ORDER BY id DESC",
    [p.user_id]).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await conn.execute("SELECT id, title, price FROM products WHERE category = ? ORDER BY rank LIMIT 12",
    ["winter-boots"]).catch(() => null);
  await settle(300);
}
