// aws-rum-web — Amazon CloudWatch RUM (dataplane.rum.<region>.amazonaws.com).
// README "Quick start": new AwsRum(applicationId, version, region, {sessionSampleRate, endpoint, telemetries,
// allowCookies, ...}); docs (slim API): awsRum.pinUserId(id), awsRum.addSessionAttributes({...}),
// awsRum.recordEvent(type, data), awsRum.recordPageView(id), awsRum.dispatch().
// `signing: false` with no identity pool: the documented set-up for an app monitor that accepts unsigned
// events (else the client first asks Cognito for credentials, which a fake internet cannot give).
import { AwsRum } from "aws-rum-web";

function start() {
  return new AwsRum("3b8f2d6e-9c41-4a7b-b5e0-1f6d8c2a9e74", "4.2.0", "us-west-2", {
    sessionSampleRate: 1,
    endpoint: "https://dataplane.rum.us-west-2.amazonaws.com",
    telemetries: ["performance", "errors", "http"],
    allowCookies: true,
    enableXRay: false,
    signing: false,
    disableAutoPageView: true,
  });
}

export async function identify(p) {
  const awsRum = start();
  awsRum.pinUserId(p.user_id);
  awsRum.addSessionAttributes({ userName: p.name, userEmail: p.email, userPhone: p.phone, plan: p.plan });
  awsRum.recordPageView("/account");
  awsRum.recordEvent("signed_in", { plan: p.plan });
  awsRum.dispatch();
}

export async function pageview() {
  const awsRum = start();
  awsRum.recordPageView(document.location.pathname);
  awsRum.dispatch();
}
