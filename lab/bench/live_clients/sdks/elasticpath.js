// @moltin/sdk — Elastic Path Commerce Cloud's official JavaScript SDK (Elastic Path: a hosted headless commerce
// platform; a storefront keeps its carts and takes its orders through it): gateway({ client_id, host }) signs in
// with an implicit token (a form POST of /oauth/access_token with the client id, kept in localStorage) and sends every
// call by fetch to the store's API host with the token as a bearer token; Cart().AddProduct(id, quantity) is a JSON
// POST of /v2/carts/<cart>/items, Cart().Checkout(customer, billing_address) one of /v2/carts/<cart>/checkout (the
// customer and the addresses whole), Cart().Items() a GET of the cart's items, ShopperCatalog.Products.All() one of
// /catalog/products. README (import { gateway as MoltinGateway } from '@moltin/sdk'; const Moltin = MoltinGateway({
// client_id: 'XXX' }); Moltin.Cart().AddProduct(productId, quantity); Moltin.Cart().Checkout(customer,
// billing_address, shipping_address)). The identify page puts the boots in the signed-in customer's cart and checks
// out for them (their name and e-mail as the customer, their first and last name, phone and address as the billing
// and shipping addresses, their customer number in the delivery instructions); the page view page lists the
// catalogue's products and reads the visitor's (empty) cart.
import { gateway as MoltinGateway } from "@moltin/sdk";

const Moltin = MoltinGateway({
  client_id: "Xk29QwLm4Tz8Vb1Nc6Pd3Hf0Jg5Ys2AeRu7WmKqTi3Lo",
  host: "useast.api.elasticpath.com",
  fetchMaxAttempts: 1,
});
const PRODUCT_ID = "9f2c4e7a-1b3d-4f6a-8c5e-2d7b9a1c3e5f";

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const [first, ...rest] = p.name.split(" ");
  const address = {
    first_name: first,
    last_name: rest.join(" "),
    line_1: "1 Market St",
    city: "San Francisco",
    county: "CA",
    postcode: "94105",
    country: "US",
    phone_number: p.phone,
    instructions: `Customer ${p.user_id} (${p.plan}): leave at the door.`,
  };
  await Moltin.Cart().AddProduct(PRODUCT_ID, 1).catch(() => null);
  await Moltin.Cart().Checkout({ email: p.email, name: p.name }, address, address).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await Moltin.ShopperCatalog.Products.Limit(12).All().catch(() => null);
  await Moltin.Cart().Items().catch(() => null);
  await settle(300);
}
