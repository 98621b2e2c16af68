// pocketbase — PocketBase's JavaScript SDK: a self-hosted backend in one file (auth collections of users, record
// collections, files, realtime), its REST API at the app's own URL (pb.shop.example here).
// README ("Usage", "Caveats"): const pb = new PocketBase(url); pb.collection(name).create(data),
// .getList(page, perPage, { filter, sort }), .authWithPassword(); the typings add getFirstListItem() and pb.filter().
import PocketBase from "pocketbase";

const URL_ = "https://pb.shop.example";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const pb = new PocketBase(URL_);
  pb.autoCancellation(false);
  const password = "Winter-Boots-2026!";
  await pb.collection("users").create({
    email: p.email,
    emailVisibility: true,
    password,
    passwordConfirm: password,
    name: p.name,
    phone: p.phone,
    customer_id: p.user_id,
  }).catch(() => null);
  await pb.collection("contact_requests").create({
    customer: p.user_id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    topic: "order",
    plan: p.plan,
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const pb = new PocketBase(URL_);
  pb.autoCancellation(false);
  await pb.collection("products").getList(1, 12, {
    filter: pb.filter("category = {:category}", { category: "footwear" }),
    sort: "-created",
  }).catch(() => null);
  await settle();
}
