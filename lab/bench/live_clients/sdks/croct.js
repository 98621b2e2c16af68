// @croct/plug — Croct content personalization and A/B testing, its event tracker (api.croct.io).
// docs.croct.com "JavaScript SDK": croct.plug({appId}) starts tracking (page opened and loaded events);
// croct.identify(userId) for a signed-in user; croct.user.edit().set(attribute, value).save() patches the user's
// profile (firstName, lastName, email, phone, custom.*); croct.track(event, payload), e.g. goalCompleted.
import croct from "@croct/plug";

const APP_ID = "3f7c2a91-6d4e-4b8a-9e15-c2d0a7b6f483";

export async function identify(p) {
  croct.plug({ appId: APP_ID });
  croct.identify(p.user_id);
  const [firstName, lastName] = p.name.split(" ");
  await croct.user.edit()
    .set("firstName", firstName)
    .set("lastName", lastName)
    .set("email", p.email)
    .set("phone", p.phone)
    .set("custom.plan", p.plan)
    .save();
  await croct.track("goalCompleted", { goalId: "signed-in" });
}

export async function pageview() {
  // An anonymous visitor: plugging in tracks the page view.
  croct.plug({ appId: APP_ID });
}
