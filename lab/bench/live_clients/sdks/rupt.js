// rupt — Rupt's JavaScript SDK: account-sharing detection and prevention (devices attached to an account, with the
// account's e-mail, phone and metadata, fingerprinted and evaluated), to Rupt's API (api.rupt.dev).
// README ("Usage", "Attach a device"): Rupt.attach({ client_id, account, redirect_urls }); the typings give attach's
// email, phone and metadata, and Rupt.evaluate({ client_id, action }) for an anonymous visitor.
import Rupt from "rupt";

const CLIENT_ID = "cl_7Qm2xWv9KtR4pZ8n";

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  await Rupt.attach({
    client_id: CLIENT_ID,
    account: p.user_id,
    email: p.email,
    phone: p.phone,
    metadata: { name: p.name, first_name: p.first_name, last_name: p.last_name, plan: p.plan },
    event: "sign_up",
    redirect_urls: { logout_url: "https://shop.example/logout", new_account_url: "https://shop.example/signup" },
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  await Rupt.evaluate({ client_id: CLIENT_ID, action: "page_view" }).catch(() => null);
  await settle();
}
