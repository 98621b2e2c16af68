// sheetdb-js — SheetDB's JavaScript client (SheetDB: a JSON API over a Google Sheet, used as a form backend and a
// small database by static sites): SheetDB.write(apiUrl, { sheet, data }) adds rows, one JSON POST by XHR to
// sheetdb.io/api/v1/<api id> (the sheet's name and the row's columns in the body); SheetDB.read(apiUrl, options) is one
// GET of the rows (a search under /search?column=value). No key for an API left public (its id is in the URL).
// README ("Create new rows": SheetDB.write('https://sheetdb.io/api/v1/58f61be4dda40', { sheet: 'Sheet2', data:
// {player: 'Test', score: 41} }); "Search": SheetDB.read(url, { search: { age: 24 } })).
// The identify page submits the shop's "back in stock" request form for the signed-in customer into the shop's sheet:
// one row with the customer's id, name, e-mail, phone, plan and the product; the page view page reads the product's
// stock row (a search on its SKU) and adds one anonymous "was this page helpful?" row with the product only.
import SheetDB from "sheetdb-js";

const API = "https://sheetdb.io/api/v1/k7m2q9x4w1p3z";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  await SheetDB.write(API, {
    sheet: "BackInStock",
    data: {
      customer_id: p.user_id, first_name: p.first_name, last_name: p.last_name, email: p.email, phone: p.phone,
      plan: p.plan, product: "winter-boots", size: "39", requested_at: new Date().toISOString(),
    },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await SheetDB.read(API, { sheet: "Stock", search: { sku: "WB-39-BRN" } }).catch(() => null);
  await SheetDB.write(API, {
    sheet: "Helpful", data: { product: "winter-boots", helpful: "yes", at: new Date().toISOString() },
  }).catch(() => null);
  await settle(300);
}
