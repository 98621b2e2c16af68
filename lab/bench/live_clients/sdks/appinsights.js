// @microsoft/applicationinsights-web — Azure Monitor Application Insights.
// Set-up as the README shows: new ApplicationInsights({config: {connectionString}}),
// loadAppInsights(), trackPageView(); the signed-in user through setAuthenticatedUserContext,
// an event through trackEvent with custom properties; flush() sends the batch now.
import { ApplicationInsights } from "@microsoft/applicationinsights-web";

const CONNECTION =
  "InstrumentationKey=6c1f3e8a-2b7d-4f90-a5c3-9e8d7b6a5f41;" +
  "IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;" +
  "LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/;" +
  "ApplicationId=0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d";

function start() {
  const ai = new ApplicationInsights({ config: { connectionString: CONNECTION, enableAutoRouteTracking: false } });
  ai.loadAppInsights();
  return ai;
}

export async function identify(p) {
  const ai = start();
  ai.setAuthenticatedUserContext(p.user_id, undefined, true);
  ai.trackPageView();
  ai.trackEvent({ name: "signed_in" }, { name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  ai.flush();
}

export async function pageview() {
  const ai = start();
  ai.trackPageView();
  ai.flush();
}
