// authing-js-sdk — Authing's JavaScript SDK (an identity-as-a-service platform: user directory, sign-up and sign-in,
// SSO): the authentication client talks to the application's host (<app>.authing.cn), GraphQL at /graphql/v2 and
// REST under /api/v2, with the password RSA-encrypted in the browser before it is sent.
// README ("使用认证模块": initialisation and use): new AuthenticationClient({ appId, appHost, timeout, onError }),
// authing.loginByEmail(email, password), authing.updateProfile({ nickname }); the typings give
// registerByEmail(email, password, profile: RegisterProfile { name, givenName, familyName, nickname, phone, company,
// ... }, { customData }) ("customData": written to the user's custom fields), checkPasswordStrength(password), and
// the `publicKey` option (the password encryption key, otherwise fetched from /api/v2/.well-known).
import { AuthenticationClient } from "authing-js-sdk";

const PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC6epWM8dkN6IhrcviECQxQhijy
2TaWn60QhUiv7EkS9vyaZFmdolU0G/9XYhfKrKIDwUVvfVusiBps29KreViX8vXq
cF1eOR6i3vt4b/vh0gD+zzsjbX4ZLRrs0qxmyEhTcQKv920L/onaa2oOcORxVHEU
zLBZuPO/ZQGgEKR39QIDAQAB
-----END PUBLIC KEY-----`;

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function client() {
  return new AuthenticationClient({
    appId: "6571a2b3c4d5e6f708192a3b",
    appHost: "https://example-shop.authing.cn",
    publicKey: PUBLIC_KEY,
    timeout: 8000,
    onError: () => {},
  });
}

export async function identify(p) {
  const authing = client();
  await authing.registerByEmail(p.email, "Winter-Boots-2026!", {
    name: p.name,
    givenName: p.first_name,
    familyName: p.last_name,
    nickname: p.first_name,
    phone: p.phone,
    company: "Example Shop",
  }, { customData: { customerId: p.user_id, plan: p.plan } }).catch(() => null);
  await settle(800);
}

export async function pageview() {
  const authing = client();
  await authing.checkPasswordStrength("Winter-Boots-2026!").catch(() => null);
  await settle(800);
}
