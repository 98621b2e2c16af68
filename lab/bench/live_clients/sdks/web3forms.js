// @web3forms/react — Web3Forms' client: form submissions sent straight to the site owner's inbox, no backend, with a
// public access key, to Web3Forms' API (api.web3forms.com/submit).
// README ("Usage"): const { submit } = useWeb3Forms({ access_key, settings: { from_name, subject }, onSuccess,
// onError }); then submit({ name, email, message, ... }) with the form's fields. (The function holds no React state;
// the README's Node.js example calls it outside a component, as the page does.)
import useWeb3Forms from "@web3forms/react";

const ACCESS_KEY = "6f2c9a41-8d3b-4e7f-a5c2-91b0e47d3f68";

function form(subject) {
  return useWeb3Forms({
    access_key: ACCESS_KEY,
    settings: { from_name: "Example Shop", subject },
    onSuccess: () => {},
    onError: () => {},
  });
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const { submit } = form("Callback request from the account page");
  await submit({
    name: p.name,
    email: p.email,
    phone: p.phone,
    customer_id: p.user_id,
    message: `Please call me back about my order, ${p.first_name}.`,
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const { submit } = form("Product question");
  await submit({ product: "winter-boots", message: "Do the winter boots run true to size?" }).catch(() => null);
  await settle();
}
