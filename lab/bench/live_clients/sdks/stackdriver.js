// stackdriver-errors-js — Google Cloud Error Reporting from the browser (clouderrorreporting.googleapis.com).
// README "Usage": new StackdriverErrorReporter(); errorHandler.start({key, projectId, service, version});
// errorHandler.setUser(userId); errorHandler.report(error) (a promise).
import StackdriverErrorReporter from "stackdriver-errors-js";

function start() {
  const errorHandler = new StackdriverErrorReporter();
  errorHandler.start({ key: "AIzaSyD4kR8mQ2vX7nL9pT3wZ6bY1cH5jF0gS2a", projectId: "web-shop-prod-4821",
                       service: "web-shop", version: "4.2.0" });
  return errorHandler;
}

export async function identify(p) {
  const errorHandler = start();
  errorHandler.setUser(p.user_id);
  await errorHandler.report(new Error("Payment form validation failed")).catch(() => undefined);
}

export async function pageview() {
  const errorHandler = start();
  await errorHandler.report(new Error("Checkout widget failed to render: timeout after 3000 ms")).catch(() => undefined);
}
