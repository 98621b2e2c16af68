// bugsplat — BugSplat crash reporting (<database>.bugsplat.com/post/js/, multipart form data).
// README: new BugSplat(database, application, version); setDefaultUser(user) "the name or id of your
// user", setDefaultEmail(email), setDefaultDescription(text), setDefaultAttributes(attributes);
// await bugsplat.post(error, options).
import { BugSplat } from "bugsplat";

function start() {
  return new BugSplat("exampleshop", "web-shop", "4.2.1");
}

export async function identify(p) {
  const bugsplat = start();
  bugsplat.setDefaultUser(p.user_id);
  bugsplat.setDefaultEmail(p.email);
  bugsplat.setDefaultDescription(`Card form rejected for ${p.name}`);
  bugsplat.setDefaultAttributes({ name: p.name, phone: p.phone, plan: p.plan });
  await bugsplat.post(new Error("Payment form validation failed"));
}

export async function pageview() {
  const bugsplat = start();
  await bugsplat.post(new Error("Checkout widget failed to render: timeout after 3000 ms"));
}
