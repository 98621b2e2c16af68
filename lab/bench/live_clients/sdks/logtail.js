// @logtail/browser — Better Stack Logs (in.logs.betterstack.com).
// Docs: new Logtail(sourceToken); logtail.info(message, context); await logtail.flush().
import { Logtail } from "@logtail/browser";

export async function identify(p) {
  const logtail = new Logtail("Wq8Nf3Zr6Tk1Yv4Hp9Lc2Xb7");
  logtail.info("User signed in", { user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone }, plan: p.plan });
  await logtail.flush();
}

export async function pageview() {
  const logtail = new Logtail("Wq8Nf3Zr6Tk1Yv4Hp9Lc2Xb7");
  logtail.error("Checkout widget failed to render: timeout after 3000 ms", { component: "checkout" });
  await logtail.flush();
}
