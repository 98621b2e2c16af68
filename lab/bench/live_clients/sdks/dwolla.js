// dwolla — Dwolla's official client, dwolla-v2 (Dwolla: pay-by-bank (ACH) payments; a shop registers its customers to
// pay and be refunded from their bank accounts): new Client({ key, secret, environment }) first gets an application
// token by a form POST of api.dwolla.com/token (client credentials), then sends each call by fetch (node-fetch resolves
// to the page's fetch in a browser) to api.dwolla.com with the token as a bearer token and HAL JSON headers;
// post("customers", body) is one JSON POST of /customers (the customer whole), get(url) a GET of the created customer
// (its Location), get("/") and get("business-classifications") GETs of the API's root and its business classifications.
// README (const dwolla = new Client({ key: process.env.DWOLLA_APP_KEY, secret: process.env.DWOLLA_APP_SECRET,
// environment: "sandbox" }); dwolla.post("customers", { firstName: "Jane", lastName: "Doe", email: "jane@doe.com" })
// .then((res) => res.headers.get("location"))). The identify page registers the signed-in customer as a personal
// verified customer (their name, e-mail, phone and address; their id as the correlation id) and reads it back; the
// page view page reads the API's root and the business classifications.
import { Client } from "dwolla-v2";

const dwolla = new Client({
  key: "Xq7Lm2Kv9Tr4Wz8Np3Hs6Dc1Bj5Ga0FyQe2Uo8Ri4Tn6Sm",
  secret: "Hb3Nf8Jw1Pk6Vc9Ry2Gd5Lt0Zm7Qx4Ea8Ws1Du6Io3Kp9Yj",
  environment: "production",
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const created = await dwolla.post("customers", {
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
    type: "personal",
    address1: "99-99 33rd St",
    city: "Some City",
    state: "NY",
    postalCode: "11101",
    dateOfBirth: "1970-01-01",
    ssn: "1234",
    phone: p.phone.replace(/\D/g, "").slice(-10),
    correlationId: p.user_id,
  }).catch(() => null);
  const location = created && created.headers.get("location");
  if (location) await dwolla.get(location).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await dwolla.get("/").catch(() => null);
  await dwolla.get("business-classifications").catch(() => null);
  await settle(300);
}
