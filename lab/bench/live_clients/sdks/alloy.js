// @adobe/alloy — Adobe Experience Platform Web SDK (edge.adobedc.net).
// Docs: createInstance({name}); alloy("configure", {datastreamId, orgId}); alloy("sendEvent",
// {xdm}); identities in xdm.identityMap.
import { createInstance } from "@adobe/alloy";

async function start() {
  const alloy = createInstance({ name: "alloy" });
  await alloy("configure", { datastreamId: "3f7b2c9e-1a4d-4e8f-b6c0-5d2a9e7f1b3c", orgId: "53A16ACB5CC1D3760A495C99@AdobeOrg" });
  return alloy;
}

export async function identify(p) {
  const alloy = await start();
  await alloy("sendEvent", {
    xdm: {
      eventType: "userAccount.login",
      identityMap: {
        Email: [{ id: p.email, authenticatedState: "authenticated", primary: false }],
        CRMID: [{ id: p.user_id, authenticatedState: "authenticated", primary: true }],
      },
      person: { name: { fullName: p.name, firstName: p.first_name, lastName: p.last_name } },
      personalEmail: { address: p.email },
      mobilePhone: { number: p.phone },
    },
    data: { plan: p.plan },
  });
}

export async function pageview() {
  const alloy = await start();
  await alloy("sendEvent", {
    xdm: { eventType: "web.webpagedetails.pageViews", web: { webPageDetails: { name: document.title, URL: location.href, pageViews: { value: 1 } } } },
  });
}
