// @openfeature/ofrep-web-provider — OpenFeature's Remote Evaluation Protocol provider (flags evaluated by the
// shop's own OFREP service, here flags.shop.example). README: OpenFeature.setProvider(new OFREPWebProvider({baseUrl}));
// the evaluation context is set with OpenFeature.setContext(ctx); client.getBooleanValue(flag, default).
import { OpenFeature } from "@openfeature/web-sdk";
import { OFREPWebProvider } from "@openfeature/ofrep-web-provider";

async function start(context) {
  await OpenFeature.setContext(context);
  const provider = new OFREPWebProvider({ baseUrl: "https://flags.shop.example", pollInterval: 0 });
  await OpenFeature.setProviderAndWait(provider);
  return OpenFeature.getClient();
}

export async function identify(p) {
  const client = await start({ targetingKey: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan });
  client.getBooleanValue("new-checkout", false);
}

export async function pageview() {
  const client = await start({});
  client.getBooleanValue("new-checkout", false);
}
