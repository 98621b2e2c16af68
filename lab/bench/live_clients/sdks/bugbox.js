// bugbox — BugBox's browser client (BugBox: small, privacy-minded error tracking): when it loads it takes its script
// tag's data-* attributes as the events' `meta` (data-key is the project key), pings io.bugbox.app/v0/<key>/ping
// (a no-cors POST) and catches uncaught errors, unhandled rejections and console.error calls; each event (name,
// message, stack, type, the page's URL and the meta) is one JSON POST by fetch (keepalive) to
// io.bugbox.app/v0/<key>/event, retried unless answered 200.
// README (its script tag: <script src=".../bugbox.js" data-key="XXXX">; the rest of it is a to-do) and typings: `meta`
// (the data-* attributes, sent with every event, which the site may extend), send(error, extraMeta) for a handled
// error. This bundle is the page's script tag, so the page sets data-key on it before BugBox reads it (a dynamic
// import runs in the microtask after the bundle, while it is still the current script). The identify page puts the
// signed-in customer in `meta` and reports a handled error; the page view page reports the benign one.
const script = document.currentScript;
if (script) script.dataset.key = "bbx_5Yq2Lm8Tn4Wc7Rz3";
const bugboxReady = import("bugbox");

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const bugbox = await bugboxReady;
  Object.assign(bugbox.meta, { user_id: p.user_id, user_name: p.name, user_email: p.email, user_phone: p.phone,
    plan: p.plan });
  bugbox.send(new Error("Payment declined: card_expired"), { step: "checkout", cart_items: 2 });
  await settle(800);
}

export async function pageview() {
  const bugbox = await bugboxReady;
  bugbox.send(new Error("Checkout widget failed to render: timeout after 3000 ms"));
  await settle(800);
}
