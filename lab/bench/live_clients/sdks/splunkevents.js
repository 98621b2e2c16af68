// splunk-events — VTEX's browser library for Splunk's HTTP Event Collector: batched log events to the customer's
// Splunk Cloud HEC endpoint (http-inputs-<stack>.splunkcloud.com/services/collector/event).
// README "ES6 Example" and "API": const splunkEvents = new SplunkEvents(); splunkEvents.config({endpoint, token,
// autoFlush, debounceTime, injectAditionalInfo, ...}); splunkEvents.logEvent(level, type, workflowType,
// workflowInstance, eventData, account), eventData a flat object; splunkEvents.flush() sends the queued events now.
import SplunkEvents from "splunk-events";

function start() {
  const splunkEvents = new SplunkEvents();
  splunkEvents.config({ endpoint: "https://http-inputs-example-shop.splunkcloud.com",
                        token: "5e1c9a7f-3b2d-4f8e-a6c0-9d4b2e7f1a3c", source: "example-shop-web",
                        injectAditionalInfo: true, debounceTime: 500 });
  return splunkEvents;
}

export async function identify(p) {
  const splunkEvents = start();
  splunkEvents.logEvent("Important", "Info", "SignIn", "account", { user_id: p.user_id, name: p.name,
                                                                     email: p.email, phone: p.phone, plan: p.plan },
                        "exampleshop");
  await splunkEvents.flush();
}

export async function pageview() {
  const splunkEvents = start();
  splunkEvents.logEvent("Debug", "Warn", "Checkout", "checkout-widget",
                        { message: "Checkout widget failed to render: timeout after 3000 ms", product: "winter-boots" },
                        "exampleshop");
  await splunkEvents.flush();
}
