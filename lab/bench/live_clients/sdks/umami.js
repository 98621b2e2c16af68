// @umami/node — Umami's official client (Umami Cloud: privacy-focused web analytics; a site sends its events and
// identifies its visitors through it): umami.init({ websiteId, hostUrl }) keeps the site's id and the collector's
// host; identify(properties) and track(event, data) are one JSON POST each by fetch to <hostUrl>/api/send
// ({ type: "identify" | "event", payload: { website, data, ... } }). The client names its own User-Agent from Node's
// process.version unless one is given, so the page passes the browser's. README (umami.init({ websiteId: '...',
// hostUrl: 'https://umami.mywebsite.com' }); umami.track({ url: '/home' }); umami.track('some-event', { foo: 'bar' });
// umami.identify({ userId: ... })). The identify page identifies the signed-in customer (their id, name, e-mail, phone
// and plan as the session's data) and tracks their checkout; the page view page tracks the page view of the boots.
import umami from "@umami/node";

umami.init({
  websiteId: "4f9c2a7e-83b1-4d6e-9a25-c07e1b3d58f2",
  hostUrl: "https://cloud.umami.is",
  userAgent: navigator.userAgent,
});

function settle(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function page() {
  return { hostname: location.hostname, language: navigator.language, referrer: document.referrer,
    screen: `${screen.width}x${screen.height}`, title: document.title, url: "/products/winter-boots" };
}

export async function identify(p) {
  await umami.identify({ userId: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan })
    .catch(() => null);
  await umami.track({ ...page(), name: "checkout-started",
    data: { customer_id: p.user_id, customer: p.name, contact_email: p.email, plan: p.plan } }).catch(() => null);
  await settle(300);
}

export async function pageview() {
  await umami.track(page()).catch(() => null);
  await settle(300);
}
