// trackjs — TrackJS (capture.trackjs.com, usage.trackjs.com).
// README: TrackJS.install({token}); docs: userId in install options, addMetadata(key, value),
// TrackJS.track(error) for a handled error.
import { TrackJS } from "trackjs";

export async function identify(p) {
  TrackJS.install({ token: "8de4c78a3ec64020ab2ad15dea1ae9ff", application: "shop-web", userId: p.user_id });
  TrackJS.addMetadata("email", p.email);
  TrackJS.addMetadata("name", p.name);
  TrackJS.addMetadata("phone", p.phone);
  TrackJS.addMetadata("plan", p.plan);
  TrackJS.track(new Error("Payment form validation failed"));
}

export async function pageview() {
  TrackJS.install({ token: "8de4c78a3ec64020ab2ad15dea1ae9ff", application: "shop-web" });
  TrackJS.track(new Error("Checkout widget failed to render: timeout after 3000 ms"));
}
