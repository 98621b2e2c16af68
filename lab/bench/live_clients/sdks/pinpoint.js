// @analytics/aws-pinpoint (with analytics) — Amazon Pinpoint, marketing and engagement analytics, through the
// open-source `analytics` library's plugin (pinpoint.us-east-1.amazonaws.com, SigV4-signed PutEvents).
// README "How to use" and "Browser usage": Analytics({app, plugins: [awsPinpointPlugin({pinpointAppId,
// getCredentials})]}); analytics.identify(userId, traits) identifies the visitor and updates their endpoint;
// analytics.track(event, properties) records a custom event; analytics.page() a page view.
// getCredentials hands over the temporary AWS credentials that the shop's Cognito identity pool issues to the browser
// (made up here).
import Analytics from "analytics";
import awsPinpointPlugin from "@analytics/aws-pinpoint";

function start() {
  return Analytics({
    app: "example-shop",
    plugins: [
      awsPinpointPlugin({
        pinpointAppId: "4f1c9a7e2b6d4e8f9a3c5b7d1e2f4a6c",
        pinpointRegion: "us-east-1",
        appTitle: "Example Shop",
        getCredentials: async () => ({
          accessKeyId: "ASIAQ3EXAMPLE7KTX4MZ",
          secretAccessKey: "wJ8rT2kLm9Qx4Zp7Vb3Nc6Hd1Fg5Sa0Ye8Ui2Ow",
          sessionToken: "IQoJb3JpZ2luX2VjEExampleShopCognitoSessionToken7f3k2m9qz4Xw8Lp5Rt1Nv6Bc3Hd9",
        }),
      }),
    ],
  });
}

export async function identify(p) {
  const analytics = start();
  await analytics.identify(p.user_id, {
    firstName: p.first_name, lastName: p.last_name, email: p.email, phone: p.phone, plan: p.plan,
  });
  await analytics.track("signedIn", { plan: p.plan });
}

export async function pageview() {
  await start().page();
}
