// cloudwatch-front-logger — browser errors and console.error calls saved to an AWS CloudWatch Logs log group, one
// log stream per visitor, with the AWS SDK's CloudWatch Logs client (CreateLogStream, PutLogEvents to
// logs.<region>.amazonaws.com) and a restricted IAM user's keys.
// README "Basic Usage", "Personalize LogStream", "Customize Formatted Message" and the integration examples:
// new Logger(accessKeyId, secretAccessKey, region, logGroupName), logger.install({ logStreamNameResolver,
// messageFormatter }), logger.onError(error, info); the logger's setInterval (0.5 s here) for its send timer.
import { Logger } from "cloudwatch-front-logger";

function start(streamName) {
  const logger = new Logger("AKIAZ7EXAMPLESHOP4QX", "wJ7rXtUqE2nF9bK4mVp8sLd3Hc6Ya1Zg5Ow0Ti2e", "eu-west-1",
                            "example-shop-frontend");
  logger.setInterval(500);
  logger.install({
    logStreamNameResolver: () => streamName,
    messageFormatter: async (e, info = { type: "unknown" }) =>
      JSON.stringify({ message: e.message, timestamp: Date.now(), userAgent: navigator.userAgent, ...info }),
  });
  return logger;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

export async function identify(p) {
  const logger = start(`user-${p.user_id}`);
  await logger.onError(new Error("Profile save failed: 409 conflict"),
                       { type: "account", user: { id: p.user_id, name: p.name, email: p.email, phone: p.phone,
                                                  plan: p.plan } });
  await settle();
}

export async function pageview() {
  const logger = start("anonymous");
  await logger.onError(new Error("Checkout widget failed to render: timeout after 3000 ms"), { type: "widget" });
  await settle();
}
