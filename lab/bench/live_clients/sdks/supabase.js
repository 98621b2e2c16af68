// @supabase/supabase-js — Supabase's JavaScript client: a Postgres backend as a service (Supabase Auth for sign-ups
// and sessions, PostgREST for table rows), to the project's API (<project>.supabase.co: /auth/v1, /rest/v1).
// README ("Usage"): createClient(url, publishableKey) and supabase.from(table).select();
// the typings give supabase.auth.signUp({ email, password, options: { data } }) (user metadata) and
// from(table).upsert(row).
import { createClient } from "@supabase/supabase-js";

const URL = "https://xqzvbkmtrlpwhdcnfyjs.supabase.co";
const PUBLISHABLE_KEY = "sb_publishable_Hc4Wq9Zt2Lm7Vx1Rk6Pn3B_8dJfYs0a";

let client = null;

function start() {
  if (!client) client = createClient(URL, PUBLISHABLE_KEY, { auth: { autoRefreshToken: false } });
  return client;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const supabase = start();
  await supabase.auth.signUp({
    email: p.email, password: "Winter-boots-2026!",
    options: { data: { full_name: p.name, phone: p.phone, plan: p.plan } },
  }).catch(() => null);
  await supabase.from("customers").upsert({ user_id: p.user_id, full_name: p.name, email: p.email, phone: p.phone,
                                            plan: p.plan }).then(() => null, () => null);
  await settle();
}

export async function pageview() {
  const supabase = start();
  await supabase.from("products").select("id, name, price, sizes").eq("slug", "winter-boots")
    .then(() => null, () => null);
  await settle();
}
