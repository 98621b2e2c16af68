// @memberstack/dom — Memberstack's JavaScript SDK: memberships and member authentication for websites (sign-ups with
// custom fields, plans, gated content, data tables), to Memberstack's client API (client.memberstack.com).
// README ("Quick Start", "Programmatic Authentication", "API Reference"): MemberstackDOM.init({ publicKey }),
// memberstack.signupMemberEmailPassword({ email, password, customFields }), memberstack.getPlans(); the typings give
// signup's metaData.
import MemberstackDOM from "@memberstack/dom";

const PUBLIC_KEY = "pk_sb_4c1e9a7f2d8b6035e7a1";

let memberstack = null;

function start() {
  if (!memberstack) memberstack = MemberstackDOM.init({ publicKey: PUBLIC_KEY });
  return memberstack;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const ms = start();
  await ms.signupMemberEmailPassword({
    email: p.email, password: "Winter-boots-2026!",
    customFields: { "first-name": p.first_name, "last-name": p.last_name, phone: p.phone, plan: p.plan },
    metaData: { customerId: p.user_id },
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const ms = start();
  await ms.getPlans().catch(() => null);
  await settle();
}
