// prelude — Prelude's official TypeScript SDK, @prelude.so/sdk (Prelude: phone number verification and transactional
// SMS; a shop verifies its customers' numbers and texts them about their orders): new Prelude({ apiToken }) sends every
// call by fetch to api.prelude.dev with the token as a bearer token (a Stainless client: x-stainless-* headers);
// verification.create({ target, metadata, options }) is one JSON POST of /v2/verification (the number whole),
// transactional.send({ template_id, to, correlation_id, variables }) a JSON POST of /v2/transactional (the variables
// whole), verificationManagement.listSenderIds() and notify.listSubscriptionConfigs() GETs of
// /v2/verification/management/sender-id and /v2/notify/management/subscriptions. README (const client = new Prelude({
// apiToken: process.env['API_TOKEN'] }); const verification = await client.verification.create({ target: { type:
// 'phone_number', value: '+30123456789' } })). The identify page sends the signed-in customer a code to confirm their
// number (their id as the correlation id) and texts them that their return is approved (their name and e-mail as
// template variables); the page view page lists the sender ids and the subscription configurations.
import Prelude from "@prelude.so/sdk";

const prelude = new Prelude({ apiToken: "sk_7Hq2Xv9Lm4Tr8Wz1Np6Hs3Dc5Bj0Ga2FyK", maxRetries: 0, timeout: 10000 });

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function identify(p) {
  const number = p.phone.replace(/[^+\d]/g, "");
  await prelude.verification.create({
    target: { type: "phone_number", value: number },
    metadata: { correlation_id: p.user_id },
    options: { locale: "en-US", sender_id: "ExampleShop" },
  }).catch(() => null);
  await prelude.transactional.send({
    template_id: "template_01jd1xq0cffycayqtdkdbv4d61",
    to: number,
    correlation_id: p.user_id,
    variables: { name: p.name, email: p.email, order: "ORD-20418" },
  }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await prelude.verificationManagement.listSenderIds().catch(() => null);
  await prelude.notify.listSubscriptionConfigs({ limit: 10 }).catch(() => null);
  await settle(300);
}
