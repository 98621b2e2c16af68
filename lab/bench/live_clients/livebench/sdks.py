"""The SDK table: 380 npm browser SDKs, the collector each talks to, and the blind set.

The first blind set was drawn before anyone looked at the traffic:
`random.Random(20261125).sample(sorted(packages), 5)` over the 28 package names below
(`ALL_28`): @adobe/alloy, @logtail/browser, @opentelemetry/exporter-trace-otlp-http,
@statsig/js-client, unleash-proxy-client (`FIRST_BLIND_DRAW`). That draw is spent (the proxy was
measured on it): those five are development SDKs now, like the others.

The second set, seven SDKs chosen by hand and frozen in lab/bench/live_clients/blind42.txt
(`SECOND_BLIND_SET`), is spent too: development SDKs since the third set was chosen.

The third set, eight SDKs frozen in lab/bench/live_clients/blind46.txt (`THIRD_BLIND_SET`), is spent
too: development SDKs since the fourth set was chosen.

The fourth set, nine SDKs frozen in lab/bench/live_clients/blind48.txt (`FOURTH_BLIND_SET`), is spent
too: development SDKs since the fifth set was chosen.

The fifth set, eight SDKs frozen in lab/bench/live_clients/blind50.txt (`FIFTH_BLIND_SET`), is spent
too: development SDKs since the sixth set was chosen.

The sixth set, eight SDKs frozen in lab/bench/live_clients/blind52.txt (`SIXTH_BLIND_SET`), is spent
too: development SDKs since the seventh set was chosen.

The seventh set, eight SDKs frozen in lab/bench/live_clients/blind54.txt (`SEVENTH_BLIND_SET`), is spent
too: development SDKs since the eighth set was chosen.

The eighth set, eight SDKs frozen in lab/bench/live_clients/blind56.txt (`EIGHTH_BLIND_SET`), is spent
too: development SDKs since the ninth set was chosen.

The ninth set, eight SDKs frozen in lab/bench/live_clients/blind58.txt (`NINTH_BLIND_SET`), is spent
too: development SDKs since the tenth set was chosen.

The tenth set, seven SDKs frozen in lab/bench/live_clients/blind60.txt (`TENTH_BLIND_SET`), is spent
too: development SDKs since the eleventh set was chosen.

The eleventh set, seven SDKs frozen in lab/bench/live_clients/blind62.txt (`ELEVENTH_BLIND_SET`), is spent
too: development SDKs since the twelfth set was chosen.

The twelfth set, six SDKs frozen in lab/bench/live_clients/blind64.txt (`TWELFTH_BLIND_SET`), is spent
too: development SDKs since the thirteenth set was chosen.

The thirteenth set, eight SDKs frozen in lab/bench/live_clients/blind66.txt (`THIRTEENTH_BLIND_SET`), is spent
too: development SDKs since the fourteenth set was chosen.

The fourteenth set, eight SDKs frozen in lab/bench/live_clients/blind68.txt (`FOURTEENTH_BLIND_SET`), is spent
too: development SDKs since the fifteenth set was chosen.

The fifteenth set, six SDKs frozen in lab/bench/live_clients/blind70.txt (`FIFTEENTH_BLIND_SET`), is spent
too: development SDKs since the sixteenth set was chosen.

The sixteenth set, six SDKs frozen in lab/bench/live_clients/blind72.txt (`SIXTEENTH_BLIND_SET`), is spent
too: development SDKs since the seventeenth set was chosen.

The seventeenth set, seven SDKs frozen in lab/bench/live_clients/blind74.txt (`SEVENTEENTH_BLIND_SET`), is spent
too: development SDKs since the eighteenth set was chosen.

The eighteenth set, seven SDKs frozen in lab/bench/live_clients/blind76.txt (`EIGHTEENTH_BLIND_SET`), is spent
too: development SDKs since the nineteenth set was chosen.

The nineteenth set, seven SDKs frozen in lab/bench/live_clients/blind78.txt (`NINETEENTH_BLIND_SET`), is spent
too: development SDKs since the twentieth set was chosen.

The twentieth set, seven SDKs frozen in lab/bench/live_clients/blind80.txt (`TWENTIETH_BLIND_SET`), is spent
too: development SDKs since the twenty-first set was chosen.

The twenty-first set, seven SDKs frozen in lab/bench/live_clients/blind82.txt (`TWENTY_FIRST_BLIND_SET`), is spent
too (seen through the proxy): development SDKs since the twenty-second set was chosen.

The twenty-second set, seven SDKs frozen in lab/bench/live_clients/blind84.txt (`TWENTY_SECOND_BLIND_SET`), is spent
too (scored once): development SDKs since the twenty-third set was chosen.

The twenty-third set, seven SDKs frozen in lab/bench/live_clients/blind86.txt (`TWENTY_THIRD_BLIND_SET`), is spent
too (scored once): development SDKs since the twenty-fourth set was chosen.

The twenty-fourth set, seven SDKs frozen in lab/bench/live_clients/blind88.txt (`TWENTY_FOURTH_BLIND_SET`), is spent
too (scored once): development SDKs since the twenty-fifth set was chosen.

The twenty-fifth set, seven SDKs frozen in lab/bench/live_clients/blind90.txt (`TWENTY_FIFTH_BLIND_SET`), is spent
too (scored once): development SDKs since the twenty-sixth set was chosen.

The twenty-sixth set, seven SDKs frozen in lab/bench/live_clients/blind92.txt (`TWENTY_SIXTH_BLIND_SET`), is spent
too (scored once): development SDKs since the twenty-seventh set was chosen.

The twenty-seventh set, seven SDKs frozen in lab/bench/live_clients/blind94.txt (`TWENTY_SEVENTH_BLIND_SET`), is
spent too (scored once): development SDKs since the twenty-eighth set was chosen.

The twenty-eighth set, seven SDKs frozen in lab/bench/live_clients/blind96.txt (`TWENTY_EIGHTH_BLIND_SET`), is spent
too (scored once): development SDKs since the twenty-ninth set was chosen.

The twenty-ninth set, seven SDKs frozen in lab/bench/live_clients/blind98.txt (`TWENTY_NINTH_BLIND_SET`), is spent
too (scored once): development SDKs since the thirtieth set was chosen.

The thirtieth set, seven SDKs frozen in lab/bench/live_clients/blind100.txt (`THIRTIETH_BLIND_SET`), is spent too
(scored once): development SDKs since the thirty-first set was chosen.

The thirty-first set, seven SDKs frozen in lab/bench/live_clients/blind102.txt (`THIRTY_FIRST_BLIND_SET`), is spent
too (scored once): development SDKs since the thirty-second set was chosen.

The thirty-second set, seven SDKs frozen in lab/bench/live_clients/blind104.txt (`THIRTY_SECOND_BLIND_SET`), is
spent too (scored once): development SDKs since the thirty-third set was chosen.

The thirty-third set, six SDKs frozen in lab/bench/live_clients/blind106.txt (`THIRTY_THIRD_BLIND_SET`), is spent
too (scored once): development SDKs since the thirty-fourth set was chosen.

The thirty-fourth set, seven SDKs frozen in lab/bench/live_clients/blind108.txt (`THIRTY_FOURTH_BLIND_SET`), is
spent too (scored once): development SDKs since the thirty-fifth set was chosen.

The thirty-fifth set, six SDKs frozen in lab/bench/live_clients/blind110.txt (`THIRTY_FIFTH_BLIND_SET`), is spent
too (scored once): development SDKs since the thirty-sixth set was chosen.

The thirty-sixth set, seven SDKs frozen in lab/bench/live_clients/blind112.txt (`THIRTY_SIXTH_BLIND_SET`), is
spent too (scored once): development SDKs since the thirty-seventh set was chosen.

The thirty-seventh set, six SDKs frozen in lab/bench/live_clients/blind114.txt (`THIRTY_SEVENTH_BLIND_SET`), is
spent too: development SDKs since the thirty-eighth set was chosen.

The thirty-eighth set, six SDKs frozen in lab/bench/live_clients/blind116.txt (`THIRTY_EIGHTH_BLIND_SET`), is
spent too: development SDKs since the thirty-ninth set was chosen.

The thirty-ninth set, seven SDKs frozen in lab/bench/live_clients/blind118.txt (`THIRTY_NINTH_BLIND_SET`), is
spent too: development SDKs since the fortieth set was chosen.

The fortieth set, seven SDKs frozen in lab/bench/live_clients/blind120.txt (`FORTIETH_BLIND_SET`), is spent too:
development SDKs since the forty-first set was chosen.

The forty-first set, six SDKs frozen in lab/bench/live_clients/blind122.txt (`FORTY_FIRST_BLIND_SET`), is spent
too: development SDKs since the forty-second set was chosen.

The forty-second set, seven SDKs frozen in lab/bench/live_clients/blind124.txt (`FORTY_SECOND_BLIND_SET`), is
spent too: development SDKs since the forty-third set was chosen.

The forty-third set, seven SDKs frozen in lab/bench/live_clients/blind126.txt (`FORTY_THIRD_BLIND_SET`), is
spent too: development SDKs since the forty-fourth set was chosen.

The forty-fourth set, seven SDKs frozen in lab/bench/live_clients/blind128.txt (`FORTY_FOURTH_BLIND_SET`), is
spent too: development SDKs since the forty-fifth set was chosen.

The forty-fifth set, seven SDKs frozen in lab/bench/live_clients/blind130.txt (`FORTY_FIFTH_BLIND_SET`), is
spent too: development SDKs since the forty-sixth set was chosen.

The forty-sixth set, seven SDKs frozen in lab/bench/live_clients/blind132.txt (`FORTY_SIXTH_BLIND_SET`), is
spent too: development SDKs since the forty-seventh set was chosen.

The forty-seventh set, seven SDKs frozen in lab/bench/live_clients/blind134.txt (`FORTY_SEVENTH_BLIND_SET`), is
spent too: development SDKs since the forty-eighth set was chosen.

The forty-eighth set, seven SDKs frozen in lab/bench/live_clients/blind136.txt (`FORTY_EIGHTH_BLIND_SET`), is
spent too: development SDKs since the forty-ninth set was chosen.

The forty-ninth set, seven SDKs frozen in lab/bench/live_clients/blind138.txt (`FORTY_NINTH_BLIND_SET`), is
spent too: development SDKs since the fiftieth set was chosen.

The fiftieth set, seven SDKs frozen in lab/bench/live_clients/blind140.txt (`FIFTIETH_BLIND_SET`), is
spent too: development SDKs since the fifty-first set was chosen.

The blind set today is a fifty-first, new set of SDKs that the harness had never run (`BLIND_SET`),
chosen by hand among customer support, payments and invoicing, user management, text-to-speech, AI agent memory,
serverless database and conversion tracking SDKs whose npm code sends the data itself, checked only in baseline mode
(no proxy addon), and frozen in lab/bench/live_clients/blind142.txt (packages, versions, and the SHA-256 of those
lines).

SDKs added after the first draw (`ADDED_AFTER_DRAW`, `SECOND_BLIND_SET`, `THIRD_BLIND_SET`, `FOURTH_BLIND_SET`,
`FIFTH_BLIND_SET`, `SIXTH_BLIND_SET`, `SEVENTH_BLIND_SET`, `EIGHTH_BLIND_SET`, `NINTH_BLIND_SET`, `TENTH_BLIND_SET`,
`ELEVENTH_BLIND_SET`, `TWELFTH_BLIND_SET`, `THIRTEENTH_BLIND_SET`, `FOURTEENTH_BLIND_SET`,
`FIFTEENTH_BLIND_SET`, `SIXTEENTH_BLIND_SET`, `SEVENTEENTH_BLIND_SET`, `EIGHTEENTH_BLIND_SET`, `NINETEENTH_BLIND_SET`,
`TWENTIETH_BLIND_SET`, `TWENTY_FIRST_BLIND_SET`, `TWENTY_SECOND_BLIND_SET`, `TWENTY_THIRD_BLIND_SET`,
`TWENTY_FOURTH_BLIND_SET`, `TWENTY_FIFTH_BLIND_SET`, `TWENTY_SIXTH_BLIND_SET`, `TWENTY_SEVENTH_BLIND_SET`,
`TWENTY_EIGHTH_BLIND_SET`, `TWENTY_NINTH_BLIND_SET`, `THIRTIETH_BLIND_SET`, `THIRTY_FIRST_BLIND_SET`,
`THIRTY_SECOND_BLIND_SET`, `THIRTY_THIRD_BLIND_SET`, `THIRTY_FOURTH_BLIND_SET`, `THIRTY_FIFTH_BLIND_SET`,
`THIRTY_SIXTH_BLIND_SET`, `THIRTY_SEVENTH_BLIND_SET`, `THIRTY_EIGHTH_BLIND_SET`, `THIRTY_NINTH_BLIND_SET`,
`FORTIETH_BLIND_SET`, `FORTY_FIRST_BLIND_SET`, `FORTY_SECOND_BLIND_SET`, `FORTY_THIRD_BLIND_SET`,
`FORTY_FOURTH_BLIND_SET`, `FORTY_FIFTH_BLIND_SET`, `FORTY_SIXTH_BLIND_SET`, `FORTY_SEVENTH_BLIND_SET`,
`FORTY_EIGHTH_BLIND_SET`, `FORTY_NINTH_BLIND_SET`, `FIFTIETH_BLIND_SET`, `BLIND_SET`) are outside that draw; of
those, only `BLIND_SET` is blind.
Versions come from package.json (pinned exactly there, locked in package-lock.json).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Sdk", "SDKS", "DROPPED", "ADDED_AFTER_DRAW", "ALL_28", "BLIND_SEED", "BLIND_SET", "FIRST_BLIND_DRAW",
           "SECOND_BLIND_SET", "THIRD_BLIND_SET", "FOURTH_BLIND_SET", "FIFTH_BLIND_SET", "SIXTH_BLIND_SET",
           "SEVENTH_BLIND_SET", "EIGHTH_BLIND_SET", "NINTH_BLIND_SET", "TENTH_BLIND_SET", "ELEVENTH_BLIND_SET",
           "TWELFTH_BLIND_SET", "THIRTEENTH_BLIND_SET", "FOURTEENTH_BLIND_SET", "FIFTEENTH_BLIND_SET",
           "SIXTEENTH_BLIND_SET", "SEVENTEENTH_BLIND_SET", "EIGHTEENTH_BLIND_SET", "NINETEENTH_BLIND_SET",
           "TWENTIETH_BLIND_SET", "TWENTY_FIRST_BLIND_SET", "TWENTY_SECOND_BLIND_SET", "TWENTY_THIRD_BLIND_SET",
           "TWENTY_FOURTH_BLIND_SET", "TWENTY_FIFTH_BLIND_SET", "TWENTY_SIXTH_BLIND_SET", "TWENTY_SEVENTH_BLIND_SET",
           "TWENTY_EIGHTH_BLIND_SET", "TWENTY_NINTH_BLIND_SET", "THIRTIETH_BLIND_SET", "THIRTY_FIRST_BLIND_SET",
           "THIRTY_SECOND_BLIND_SET", "THIRTY_THIRD_BLIND_SET", "THIRTY_FOURTH_BLIND_SET", "THIRTY_FIFTH_BLIND_SET",
           "THIRTY_SIXTH_BLIND_SET", "THIRTY_SEVENTH_BLIND_SET", "THIRTY_EIGHTH_BLIND_SET", "THIRTY_NINTH_BLIND_SET",
           "FORTIETH_BLIND_SET", "FORTY_FIRST_BLIND_SET", "FORTY_SECOND_BLIND_SET", "FORTY_THIRD_BLIND_SET",
           "FORTY_FOURTH_BLIND_SET", "FORTY_FIFTH_BLIND_SET", "FORTY_SIXTH_BLIND_SET", "FORTY_SEVENTH_BLIND_SET",
           "FORTY_EIGHTH_BLIND_SET", "FORTY_NINTH_BLIND_SET", "FIFTIETH_BLIND_SET", "draw_blind", "select",
           "versions"]

BLIND_SEED = 20261125


@dataclass(frozen=True)
class Sdk:
    """One SDK: its entry file is sdks/<slug>.js; waits are for its batching and flush timers."""

    slug: str
    package: str
    vendor: str
    kind: str
    collector: str
    blind: bool = False
    min_wait_s: float = 2.0  # wait at least this long after the page's call returns
    max_wait_s: float = 20.0


SDKS: tuple[Sdk, ...] = (
    Sdk("jitsu", "@jitsu/js", "Jitsu", "cdp (self-hosted)", "jitsu.shop.example"),
    Sdk("customerio", "@customerio/cdp-analytics-browser", "Customer.io", "cdp", "cdp.customer.io"),
    Sdk("hightouch", "@ht-sdks/events-sdk-js-browser", "Hightouch", "cdp", "us-east-1.hightouch-events.com"),
    Sdk("june", "@june-so/analytics-next", "June", "analytics", "api.june.so"),
    Sdk("aptabase", "@aptabase/web", "Aptabase", "analytics", "us.aptabase.com"),
    Sdk("openpanel", "@openpanel/web", "OpenPanel", "analytics", "api.openpanel.dev"),
    Sdk("keen", "keen-tracking", "Keen", "analytics", "api.keen.io"),
    Sdk("swetrix", "swetrix", "Swetrix", "analytics", "api.swetrix.com"),
    Sdk("growthbook", "@growthbook/growthbook", "GrowthBook", "feature flags", "cdn.growthbook.io / us-east-1.gb-ingest.com"),
    Sdk("statsig", "@statsig/js-client", "Statsig", "feature flags", "featureassets.org / prodregistryv2.org"),
    Sdk("launchdarkly", "launchdarkly-js-client-sdk", "LaunchDarkly", "feature flags",
        "app.launchdarkly.com / events.launchdarkly.com"),
    Sdk("optimizely", "@optimizely/optimizely-sdk", "Optimizely", "feature flags",
        "cdn.optimizely.com / logx.optimizely.com"),
    # analytics (flag evaluation counts) go out on a 10 s timer, never on page hide
    Sdk("flagsmith", "flagsmith", "Flagsmith", "feature flags", "edge.api.flagsmith.com", min_wait_s=11.5),
    Sdk("unleash", "unleash-proxy-client", "Unleash", "feature flags (self-hosted)", "unleash.shop.example"),
    Sdk("appinsights", "@microsoft/applicationinsights-web", "Microsoft", "rum / analytics",
        "westeurope-5.in.applicationinsights.azure.com (connection string)"),
    Sdk("faro", "@grafana/faro-web-sdk", "Grafana", "rum", "faro-collector-prod-us-central-0.grafana.net"),
    Sdk("otel", "@opentelemetry/exporter-trace-otlp-http", "OpenTelemetry", "tracing (self-hosted collector)",
        "otel.shop.example"),
    Sdk("honeybadger", "@honeybadger-io/js", "Honeybadger", "error tracking", "api.honeybadger.io"),
    Sdk("raygun", "raygun4js", "Raygun", "error tracking / rum", "api.raygun.io"),
    Sdk("trackjs", "trackjs", "TrackJS", "error tracking", "capture.trackjs.com / usage.trackjs.com"),
    Sdk("appsignal", "@appsignal/javascript", "AppSignal", "error tracking", "appsignal-endpoint.net"),
    Sdk("logtail", "@logtail/browser", "Better Stack", "logging", "in.logs.betterstack.com"),
    Sdk("splunk", "@splunk/otel-web", "Splunk", "rum", "rum-ingest.us0.signalfx.com"),
    Sdk("atatus", "atatus-spa", "Atatus", "rum / error tracking", "bm-rx.atatus.com"),
    Sdk("highlight", "highlight.run", "Highlight", "session replay / errors", "pub.highlight.io / otel.highlight.io"),
    Sdk("openreplay", "@openreplay/tracker", "OpenReplay", "session replay", "api.openreplay.com/ingest"),
    Sdk("alloy", "@adobe/alloy", "Adobe", "cdp / analytics (Experience Platform Edge)", "adobedc.demdex.net / edge.adobedc.net"),
    # OTLP in the protobuf encoding, the instrument for the protobuf codec
    Sdk("otlpproto", "@opentelemetry/exporter-trace-otlp-proto", "Honeycomb (OpenTelemetry)",
        "tracing (OTLP/HTTP protobuf)", "api.honeycomb.io"),
    # The second blind set (blind42.txt): spent, development SDKs since the third set was chosen.
    Sdk("airbrake", "@airbrake/browser", "Airbrake", "error tracking",
        "api.airbrake.io / notifier-configs.airbrake.io"),
    Sdk("exceptionless", "@exceptionless/browser", "Exceptionless", "error tracking / logging",
        "collector.exceptionless.io / config.exceptionless.io / heartbeat.exceptionless.io"),
    Sdk("axiom", "@axiomhq/js", "Axiom", "logging", "api.axiom.co"),
    Sdk("mezmo", "@logdna/browser", "Mezmo (LogDNA)", "logging", "logs.mezmo.com"),
    Sdk("coralogix", "@coralogix/browser", "Coralogix", "rum / logs", "ingress.eu2.rum-ingress-coralogix.com"),
    Sdk("pirsch", "pirsch-sdk", "Pirsch", "analytics", "api.pirsch.io"),
    Sdk("usermaven", "@usermaven/sdk-js", "Usermaven", "product analytics", "events.usermaven.com"),
    # The third blind set (blind46.txt): spent, development SDKs since the fourth set was chosen.
    Sdk("sumologic", "sumo-logger", "Sumo Logic", "logging", "endpoint4.collection.us2.sumologic.com"),
    Sdk("loggly", "loggly-jslogger", "Loggly (SolarWinds)", "logging", "logs-01.loggly.com"),
    Sdk("devcycle", "@devcycle/js-client-sdk", "DevCycle", "feature flags",
        "sdk-api.devcycle.com / events.devcycle.com"),
    # events and impressions go out on the SDK's push timers or on pagehide (the about:blank navigation)
    Sdk("split", "@splitsoftware/splitio-browserjs", "Split (Harness FME)", "feature flags",
        "sdk.split.io / events.split.io / telemetry.split.io"),
    Sdk("reflag", "@reflag/browser-sdk", "Reflag (Bucket)", "feature flags / adoption", "front.reflag.com"),
    Sdk("prefab", "@prefab-cloud/prefab-cloud-js", "Prefab (Reforge)", "feature flags / config",
        "belt.prefab.cloud / telemetry.prefab.cloud"),
    Sdk("bugsplat", "bugsplat", "BugSplat", "crash reporting", "<database>.bugsplat.com"),
    Sdk("harnessff", "@harnessio/ff-javascript-client-sdk", "Harness", "feature flags",
        "config.ff.harness.io / events.ff.harness.io"),
    # The fourth blind set (blind48.txt): spent, development SDKs since the fifth set was chosen.
    Sdk("backtrace", "@backtrace/browser", "Backtrace (Sauce Labs)", "error tracking",
        "submit.backtrace.io / events.backtrace.io"),
    Sdk("absmartly", "@absmartly/javascript-sdk", "A/B Smartly", "experiments / feature flags",
        "<customer>.absmartly.io"),
    Sdk("dash0", "@dash0/sdk-web", "Dash0", "rum (OTLP/HTTP JSON)", "ingress.eu-west-1.aws.dash0.com"),
    Sdk("seqlog", "seq-logging", "Datalust Seq", "logging (self-hosted)", "seq.shop.example"),
    Sdk("featbit", "@featbit/js-client-sdk", "FeatBit", "feature flags (self-hosted)", "featbit-eval.shop.example"),
    Sdk("flagship", "@flagship.io/js-sdk", "AB Tasty (Flagship)", "feature flags",
        "cdn.flagship.io / decision.flagship.io / events.flagship.io"),
    Sdk("seline", "@seline-analytics/web", "Seline", "analytics", "api.seline.com"),
    Sdk("outlit", "@outlit/browser", "Outlit", "product analytics (customer journey)", "app.outlit.ai"),
    Sdk("requestmetrics", "@request-metrics/browser-agent", "Request Metrics", "rum", "in.requestmetrics.com"),
    # The fifth blind set (blind50.txt): spent, development SDKs since the sixth set was chosen.
    Sdk("knock", "@knocklabs/client", "Knock", "customer messaging (in-app feeds)", "api.knock.app"),
    Sdk("stackdriver", "stackdriver-errors-js", "Google Cloud", "error tracking (Error Reporting)",
        "clouderrorreporting.googleapis.com"),
    Sdk("awsrum", "aws-rum-web", "Amazon (CloudWatch RUM)", "rum", "dataplane.rum.us-west-2.amazonaws.com"),
    Sdk("kameleoon", "@kameleoon/javascript-sdk", "Kameleoon", "experiments / feature flags",
        "sdk-config.kameleoon.eu / data.kameleoon.io"),
    Sdk("piano", "piano-analytics-js", "Piano (AT Internet)", "analytics", "<collect domain>.pa-cd.com"),
    Sdk("ahoy", "ahoy.js", "Ahoy", "visit and event tracking (self-hosted)", "ahoy.shop.example"),
    Sdk("mux", "mux-embed", "Mux", "video analytics (Mux Data)", "<env key>.litix.io"),
    # logs go out on the plugin's send interval (0.5 s here), one request at a time
    Sdk("loglevelremote", "loglevel-plugin-remote", "loglevel", "logging (self-hosted intake)", "logs.shop.example"),
    # The sixth blind set (blind52.txt): spent, development SDKs since the seventh set was chosen.
    Sdk("iterable", "@iterable/web-sdk", "Iterable", "customer messaging (cross-channel)", "api.iterable.com"),
    Sdk("suprsend", "@suprsend/web-sdk", "SuprSend", "customer messaging (notifications)", "hub.suprsend.com"),
    Sdk("ofrep", "@openfeature/ofrep-web-provider", "OpenFeature (OFREP)", "feature flags (self-hosted)",
        "flags.shop.example"),
    Sdk("elmahio", "elmah.io.javascript", "elmah.io", "error logging", "api.elmah.io"),
    # records go out on the server stream's throttle interval (0.5 s here), batched
    Sdk("bunyan", "@browser-bunyan/server-stream", "Bunyan (browser-bunyan)", "logging (self-hosted intake)",
        "logs-intake.shop.example"),
    Sdk("logsnag", "logsnag", "LogSnag", "event tracking / user insights", "api.logsnag.com"),
    Sdk("hackle", "@hackler/javascript-sdk", "Hackle", "experiments / product analytics",
        "sdk-api.hackle.io / event-api.hackle.io"),
    Sdk("leanplum", "leanplum-sdk", "Leanplum", "customer engagement", "api.leanplum.com"),
    # The seventh blind set (blind54.txt): spent, development SDKs since the eighth set was chosen.
    # evaluation and goal events go out on flush() (the page calls it) or the SDK's 10 s timer
    Sdk("bucketeer", "@bucketeer/js-client-sdk", "Bucketeer", "feature flags / experiments", "api.bucketeer.io"),
    Sdk("novu", "@novu/js", "Novu", "customer messaging (in-app inbox)", "api.novu.co"),
    # records go out in batches of two, or after the appender's 0.5 s batch timeout
    Sdk("jsnlog", "jsnlog", "JSNLog", "logging (self-hosted server-side logger)", "api.shop.example"),
    # the AjaxAppender's timer sends the queued events every 0.5 s, form-encoded
    Sdk("log4javascript", "log4javascript", "log4javascript", "logging (self-hosted intake)", "www.shop.example"),
    Sdk("r7insight", "r7insight_js", "Rapid7 (InsightOps)", "logging", "eu.js.logs.insight.rapid7.com"),
    Sdk("vwo", "vwo-fme-node-sdk", "VWO", "experiments / feature flags", "dev.visualwebsiteoptimizer.com"),
    Sdk("litlyx", "litlyx-js", "Litlyx", "analytics", "broker.litlyx.com"),
    # beacons go out on the tracker's 1 s timer and when the page is hidden (the about:blank navigation)
    Sdk("loglib", "@loglib/tracker", "Loglib", "analytics", "api.loglib.io"),
    # The eighth blind set (blind56.txt): spent, development SDKs since the ninth set was chosen.
    Sdk("ninetailed", "@ninetailed/experience.js", "Ninetailed", "personalization / A/B testing",
        "experience.ninetailed.co"),
    Sdk("croct", "@croct/plug", "Croct", "content personalization / A/B testing", "api.croct.io"),
    Sdk("flare", "@flareapp/js", "Flare (Spatie)", "error tracking", "ingress.flareapp.io"),
    # queued calls go out on the SDK's 3 s send timer
    Sdk("ours", "ours-web-sdk", "Ours Privacy", "cdp", "cdn.oursprivacy.com", min_wait_s=3.5),
    Sdk("moesif", "moesif-browser-js", "Moesif", "api / product analytics", "api.moesif.net"),
    Sdk("relewise", "@relewise/client", "Relewise", "e-commerce personalization / recommendations",
        "api.relewise.com"),
    Sdk("notificare", "notificare-web", "Notificare", "customer engagement (push, inbox)", "cloud.notifica.re"),
    Sdk("featurehub", "featurehub-javascript-client-sdk", "FeatureHub", "feature flags", "app.featurehub.io"),
    # The ninth blind set (blind58.txt): spent, development SDKs since the tenth set was chosen.
    Sdk("algolia", "search-insights", "Algolia", "search / product analytics (Insights events)", "insights.algolia.io"),
    Sdk("streamanalytics", "stream-analytics", "Stream (GetStream.io)", "engagement analytics (activity feeds)",
        "analytics.stream-io-api.com"),
    Sdk("ga4mp", "@analytics-debugger/ga4mp", "Google Analytics 4 (open-source ga4mp client)", "web analytics",
        "www.google-analytics.com"),
    # evaluations and goals go out in one batch on the SDK's 2 s timer
    Sdk("featureflow", "featureflow-client", "Featureflow", "feature flags / experiments",
        "app.featureflow.io / events.featureflow.io", min_wait_s=3.0),
    Sdk("molasses", "@molassesapp/molasses-js", "Molasses", "feature flags / A/B testing", "sdk.molasses.app"),
    # the HTTP transport's batch goes out on its timer (1 s here)
    Sdk("logflare", "@loglayer/transport-logflare", "Logflare (LogLayer)", "logging", "api.logflare.app"),
    # spans go out on the batch span processor's 5 s timer
    Sdk("uptrace", "@uptrace/web", "Uptrace", "error tracking / tracing (OpenTelemetry)", "otlp.uptrace.dev",
        min_wait_s=6.0),
    Sdk("engagespot", "@engagespot/core", "Engagespot", "notifications (in-app inbox)", "api.engagespot.co"),
    # The tenth blind set (blind60.txt): spent, development SDKs since the eleventh set was chosen.
    Sdk("dittofeed", "@dittofeed/sdk-web", "Dittofeed", "customer engagement (events for journeys and messages)",
        "dittofeed.com"),
    Sdk("branch", "branch-sdk", "Branch", "attribution / deep linking", "app.link / api2.branch.io"),
    Sdk("adjust", "@adjustcom/adjust-web-sdk", "Adjust", "attribution / event measurement", "app.adjust.com"),
    # OpenKit sends its beacon when the session ends (the page ends it, and shuts OpenKit down)
    Sdk("openkit", "@dynatrace/openkit-js", "Dynatrace (OpenKit)", "rum / crash reporting",
        "<environment>.bf.dynatrace.com"),
    Sdk("aegis", "aegis-web-sdk", "Tencent Cloud RUM (Aegis)", "rum / error tracking", "rumt-zh.com"),
    Sdk("sitecore", "@sitecore-cloudsdk/events", "Sitecore (Cloud SDK)", "cdp / personalization (behavioural events)",
        "edge-platform.sitecorecloud.io"),
    Sdk("dynatracelogs", "@loglayer/transport-dynatrace", "Dynatrace (LogLayer)", "logging (Log Monitoring API)",
        "<environment>.live.dynatrace.com"),
    # The eleventh blind set (blind62.txt): spent, development SDKs since the twelfth set was chosen.
    Sdk("treasuredata", "td-js-sdk", "Treasure Data", "cdp (streaming ingestion)", "us01.records.in.treasuredata.com"),
    # queued events go out on the plugin's 3 s flush timer
    Sdk("pinpoint", "@analytics/aws-pinpoint", "Amazon Pinpoint (via the analytics library)",
        "customer engagement / marketing analytics", "pinpoint.us-east-1.amazonaws.com", min_wait_s=3.5),
    Sdk("boomerang", "boomerangjs", "boomerang (Akamai, open source)", "rum (self-hosted beacon collector)",
        "rum.shop.example"),
    Sdk("recombee", "recombee-js-api-client", "Recombee", "recommendations / personalization (interactions)",
        "client-rapi-eu-west.recombee.com"),
    Sdk("telemetrydeck", "@telemetrydeck/sdk", "TelemetryDeck", "privacy-focused product analytics",
        "nom.telemetrydeck.com"),
    # logs, device keys and issues go out on the SDK's 15 s processing timer (or when the page unloads)
    Sdk("bugfender", "@bugfender/sdk", "Bugfender", "remote logging / crash and issue reporting", "api.bugfender.com",
        min_wait_s=16.0),
    Sdk("otellogs", "@opentelemetry/exporter-logs-otlp-http", "SigNoz (OpenTelemetry logs)", "logging (OTLP/HTTP JSON)",
        "ingest.us.signoz.cloud"),
    # The twelfth blind set (blind64.txt): spent, development SDKs since the thirteenth set was chosen.
    Sdk("courier", "@trycourier/courier-js", "Courier", "customer notifications (in-app inbox, tracked events)",
        "api.courier.com / inbox.courier.com"),
    Sdk("tracelog", "@tracelog/lib", "TraceLog", "web analytics / event tracking", "<project id>.<site domain>"),
    Sdk("formo", "@formo/analytics", "Formo", "product analytics (onchain apps)", "events.formo.so"),
    Sdk("hyperdx", "@hyperdx/browser", "HyperDX (ClickStack)", "rum / tracing / session replay (OpenTelemetry)",
        "in-otel.hyperdx.io"),
    Sdk("armsrum", "@arms/rum-browser", "Alibaba Cloud ARMS", "rum / error tracking",
        "<project>.<region>.log.aliyuncs.com"),
    # the HTTP transport's batch goes out on its timer (0.5 s here)
    Sdk("victorialogs", "@loglayer/transport-victoria-logs", "VictoriaLogs (LogLayer)", "logging (self-hosted log store)",
        "logs.victoria.shop.example"),
    # The thirteenth blind set (blind66.txt): spent, development SDKs since the fourteenth set was chosen.
    Sdk("contentstack", "@contentstack/personalize-edge-sdk", "Contentstack Personalize",
        "personalization / A/B testing (edge experiences, impressions, events)", "personalize-edge.contentstack.com"),
    Sdk("tell", "@tell-rs/browser", "Tell", "product analytics / structured logging", "collect.tell.app"),
    Sdk("mapp", "@webtrekk-smart-pixel/core", "Mapp Intelligence (Webtrekk Smart Pixel)", "web analytics",
        "<track domain>/<track id>/wt (q3.webtrekk.net)"),
    Sdk("voucherify", "@voucherify/sdk", "Voucherify", "promotions / loyalty (customers and custom events)",
        "api.voucherify.io"),
    Sdk("webtracing", "@web-tracing/core", "web-tracing (open source)",
        "rum / error tracking / session recording (self-hosted collector)", "monitor.shop.example"),
    # logs go out on the logger's flush interval (0.5 s here), or when the page calls flush()
    Sdk("beaver", "beaver-logger", "beaver-logger (PayPal krakenjs)", "logging (the shop's own log endpoint)",
        "shop.example/api/log"),
    Sdk("bitmovin", "bitmovin-analytics", "Bitmovin", "video analytics (Bitmovin Analytics)",
        "analytics-ingress-global.bitmovin.com"),
    Sdk("schematic", "@schematichq/schematic-js", "Schematic", "feature flags / entitlements / usage events",
        "api.schematichq.com / c.schematichq.com"),
    # The fourteenth blind set (blind68.txt): spent, development SDKs since the fifteenth set was chosen.
    Sdk("apxor", "apxor", "Apxor", "product analytics (user id, user properties, page views, events)",
        "server.apxor.com"),
    Sdk("percept", "@perceptinsight/percept-js", "Percept Insight", "product analytics (events, user profiles)",
        "app.perceptinsight.com"),
    Sdk("himetrica", "@himetrica/tracker-js", "Himetrica", "web analytics / user identification / error tracking",
        "app.himetrica.com"),
    # rrweb recording batches go out on the tracker's 3 s timer
    Sdk("humanbehavior", "humanbehavior-js", "HumanBehavior", "session replay / event tracking",
        "ingest.humanbehavior.co", min_wait_s=3.5),
    Sdk("splunkevents", "splunk-events", "Splunk HTTP Event Collector (VTEX's splunk-events)", "logging",
        "http-inputs-<stack>.splunkcloud.com"),
    Sdk("flagr", "jsflagr", "Flagr (openflagr)", "feature flags / A/B testing (self-hosted)", "flagr.shop.example"),
    Sdk("frontendmonitor", "@frontend-monitor/sdk", "frontend-monitor (open source)",
        "rum / error tracking / custom events (self-hosted monitoring API)", "fe-monitor.shop.example"),
    Sdk("ohbug", "@ohbug/browser", "Ohbug (open source)", "error tracking / behaviour monitoring (self-hosted)",
        "ohbug.shop.example"),
    # The fifteenth blind set (blind70.txt): spent, development SDKs since the sixteenth set was chosen.
    # events go out on the dispatch queue's 1 s timer
    Sdk("baselime", "@baselime/react-rum", "Baselime (Cloudflare)", "rum / errors / custom events (React)",
        "events.baselime.io"),
    Sdk("appbase", "@appbaseio/analytics", "appbase.io (ReactiveSearch)", "search analytics (searches, clicks, user)",
        "<cluster>.searchbase.io"),
    # tracked events go out on the SDK's throttled queue
    Sdk("builderio", "@builder.io/sdk", "Builder.io",
        "personalization / A/B testing (targeted content, impressions, events)", "cdn.builder.io"),
    Sdk("mito", "@mitojs/browser", "MITO (open source)", "error tracking / behaviour monitoring (self-hosted)",
        "monitor-api.shop.example"),
    Sdk("flagd", "@openfeature/flagd-web-provider", "flagd (OpenFeature, CNCF)", "feature flags (self-hosted)",
        "flagd.shop.example"),
    Sdk("honeycomb", "@honeycombio/opentelemetry-web", "Honeycomb", "rum / tracing (OpenTelemetry web distribution)",
        "api.eu1.honeycomb.io"),
    # The sixteenth blind set (blind72.txt): spent, development SDKs since the seventeenth set was chosen.
    # tracking events go out on the tracker's send queue, one request at a time
    Sdk("constructorio", "@constructor-io/constructorio-client-javascript", "Constructor.io",
        "e-commerce search / behavioural analytics (item views, conversions)", "ac.cnstrc.com"),
    Sdk("yext", "@yext/analytics", "Yext", "analytics (page views, custom events, visitor ids)", "us.yextevents.com"),
    Sdk("logdash", "@logdash/js-sdk", "Logdash", "logging / metrics", "api.logdash.io"),
    # flag usage and tracking events go out on the data collector's flush timer (1 s here)
    Sdk("goff", "@openfeature/go-feature-flag-web-provider", "GO Feature Flag (OpenFeature)",
        "feature flags (self-hosted relay proxy)", "goff.shop.example"),
    Sdk("singular", "singular-sdk", "Singular", "attribution / event measurement", "sdk-api-v1.singular.net"),
    Sdk("personalize", "@aws-sdk/client-personalize-events", "Amazon Personalize",
        "recommendations / personalization (user records, interaction events)",
        "personalize-events.us-east-1.amazonaws.com"),
    # The seventeenth blind set (blind74.txt): spent, development SDKs since the eighteenth set was chosen.
    # views, actions and replay segments go out in the SDK's batches, flushed when the page is hidden
    Sdk("openobserve", "@openobserve/browser-rum", "OpenObserve", "rum / session replay (views, actions, errors, user)",
        "api.openobserve.ai"),
    Sdk("polar", "@polar-analytics/pixel-sdk", "Polar Analytics", "e-commerce attribution (pixel touchpoints)",
        "pixel-api.polaranalytics.com"),
    Sdk("groupby", "gb-tracker-client", "GroupBy", "e-commerce search / behavioural beacons (views, carts)",
        "<customer id>.groupbycloud.com"),
    # events go out on the SDK's processing timer (1 s here), after its init call
    Sdk("gameanalytics", "gameanalytics", "GameAnalytics", "game / product analytics (design events, A/B testing)",
        "api.gameanalytics.com"),
    Sdk("clickstream", "@aws/clickstream-web", "Clickstream Analytics on AWS",
        "product analytics (self-hosted pipeline)", "clickstream.shop.example"),
    # log events go out on the logger's send timer (0.5 s here)
    Sdk("cloudwatchfront", "cloudwatch-front-logger", "AWS CloudWatch Logs (cloudwatch-front-logger)",
        "logging / browser errors", "logs.eu-west-1.amazonaws.com"),
    # recordings go out on the tracker's upload delay (1 s), the last one by sendBeacon when the page is hidden
    Sdk("clarity", "clarity-js", "Microsoft Clarity", "session replay / heatmaps (behavioural analytics)",
        "k.clarity.ms"),
    # The eighteenth blind set (blind76.txt): spent, development SDKs since the nineteenth set was chosen.
    # the page view goes out by itself once init has read the site's tracking configuration
    Sdk("rybbit", "@rybbit/js", "Rybbit", "web analytics (page views, custom events, identified users)",
        "app.rybbit.io"),
    # events go out as image beacons (GET, base64 of the event in the query)
    Sdk("sensors", "sa-sdk-javascript", "Sensors Data", "product analytics (events, user profiles, login ids)",
        "<tenant>.datasink.sensorsdata.cn"),
    # events are queued and go out compressed in the query on flushNow() (or the agent's own timer)
    Sdk("pendo", "@pendo/agent", "Pendo", "product analytics / in-app guides (visitor and account metadata)",
        "app.pendo.io"),
    Sdk("frigade", "@frigade/js", "Frigade", "product onboarding (user properties, flow state, tracked events)",
        "api.frigade.com"),
    # identify waits for the visitor's session (POST /sessions); events stream only while its WebSocket is open
    Sdk("gleap", "gleap", "Gleap", "customer support / feedback widget (contacts, events, bug reports)",
        "api.gleap.io"),
    Sdk("pubnub", "pubnub", "PubNub", "real-time chat / messaging (publish, App Context user metadata)",
        "ps<n>.pndsn.com"),
    # log records go out on the tracker's batch timer (1 s here)
    Sdk("slswebtrack", "@aliyun-sls/web-track-browser", "Alibaba Cloud Log Service (SLS Web Tracking)",
        "logging / behaviour events (anonymous web tracking to a Logstore)",
        "<project>.<region>.log.aliyuncs.com"),
    # The nineteenth blind set (blind78.txt): spent, development SDKs since the twentieth set was chosen.
    # events and profile properties are batched and posted on the SDK's report timer (1 s here)
    Sdk("datarangers", "@datarangers/sdk-javascript", "DataRangers (Volcengine)",
        "product analytics (events, user unique id, user profiles)", "mcs.volceapplog.com"),
    Sdk("radar", "radar-sdk-js", "Radar", "location / geofencing (user id, description, metadata; conversions)",
        "api.radar.io"),
    Sdk("squatch", "@saasquatch/squatch-js", "SaaSquatch", "referral / loyalty programs (user upsert, user events)",
        "app.referralsaasquatch.com"),
    # events and the identify call go out on the collector's upload timer (1 s here)
    Sdk("userlens", "userlens-analytics-sdk", "Userlens", "product analytics (events, clicks, user traits)",
        "events.userlens.io / raw.userlens.io"),
    Sdk("shake", "@shakebugs/browser", "Shake", "bug reporting / user feedback (app users and their metadata)",
        "api.shakebugs.com"),
    Sdk("emailjs", "@emailjs/browser", "EmailJS", "transactional e-mail from the browser (template parameters)",
        "api.emailjs.com"),
    Sdk("connectycube", "connectycube", "ConnectyCube", "in-app chat / video calling (user accounts, link previews)",
        "api.connectycube.com"),
    # The twentieth blind set (blind80.txt): spent, development SDKs since the twenty-first set was chosen.
    # identify and track calls are batched and posted on the client's flush timer (1 s here) and on flush()
    Sdk("klime", "@klime/browser", "Klime", "customer analytics (identified users, traits, groups, tracked events)",
        "i.klime.com"),
    # each toggle read posts the evaluation context (user id, e-mail, name, custom attributes)
    Sdk("hyphen", "@hyphen/browser-sdk", "Hyphen", "feature toggles (remote evaluation of a user context)",
        "<org>.toggle.hyphen.cloud"),
    Sdk("supabase", "@supabase/supabase-js", "Supabase", "backend as a service (auth sign-ups, table rows)",
        "<project>.supabase.co"),
    Sdk("descope", "@descope/web-js-sdk", "Descope", "customer identity / passwordless auth (sign-ups, sessions)",
        "api.descope.com"),
    Sdk("ably", "ably", "Ably", "realtime messaging (channel publishes with a client id, over REST)",
        "main.realtime.ably.net"),
    # every call is a POST whose text body carries the application id, the JavaScript key and the method
    Sdk("parse", "parse", "Parse Platform (Back4App)", "backend as a service (users, objects, queries)",
        "parseapi.back4app.com"),
    Sdk("flows", "@flows/js", "Flows", "product adoption / onboarding (user id and user properties)",
        "api.flows-cloud.com"),
    # The twenty-first blind set (blind82.txt): spent (seen through the proxy), development SDKs since the
    # twenty-second set was chosen.
    # the visitor's attributes and events go out once the environment's config has arrived (after the page's load)
    Sdk("sprig", "@sprig-technologies/sprig-browser", "Sprig", "in-product surveys / user research (user id, e-mail, "
        "visitor attributes, tracked events)", "api.sprig.com"),
    Sdk("shopify", "@shopify/storefront-api-client", "Shopify (Storefront API)",
        "headless commerce (GraphQL: customer sign-ups, carts with buyer identity)", "<shop>.myshopify.com"),
    Sdk("appwrite", "appwrite", "Appwrite (Appwrite Cloud)", "backend as a service (accounts, database documents)",
        "<region>.cloud.appwrite.io"),
    Sdk("memberstack", "@memberstack/dom", "Memberstack", "memberships / member auth (sign-ups with custom fields, "
        "data records)", "client.memberstack.com"),
    Sdk("directus", "@directus/sdk", "Directus (Directus Cloud)", "headless CMS (user registration, collection items)",
        "<project>.directus.app"),
    Sdk("mattermost", "@mattermost/client", "Mattermost (Mattermost Cloud)", "team chat (user accounts, posts)",
        "<workspace>.cloud.mattermost.com"),
    Sdk("botpress", "@botpress/chat", "Botpress", "AI chat agent (Chat API: users, conversations, messages)",
        "chat.botpress.cloud"),
    # The twenty-second blind set (blind84.txt): spent (scored once), development SDKs since the twenty-third set was
    # chosen.
    # attach() fingerprints the device and posts it with the account, e-mail, phone and metadata
    Sdk("rupt", "rupt", "Rupt", "account-sharing detection (devices attached to an account, with e-mail, phone, "
        "metadata)", "api.rupt.dev"),
    # beacons are image GETs whose query carries the page's timings and its custom data
    Sdk("lux", "@speedcurve/lux", "SpeedCurve (lux.js)", "rum (page timings, custom data)", "lux.speedcurve.com"),
    Sdk("auth0", "auth0-js", "Auth0", "customer identity (database sign-ups with name and user metadata)",
        "<tenant>.eu.auth0.com"),
    Sdk("swell", "swell-js", "Swell", "headless commerce (customer accounts, carts with billing and shipping)",
        "<store>.swell.store"),
    Sdk("ory", "@ory/client-fetch", "Ory Network", "customer identity (self-service registration with traits)",
        "<project>.projects.oryapis.com"),
    Sdk("leancloud", "leancloud-storage", "LeanCloud", "backend as a service (users, objects, queries)",
        "<app>.api.lncldglobal.com"),
    Sdk("userfront", "@userfront/core", "Userfront", "customer identity (password sign-ups with name, username, "
        "custom data)", "api.userfront.com"),
    # The twenty-third blind set (blind86.txt): spent (scored once), development SDKs since the twenty-fourth set was
    # chosen.
    # crash batches go out gzip-compressed on the uploader's timer (1 s after start, then every 15 s) and on unload
    Sdk("apptracer", "@apptracer/sdk", "Tracer (VK)", "error tracking / performance (user id, error keys, logs, "
        "samples)", "sdk-api.apptracer.ru"),
    # protobuf events, kept in IndexedDB and sent in batches on the scheduler's timer (1 s here) until acknowledged
    Sdk("gojekclickstream", "@gojek/clickstream-web", "Clickstream (Gojek)", "clickstream event ingestion (protobuf "
        "messages to a self-hosted Raccoon)", "raccoon.shop.example"),
    Sdk("gotcha", "gotcha-feedback", "Gotcha", "in-product feedback / NPS (ratings with user metadata and e-mail)",
        "gotcha.cx"),
    Sdk("typebot", "@typebot.io/js", "Typebot", "chatbot widget (chat sessions started with prefilled variables)",
        "typebot.io"),
    # start() registers the device with a PUT of its details and custom data (a WebSocket would wait for an agent)
    Sdk("cobrowse", "cobrowse-sdk-js", "Cobrowse.io", "co-browsing / customer support (devices with custom data)",
        "api.cobrowse.io"),
    Sdk("revenuecat", "@revenuecat/purchases-js", "RevenueCat", "web subscriptions (customers by app user id, "
        "reserved attributes)", "api.revenuecat.com / e.revenue.cat"),
    Sdk("web3forms", "@web3forms/react", "Web3Forms", "form backend (submissions mailed to the site owner)",
        "api.web3forms.com"),
    # The twenty-fourth blind set (blind88.txt): spent (scored once), development SDKs since the twenty-fifth set was
    # chosen.
    # events are batched and posted as one api.sunbird.telemetry message when the batch is full or at an END event
    Sdk("sunbird", "@project-sunbird/telemetry-sdk", "Sunbird (EkStep)", "learning-platform telemetry (Telemetry V3 "
        "events with the actor and edata)", "api.sunbird.org"),
    # page views and events go out by navigator.sendBeacon, one JSON payload each
    Sdk("hydro", "@github/hydro-analytics-client", "GitHub (Hydro)", "web analytics (page views and events with a "
        "string context)", "collector.github.com"),
    Sdk("feelback", "@feelback/js", "Feelback", "content feedback (reactions and message forms with metadata)",
        "api.feelback.dev"),
    Sdk("pocketbase", "pocketbase", "PocketBase", "backend as a service, self-hosted (auth users, record collections)",
        "pb.shop.example"),
    Sdk("commercelayer", "@commercelayer/sdk", "Commerce Layer", "headless commerce (JSON:API customers, addresses, "
        "SKUs)", "<organization>.commercelayer.io"),
    Sdk("airtable", "airtable", "Airtable", "spreadsheet database (records in a base's tables)", "api.airtable.com"),
    Sdk("frappe", "frappe-js-sdk", "Frappe (ERPNext / Frappe Cloud)", "ERP / CRM (documents such as leads over the "
        "REST API)", "<site>.frappe.cloud"),
    # The twenty-fifth blind set (blind90.txt): spent (scored once), development SDKs since the twenty-sixth set was
    # chosen.
    # metrics are kept in the browser's storage; a custom ping is sent at submit(), the events ping when it holds
    # maxEvents (1 here); each ping goes out gzipped by fetch
    Sdk("glean", "@mozilla/glean", "Mozilla (Glean)", "product telemetry (custom pings and events with string "
        "metrics)", "incoming.telemetry.mozilla.org"),
    # events are batched (200 ms) into one JSON POST; the user id, where the app passes one, goes as an x-pm-uid header
    Sdk("protontelemetry", "@protontech/telemetry", "Proton", "web analytics (page views and custom events)",
        "telemetry.proton.me"),
    Sdk("formbricks", "@formbricks/api", "Formbricks", "in-app surveys (displays, responses, contact attributes)",
        "app.formbricks.com"),
    Sdk("nhost", "@nhost/nhost-js", "Nhost", "backend as a service (auth sign-ups, Hasura GraphQL)",
        "<subdomain>.auth.<region>.nhost.run / <subdomain>.graphql.<region>.nhost.run"),
    Sdk("supertokens", "supertokens-web-js", "SuperTokens", "customer identity (email-password sign-ups with form "
        "fields, sessions)", "api.shop.example/auth"),
    # an anonymous-session token first (auth host), then the API with it
    Sdk("commercetools", "@commercetools/platform-sdk", "commercetools", "headless commerce (customer sign-ups with "
        "addresses, product search)", "auth.<region>.gcp.commercetools.com / api.<region>.gcp.commercetools.com"),
    # the password is RSA-encrypted in the page before the GraphQL call
    Sdk("authing", "authing-js-sdk", "Authing", "customer identity (sign-ups with a profile and custom data)",
        "<app>.authing.cn"),
    # The twenty-sixth blind set (blind92.txt): spent (scored once), development SDKs since the twenty-seventh set was
    # chosen.
    Sdk("datafast", "datafast", "DataFast", "web analytics (page views, custom events, identified users)", "datafa.st"),
    Sdk("coveo", "coveo.analytics", "Coveo", "search usage analytics (custom and view events with the user name and "
        "custom data)", "analytics.cloud.coveo.com"),
    Sdk("bugwatch", "@bugwatch/core", "Bugwatch", "error tracking (exceptions and messages with breadcrumbs and the "
        "user)", "api.bugwatch.dev"),
    Sdk("ketch", "@ketch-sdk/ketch-web-api", "Ketch", "consent management / privacy rights (consent keyed by "
        "identities, data-subject requests)", "global.ketchcdn.com"),
    # each call is a text/plain POST of {"request": {...}}; init stops unless the answer carries status_code 200
    Sdk("pushwoosh", "web-push-notifications", "Pushwoosh", "web push / customer engagement (the device's user, "
        "e-mail, SMS number, tags, events)", "api.pushwoosh.com"),
    Sdk("matrix", "matrix-js-sdk", "Matrix (matrix.org)", "chat (homeserver accounts: registration, display name, "
        "e-mail and phone 3PIDs)", "matrix.shop.example"),
    Sdk("spindl", "@spindl-xyz/attribution-lite", "Spindl", "web3 marketing attribution (page views, wallet connects, "
        "custom events with the app's user id)", "spindl.link"),
    # The twenty-seventh blind set (blind94.txt): spent (scored once), development SDKs since the twenty-eighth set was
    # chosen.
    # events are batched (200 ms) into one JSON POST to the Tianji server's /api/website/batch
    Sdk("tianji", "tianji-client-sdk", "Tianji (msgbyte)", "web analytics, self-hosted (page views, custom events, "
        "identified visitors)", "tianji.shop.example"),
    # the package's own tracker (dist/main.js, what the CDN serves) is bundled in; the page leave goes by sendBeacon
    Sdk("vemetric", "@vemetric/web", "Vemetric", "product / web analytics (page views, custom events, identified users "
        "with their data)", "hub.vemetric.com"),
    Sdk("fundebug", "fundebug-javascript", "Fundebug", "error monitoring (errors and notify() events with the user and "
        "metadata)", "web.fundebug.net"),
    # a handshake posts the end user's details first; the replay stream goes to the collector the answer names
    Sdk("zipy", "zipyai", "Zipy", "session replay / error monitoring (identified end users, DOM events, errors, "
        "custom events)", "services.zipy.ai / collector.zipy.ai"),
    Sdk("formspree", "@formspree/core", "Formspree", "form backend (submissions stored and mailed to the site owner)",
        "formspree.io"),
    # the context is posted on every change; the reporting posts the context values it saw every reportInterval
    Sdk("tggl", "tggl-client", "Tggl", "feature flags (remote evaluation of a user context, usage reporting)",
        "api.tggl.io"),
    Sdk("lunary", "lunary", "Lunary", "AI chat analytics (threads, user and assistant messages, logs, the identified "
        "user)", "api.lunary.ai"),
    # The twenty-eighth blind set (blind96.txt): spent (scored once), development SDKs since the twenty-ninth set was
    # chosen.
    # each event is base64 JSON in the query of a 1x1 image GET (sendBeacon when longer, or when the image fails)
    Sdk("onedollarstats", "onedollarstats", "OneDollarStats", "web analytics (page views, custom events with "
        "properties)", "collector.onedollarstats.com"),
    # page views and events are posted as JSON to the site's orbiter on the Internet Computer's HTTP gateway
    Sdk("juno", "@junobuild/analytics", "Juno", "web analytics on the Internet Computer (page views, custom events "
        "with metadata)", "<orbiter id>.icp0.io"),
    # every call carries the SDK's telemetry as base64 JSON in an X-SDK-Client header; its own events go to /events
    Sdk("stytch", "@stytch/vanilla-js", "Stytch", "customer identity (passwordless sign-in by e-mail magic link and SMS "
        "passcode)", "api.stytch.com"),
    # the user id is in the path and in the Basic credentials of every call
    Sdk("notificationapi", "@notificationapi/core", "NotificationAPI", "notification infrastructure (the user's "
        "e-mail and phone for its channels, in-app inbox)", "api.notificationapi.com"),
    # consents are posted to the hosted backend (/subjects); a signed-in visitor's subject is PATCHed with the user id
    Sdk("c15t", "c15t", "c15t (Inth)", "consent management (consent records, subjects linked to the site's user id)",
        "<instance>.c15t.dev"),
    # each event is a GET of /v3/__va.gif with the event's fields in the query
    Sdk("visenze", "visenze-tracking-javascript", "ViSenze", "visual search / recommendation analytics (product "
        "views, add to cart, the shop's user id)", "analytics.data.visenze.com"),
    # a session (the customer's e-mail) gives a bearer token; conversations and messages then go to the Helper host
    Sdk("helper", "@helperai/client", "Helper (Antiwork)", "AI customer support chat (sessions keyed by the "
        "customer's e-mail, conversations, messages)", "helper.shop.example"),
    # The twenty-ninth blind set (blind98.txt): spent (scored once), development SDKs since the thirtieth set was
    # chosen.
    # each track() is one JSON POST by XMLHttpRequest; the time spent on the last page goes by sendBeacon on unload
    Sdk("insights", "insights-js", "Insights (getinsights.io)", "web analytics (page views, custom events with "
        "string parameters)", "getinsights.io"),
    # a fork of Jitsu's classic tracker: every event carries the identified user's and account's ids and traits
    Sdk("hyperengage", "@hyperengage/sdk-js", "Hyperengage", "B2B product analytics (identified users and accounts "
        "with traits, custom events, page views)", "t.hyperengage.com"),
    # the user context is posted for remote evaluation and again with each batch of impressions and events
    Sdk("flagsync", "@flagsync/js-sdk", "FlagSync", "feature flags / A/B tests (remote evaluation of a user context "
        "with attributes, impressions, custom events)", "sdk.flagsync.com"),
    Sdk("formspark", "@formspark/use-formspark", "Formspark", "form backend (submissions stored and mailed to the "
        "site owner)", "submit-form.com"),
    # the whole prediction request (question, chat id, the flow's variables) is posted to the site's own Flowise server
    Sdk("flowise", "flowise-sdk", "Flowise", "AI chat flows (LLM predictions with the chat's session and the flow's "
        "variables)", "flowise.shop.example"),
    # events go as JSON text (keepalive) with a context holding the beacon's user, session and shopper ids
    Sdk("athos", "@athoscommerce/beacon", "Athos Commerce (Searchspring)", "e-commerce search / recommendation "
        "analytics (product views, cart, orders, the shopper's id)", "analytics.athoscommerce.net"),
    # the verification session (the person's given and last names, the site's reference of the user) is one XHR POST
    Sdk("veriff", "@veriff/js-sdk", "Veriff", "identity verification, KYC (verification sessions for a named "
        "person)", "api.veriff.me"),
    # The thirtieth blind set (blind100.txt): spent (scored once), development SDKs since the thirty-first set was
    # chosen.
    # a contact form posted as multipart FormData by fetch (or blocks as JSON), with the page's UTM ids when it has any
    Sdk("forminit", "forminit", "Forminit", "form backend (submissions stored and mailed to the site owner, sender "
        "blocks with the person's details)", "forminit.com"),
    # customers and browser sessions are created over REST; the rrweb events stream on a Phoenix channel while an
    # agent watches
    Sdk("storytime", "@papercups-io/storytime", "Papercups (Storytime)", "session replay / customer messaging "
        "(customers with their details and external id, browser sessions)", "app.papercups.io"),
    # events are batched (500 ms) into one JSON webrpc call with the project's JWT; the user id is hashed unless the
    # site tracks users by id
    Sdk("databeat", "@databeat/tracker", "Databeat (Sequence)", "product analytics (identified users, page views, "
        "custom events with string props)", "databeat.sequence.app"),
    # page views, the identified user and funnel events are JSON POSTs by fetch, each with the site's key in x-api-key
    Sdk("roaarrr", "roaarrr-browser", "roaarrr", "web analytics (page views, identified users with their details, "
        "funnel events)", "server-4g8o.onrender.com"),
    # the sign-up goes to the auth host; analytics events (page views, custom events with the signed-in user's id and
    # e-mail) are batched to the core host every 3 s
    Sdk("blink", "@blinkdotnew/sdk", "Blink", "app backend with web analytics (headless sign-up with the user's "
        "details, page views, custom events)", "blink.new / core.blink.new", min_wait_s=3.5),
    # each message is a multipart POST (the widget's params and the chat history as JSON) to the deployment's URL
    Sdk("dynamiq", "@dynamiq/assistant", "Dynamiq", "AI agent chat widget (messages with the user's id, name and the "
        "site's params)", "agents.shop.example"),
    # REST calls to the app's hosts in its region (users and auth tokens with the Auth Key, then messages with the
    # user's token); a WebSocket for real-time events and an analytics ping after login
    Sdk("cometchat", "@cometchat/chat-sdk-javascript", "CometChat", "in-app chat (users with their name and metadata, "
        "auth tokens, messages to the shop's support agent)", "<app id>.api-<region>.cometchat.io / "
        "<app id>.apiclient-<region>.cometchat.io"),
    # The thirty-first blind set (blind102.txt): spent (scored once), development SDKs since the thirty-second set was
    # chosen.
    # each call (the identified user with traits, AI events with the user's input and the answer, feedback signals) is
    # one JSON POST by fetch with the project's write key as a bearer token
    Sdk("raindrop", "@raindrop-ai/browser-sdk", "Raindrop", "AI-app analytics (identified users with traits, AI events "
        "with the user's input and the assistant's output, feedback signals)", "api.raindrop.ai"),
    # Stencil web components: the modal fetches the project's settings; a feedback (message, e-mail, rating, the site's
    # metadata string) is one JSON POST by fetch; the button loads Google Fonts' Inter
    Sdk("pushfeedback", "pushfeedback", "PushFeedback", "feedback widget (messages with the visitor's e-mail, ratings, "
        "the site's metadata)", "app.pushfeedback.com"),
    # a form's values (an object, or a FormData turned into one) are one JSON POST by fetch, no key
    Sdk("formium", "@formium/client", "Formium", "form backend (submissions stored, mailed and forwarded to "
        "workflows)", "api.formium.io"),
    # the chat is created over REST with the guest's member info (XHR by axios), then messages with the chat's JWT; the
    # event stream is a WebSocket
    Sdk("genesys", "purecloud-guest-chat-client", "Genesys Cloud (guest chat)", "contact-centre web chat (guest "
        "member info with custom fields, messages to a queue)", "api.mypurecloud.com"),
    # identify and track are JSON text POSTs by fetch with the site's write key; the contact's id is kept in a cookie
    Sdk("pipz", "pipz-tracker", "Pipz", "marketing automation (identified contacts with their details and company, "
        "custom events)", "app.pipz.io"),
    # page views, cart and checkout events are JSON POSTs by fetch to the store's own /spa/cad/, with the customer's
    # session JWT as a bearer token
    Sdk("storepecker", "@storepecker/storefront-analytics", "Storepecker", "e-commerce storefront analytics (page "
        "views, cart and checkout funnel, linked to the signed-in customer by the session JWT)",
        "shop.example (/spa/cad/)"),
    # a no-cors ping on load; each error (message, stack, the page's URL, the meta: the script tag's data-* and what the
    # site adds) is one JSON POST by fetch (keepalive)
    Sdk("bugbox", "bugbox", "BugBox", "error tracking (handled and uncaught errors, console errors, with the site's "
        "meta)", "io.bugbox.app"),
    # The thirty-second blind set (blind104.txt): spent (scored once), development SDKs since the thirty-third set was
    # chosen.
    # a form's definition is one GET and each submission one JSON POST ({ data }) by fetch to the project's host,
    # no key for a public form
    Sdk("formio", "@formio/core", "Form.io", "form platform (form definitions, submissions with the person's "
        "details)", "<project>.form.io"),
    # Chatwoot's public client API: the contact (identifier, name, e-mail, phone, custom attributes), a conversation
    # and each message are JSON requests by XHR (axios) with the inbox's public identifier in the path
    Sdk("chatwoot", "@figuro/chatwoot-sdk", "Chatwoot (Figuro's client)", "live chat / customer engagement (contacts "
        "with their details, conversations, messages)", "app.chatwoot.com"),
    # a page hit on load and each custom event are JSON POSTs by XHR to the Events API with the workspace's append
    # token in the query; the payload (a JSON string) has fields named like personal data masked by the script
    Sdk("tinybird", "@tinybirdco/flock.js", "Tinybird", "web analytics (page hits, custom events with the site's "
        "payload)", "api.tinybird.co"),
    # a debug session is opened (session and user attributes, the browser's details) and closed by fetch with the
    # API key in X-Api-Key; rrweb events go over a socket.io WebSocket, traces to the OTLP host
    Sdk("multiplayer", "@multiplayer-app/session-recorder-browser", "Multiplayer", "session recording / full-stack "
        "debugging (recorded sessions with the user's attributes)", "api.multiplayer.app / otlp.multiplayer.app"),
    # each config request is one JSON POST by XHR (axios) with the environment's key in x-api-key: the user id for A/B
    # bucketing and the segmentation params in the body
    Sdk("joystick", "@getjoystick/joystick-js", "Joystick", "remote config / A/B tests (configs for a user id with "
        "segmentation params)", "api.getjoystick.com"),
    # the conversation is started and each activity (from: the user's id and name, text, channel data) posted by XHR
    # with the conversation's token; bot replies arrive on a WebSocket
    Sdk("directline", "botframework-directlinejs", "Microsoft (Bot Framework Direct Line)", "chatbot channel "
        "(conversations with the user's id, name and channel data, messages to the bot)",
        "directline.botframework.com"),
    # Deep Chat's direct connection to a Dify chat app: each message is one JSON POST by fetch with the app's key as a
    # bearer token, the end user's id and the app's inputs
    Sdk("deepchat", "deep-chat", "Dify (via Deep Chat)", "AI chat component (messages to an LLM app with the end "
        "user's id and the app's inputs)", "api.dify.ai"),
    # The thirty-third blind set (blind106.txt): spent (scored once), development SDKs since the thirty-fourth set was
    # chosen.
    # a recording is opened by one JSON POST by fetch (site id, key, the page's URL, screen); rrweb's events (the DOM
    # snapshot with the page's text, mutations, inputs masked for passwords and e-mails) follow as JSON chunks every
    # 2 s, the rest by sendBeacon on pagehide
    Sdk("nevision", "@neroom/nevision", "NEROOM (Nevision)", "session replay (recorded pages with their text, "
        "clicks and inputs)", "api.nevision.app"),
    # flags are loaded by one GET and evaluated locally; identify and track queue events (the user id, the event's
    # data) sent as one JSON POST by fetch with the SDK key in X-API-Key on flush()
    Sdk("flagkit", "@teracrafts/flagkit", "FlagKit", "feature flags / experiment events (identified users, tracked "
        "events with the site's data)", "api.flagkit.dev"),
    # each page view, custom event and error is one JSON sendBeacon with the client key, the page's URL and context and
    # the dimensions the site adds
    Sdk("cronitor", "@cronitorio/cronitor-rum", "Cronitor", "real user monitoring (page views, custom events with "
        "dimensions, JavaScript errors)", "rum.cronitor.io"),
    # each message to the bot is one JSON POST by fetch with the conversation's session token as a bearer token
    Sdk("chatbotkit", "@chatbotkit/sdk", "ChatBotKit", "AI chatbot (the user's messages to a support bot)",
        "api.chatbotkit.com"),
    # the form is an iframe of embed.fillout.com whose URL carries the form's parameters (prefilled and hidden fields)
    Sdk("fillout", "@fillout/react", "Fillout", "embedded forms (URL parameters that prefill a form with the "
        "person's details)", "embed.fillout.com"),
    # a score (user feedback on an AI answer: value, comment, metadata) is one JSON ingestion batch POSTed by fetch
    # with the public key in Basic auth
    Sdk("langfuse", "langfuse", "Langfuse", "AI-app analytics (user feedback scores with comments and metadata)",
        "cloud.langfuse.com"),
    # The thirty-fourth blind set (blind108.txt): spent (scored once), development SDKs since the thirty-fifth set was
    # chosen.
    # each form submission is one JSON POST by XHR to the sheet's API URL (the sheet's name and the row's columns), each
    # read one GET (a search); no key for a public API id
    Sdk("sheetdb", "sheetdb-js", "SheetDB", "form backend / spreadsheet API (rows with the person's details into a "
        "Google Sheet)", "sheetdb.io"),
    # each piece of feedback is one JSON POST by fetch: the project id, the text, its type, the user's identifier and
    # the page's name
    Sdk("feedbackfarm", "@feedbackfarm/core", "Feedback.farm", "user feedback (bug reports and feature requests with "
        "the user's identifier)", "api.feedback.farm"),
    # the inbox's config, notifications and preferences by XHR (axios) with the project's key and the user's e-mail and
    # external id as headers
    Sdk("magicbell", "@magicbell/core", "MagicBell", "notification inbox / customer messaging (a user's inbox and "
        "preferences, keyed by e-mail and external id)", "api.magicbell.com"),
    # the booking page is an iframe of app.cal.com whose URL carries the embed's config (name, e-mail, notes, booking
    # answers) as query parameters
    Sdk("calcom", "@calcom/embed-core", "Cal.com", "scheduling embed (a booking page prefilled with the person's "
        "details)", "app.cal.com"),
    # the index's init, then each search a form POST by fetch with the search key; search telemetry and identify calls
    # are sendBeacon POSTs to the collector; each question to the answer engine a form POST (messages, visitor id,
    # identity, user context) answered with server-sent events
    Sdk("orama", "@oramacloud/client", "Orama", "AI site search and answers (searches, identified visitors, questions "
        "with the user's context)", "cloud.orama.run / collect.orama.com / answer.api.orama.com"),
    # each message is one JSON POST by fetch: the text, the experience and session ids, the user id and the site's
    # metadata
    Sdk("knowbl", "@knowbl_ai/nexus-chat", "Knowbl (Nexus)", "AI support chat widget (messages with the user's id and "
        "the site's metadata)", "nexus-api.knowbl.com"),
    # each question is one JSON POST by fetch (the messages, the project key, the thread's metadata) with a GET of the
    # assistant's event stream alongside; a vote is one JSON POST
    Sdk("markprompt", "@markprompt/core", "Markprompt", "AI support assistant (questions with the thread's metadata, "
        "votes on answers)", "api.markprompt.com"),
    # The thirty-fifth blind set (blind110.txt): spent (scored once), development SDKs since the thirty-sixth set was
    # chosen.
    # the inquiry is an iframe of inquiry.withpersona.com/widget whose query string carries the template, the site's
    # reference id for the user and the prefilled fields (name, e-mail, phone)
    Sdk("persona", "persona", "Persona", "identity verification (an inquiry prefilled with the person's details and "
        "the site's reference id)", "inquiry.withpersona.com"),
    # the booking page is an iframe of calendly.com whose URL carries the prefill (name, e-mail, answers) as query
    # parameters
    Sdk("calendly", "react-calendly", "Calendly", "scheduling embed (a booking page prefilled with the person's "
        "details)", "calendly.com"),
    # each search, topic, message and analytics event is one JSON request by fetch with the dataset in TR-Dataset and the
    # key as a bearer token; the user's id in user_id / owner_id, the site's metadata alongside
    Sdk("trieve", "trieve-ts-sdk", "Trieve", "AI search and RAG chat (searches, chat topics and messages, analytics "
        "events with the user's id and metadata)", "api.trieve.ai"),
    # a thread is one JSON POST by fetch (the site's metadata), a run one JSON POST (the messages, the configurable, the
    # metadata) with the key in x-api-key
    Sdk("langgraph", "@langchain/langgraph-sdk", "LangChain (LangGraph Platform)", "AI agent platform (threads with "
        "the user's metadata, runs with their messages)", "example-shop-support-3f9c2a.us.langgraph.app"),
    # each call is a fetch to api.chec.io/v1 with the public key in X-Authorization; a checkout capture is one JSON POST
    # of the order (customer, shipping), a sign-in link one JSON POST of the e-mail
    Sdk("commercejs", "@chec/commerce.js", "Chec (Commerce.js)", "headless commerce (checkouts with the customer's "
        "name, e-mail, phone and address; sign-in links)", "api.chec.io"),
    # the chat's completion is a streamed POST to api.inkeep.com; the conversation and the widget's events are JSON POSTs
    # to api.io.inkeep.com with the site's user properties (id, e-mail, name)
    Sdk("inkeep", "@inkeep/cxkit-js", "Inkeep", "AI docs and support assistant (questions, conversations and events "
        "with the user's properties)", "api.inkeep.com / api.io.inkeep.com"),
    # The thirty-sixth blind set (blind112.txt): spent (scored once), development SDKs since the thirty-seventh set was
    # chosen.
    # a checkout's set-up is one JSON POST by fetch to api.paystack.co/checkout/request_inline (the public key, the
    # customer's e-mail, first and last name and phone, the metadata as a JSON string); the checkout is an iframe of
    # checkout.paystack.com that gets only the access code (postMessage)
    Sdk("paystack", "@paystack/inline-js", "Paystack", "payment checkout (transactions set up with the customer's "
        "e-mail, name, phone and metadata)", "api.paystack.co / checkout.paystack.com"),
    # each call is one JSON request by fetch to the store's Medusa Cloud backend with the publishable key in
    # x-publishable-api-key and the registration token as a bearer token: the e-mail in the registration, the customer's
    # details in /store/customers, the shipping address in the cart
    Sdk("medusa", "@medusajs/js-sdk", "Medusa (Medusa Cloud)", "headless commerce (customers, carts with the "
        "customer's e-mail, name, phone and address)", "example-shop-7q2k.medusajs.app"),
    # each call is one JSON request by fetch to the site's Frontegg domain under /frontegg: the SAML pre-login with the
    # e-mail, the sign-up with the e-mail, name, phone number and the site's metadata as a JSON string
    Sdk("frontegg", "@frontegg/rest-api", "Frontegg", "user management / sign-up (new users with their e-mail, name, "
        "phone and metadata)", "app-x4gr8g28fxr5.frontegg.com"),
    # each mutation and query is one JSON POST by fetch to the deployment's /api/mutation or /api/query with the
    # function's path and its arguments whole
    Sdk("convex", "convex", "Convex", "backend functions (mutations and queries with the arguments the site passes)",
        "hushed-otter-482.convex.cloud"),
    # each call is one JSON POST by fetch to api.getzep.com/api/v2 with the project key as `Api-Key`: the user (id,
    # e-mail, names, metadata), the thread and its messages (the user's name, their text)
    Sdk("zep", "@getzep/zep-cloud", "Zep", "AI memory (users with their details, chat threads and messages)",
        "api.getzep.com"),
    # each call is one request by fetch to the project's Content API with the API token as a bearer token: a
    # collection's entries read by GET (filters in the query string), an entry created by a JSON POST ({ data })
    Sdk("strapi", "@strapi/client", "Strapi (Strapi Cloud)", "headless CMS (form entries with the person's details, "
        "content reads)", "example-shop-cms-4f7d2a.strapiapp.com"),
    # the app's info is one GET by XHR, each call then one JSON request under api.backendless.com/<app id>/<api key>:
    # the user registered with its properties (e-mail, name, phone, the site's columns), objects saved by PUT, finds by
    # POST
    Sdk("backendless", "backendless", "Backendless", "backend-as-a-service (users registered with their details, "
        "objects saved)", "api.backendless.com"),
    # The thirty-seventh blind set (blind114.txt): spent, development SDKs since the thirty-eighth set was chosen.
    # each chat completion is one JSON POST by fetch to api.groq.com/openai/v1/chat/completions with the key as a bearer
    # token: the messages whole, the end user's id in `user`
    Sdk("groq", "groq-sdk", "Groq", "LLM inference (chat completions with the site's messages and the end user's id)",
        "api.groq.com"),
    # each call is one JSON POST by fetch to api.letta.com/v1 with the key as a bearer token: the agent created with its
    # memory blocks, tags and metadata, then the messages sent to it
    Sdk("letta", "@letta-ai/letta-client", "Letta", "AI agents with memory (an agent per user with their details in "
        "its memory, their messages)", "api.letta.com"),
    # each chat completion is one JSON POST by fetch to router.huggingface.co/v1/chat/completions (the auto route) with
    # the token as a bearer token: the model and the messages whole
    Sdk("huggingface", "@huggingface/inference", "Hugging Face", "LLM inference (chat completions through the "
        "Inference Providers router)", "router.huggingface.co"),
    # each call is one request by XHR to the project's API with the token as a bearer token: a GROQ query's parameters
    # JSON-encoded in the query string, a created document in a JSON POST of mutations
    Sdk("sanity", "@sanity/client", "Sanity", "headless CMS (documents created with the person's details, GROQ "
        "queries)", "k7m2xq9p.api.sanity.io"),
    # each call is one request by XHR to api.contentful.com/spaces/<space>/environments/<env> with the token as a bearer
    # token: an entry created by a JSON POST (each field by locale), entries read by GET (the query in the query string)
    Sdk("contentful", "contentful-management", "Contentful", "headless CMS (entries created with the person's details "
        "through the Content Management API)", "api.contentful.com"),
    # each call is one JSON:API request by fetch to site-api.datocms.com with the token as a bearer token: a record
    # created by a POST to /items, records listed by GET (the filter in the query string)
    Sdk("datocms", "@datocms/cma-client-browser", "DatoCMS", "headless CMS (records created with the person's details "
        "through the Content Management API)", "site-api.datocms.com"),
    # The thirty-eighth blind set (blind116.txt): spent, development SDKs since the thirty-ninth set was chosen.
    # each chat completion is one JSON POST by fetch to api.cerebras.ai/v1/chat/completions with the key as a bearer
    # token: the messages whole, the end user's id in `user`
    Sdk("cerebras", "@cerebras/cerebras_cloud_sdk", "Cerebras", "LLM inference (chat completions with the site's "
        "messages and the end user's id)", "api.cerebras.ai"),
    # each chat completion is one JSON POST by fetch to api.together.ai/v1/chat/completions with the key as a bearer
    # token: the model and the messages whole
    Sdk("together", "together-ai", "Together AI", "LLM inference (chat completions with the site's messages)",
        "api.together.ai"),
    # each prediction is one JSON POST by fetch to api.replicate.com/v1/models/<owner>/<name>/predictions with the token
    # as a bearer token: the model's input whole
    Sdk("replicate", "replicate", "Replicate", "hosted model runs (predictions with the site's prompts)",
        "api.replicate.com"),
    # each call is one JSON request by fetch to the project's host with the key as a bearer token: documents added by a
    # POST to /indexes/<uid>/documents, searches by a POST to /indexes/<uid>/search
    Sdk("meilisearch", "meilisearch", "Meilisearch", "hosted search (documents indexed with the person's details, "
        "searches)", "ms-7c2f9a41e3b8-4821.fra.meilisearch.io"),
    # each call is one request by XHR (axios) to the cluster's node with the key in X-TYPESENSE-API-KEY: a document
    # created by a JSON POST, searches by GET (the parameters in the query string)
    Sdk("typesense", "typesense", "Typesense", "hosted search (documents indexed with the person's details, "
        "searches)", "q8x2m7kp4vz1w9-1.a1.typesense.net"),
    # the commands go by fetch to the database's REST URL with the token as a bearer token, automatically pipelined: a
    # JSON POST to /pipeline of the commands, each with its arguments as a JSON array
    Sdk("upstash", "@upstash/redis", "Upstash", "serverless Redis over HTTP (hashes and lists with the site's values)",
        "eu1-brave-otter-41823.upstash.io"),
    # The thirty-ninth blind set (blind118.txt): spent, development SDKs since the fortieth set was chosen.
    # each chat is one JSON POST by fetch to api.cohere.com/v2/chat with the key as a bearer token (Fern's X-Fern-*
    # headers): the model and the messages whole
    Sdk("cohere", "cohere-ai", "Cohere", "LLM inference (chats with the site's messages)", "api.cohere.com"),
    # each call is one JSON POST by fetch to api.resend.com with the key as a bearer token: a contact created at
    # /contacts (first_name, last_name, properties), an e-mail sent at /emails (the message whole)
    Sdk("resend", "resend", "Resend", "e-mail API (contacts added, transactional e-mail sent)", "api.resend.com"),
    # each call is one request by fetch to app.loops.so/api/v1 with the key as a bearer token: a contact created by a
    # JSON POST (its properties flattened beside the e-mail), an event sent by a JSON POST, the lists read by GET
    Sdk("loops", "loops", "Loops", "e-mail marketing / transactional (contacts and events)", "app.loops.so"),
    # each call is one JSON POST by fetch to api.notion.com/v1 with the token as a bearer token and Notion-Version: a
    # data source queried (the filter in the body), a page created (its properties and blocks whole)
    Sdk("notion", "@notionhq/client", "Notion", "workspace databases (pages created with the person's details, "
        "queries)", "api.notion.com"),
    # each statement is one JSON POST by fetch to the endpoint's HTTP host (/sql) with the connection string in
    # Neon-Connection-String: the statement and its parameters apart, a transaction's queries in one body
    Sdk("neon", "@neondatabase/serverless", "Neon", "serverless Postgres over HTTP (rows inserted with the person's "
        "details, queries)", "api.eastus2.azure.neon.tech"),
    # each statement is one JSON POST by fetch to /psdb.v1alpha1.Database/Execute with Basic auth: the statement with
    # its arguments formatted into it, and the session handed back
    Sdk("planetscale", "@planetscale/database", "PlanetScale", "serverless MySQL over HTTP (rows inserted with the "
        "person's details, queries)", "aws.connect.psdb.cloud"),
    # each call is one JSON:API request by fetch to api.lemonsqueezy.com/v1 with the key as a bearer token: a checkout
    # created by a POST (the buyer's prefilled details), customers and products listed by GET (filters in the query)
    Sdk("lemonsqueezy", "@lemonsqueezy/lemonsqueezy.js", "Lemon Squeezy", "merchant of record (checkouts prefilled "
        "with the buyer's details, customer look-ups)", "api.lemonsqueezy.com"),
    # The fortieth blind set (blind120.txt): spent, development SDKs since the forty-first set was chosen.
    # each chat completion is one JSON POST by fetch to openrouter.ai/api/v1/chat/completions with the key as a bearer
    # token and the site in HTTP-Referer / X-OpenRouter-Title: the messages whole, the end user's id in `user`
    Sdk("openrouter", "@openrouter/sdk", "OpenRouter", "LLM router (chat completions with the site's messages and the "
        "end user's id)", "openrouter.ai"),
    # each chat completion is one JSON POST by fetch to api.perplexity.ai/chat/completions with the key as a bearer
    # token (Stainless's x-stainless-* headers): the model and the messages whole
    Sdk("perplexity", "@perplexity-ai/perplexity_ai", "Perplexity", "search-grounded LLM (chat completions with the "
        "site's messages)", "api.perplexity.ai"),
    # each call is one JSON POST by fetch to api.supermemory.ai with the key as a bearer token: a memory added at
    # /v3/documents (its content, container tag and metadata whole), a profile read at /v4/profile, a search at
    # /v3/search
    Sdk("supermemory", "supermemory", "Supermemory", "AI memory API (memories stored with the person's details, "
        "profiles, searches)", "api.supermemory.ai"),
    # each call is one request by fetch to live.dodopayments.com with the key as a bearer token: a customer created by a
    # JSON POST to /customers, a checkout session by one to /checkouts, products read by GET
    Sdk("dodopayments", "dodopayments", "Dodo Payments", "merchant of record (customers and checkouts with the buyer's "
        "details)", "live.dodopayments.com"),
    # each statement is one JSON POST by fetch to the cluster's HTTP host (/v1beta/sql) with Basic auth: the statement
    # with its arguments formatted into it, and the session handed back
    Sdk("tidb", "@tidbcloud/serverless", "TiDB Cloud (PingCAP)", "serverless MySQL-compatible SQL over HTTP (rows "
        "inserted with the person's details, queries)", "http-gateway01.eu-central-1.prod.aws.tidbcloud.com"),
    # each call is one JSON POST by fetch to cloud.umami.is/api/send: an identify ({ type: "identify", payload: { data
    # } }) or an event (the page's URL, title and hostname, the event's name and data)
    Sdk("umami", "@umami/node", "Umami", "web analytics (identified sessions, events)", "cloud.umami.is"),
    # each call is one GraphQL POST by fetch to api.linear.app/graphql with the key in Authorization: an issue created
    # by the IssueCreate mutation (the input whole), issues searched by the SearchIssues query (the term as a variable)
    Sdk("linear", "@linear/sdk", "Linear", "issue tracking (issues filed with the person's details, searches)",
        "api.linear.app"),
    # The forty-first blind set (blind122.txt): spent, development SDKs since the forty-second set was chosen.
    # each call is one request by XHR (axios) to api.cosmicjs.com/v3/buckets/<slug>: an Object inserted by a JSON POST
    # of /objects with the write key as a bearer token (its title and metadata whole), Objects found by a GET of
    # /objects with the read key, the query as JSON and the props in the query string
    Sdk("cosmic", "@cosmicjs/sdk", "Cosmic", "headless CMS (Objects saved with the person's details, queries)",
        "api.cosmicjs.com"),
    # each call is one JSON request by fetch (ofetch) to the Store API (<shop>.shopware.store/store-api) with the sales
    # channel's key in sw-access-key and the context token handed back: a guest registered at /account/register (the
    # customer and billing address whole), a newsletter subscription, the context and a product search
    Sdk("shopware", "@shopware/api-client", "Shopware", "headless commerce (Store API: customers registered, "
        "newsletter, catalogue)", "examplesshop.shopware.store"),
    # each call is one JSON request by fetch to the cluster (<cluster>.<region>.aws.cloud.qdrant.io:6333) with the key
    # in api-key, after a GET of / for the server's version: points upserted by a PUT of /collections/<name>/points
    # (ids, vectors and payloads whole), a scroll and a query by POSTs
    Sdk("qdrant", "@qdrant/js-client-rest", "Qdrant", "vector database (points stored with the person's details as "
        "payload, filtered scrolls, searches)",
        "7c1e4f2a-93b8-4d5e-a6f0-2b8d9c3e1f47.eu-central-1-0.aws.cloud.qdrant.io"),
    # each call is one request by fetch to useast.api.elasticpath.com after an implicit token (a form POST of
    # /oauth/access_token): a cart item added and a checkout by JSON POSTs under /v2/carts/<cart> (the customer and the
    # addresses whole), the catalogue's products and the cart's items read by GET
    Sdk("elasticpath", "@moltin/sdk", "Elastic Path", "headless commerce (carts checked out with the buyer's details, "
        "catalogue)", "useast.api.elasticpath.com"),
    # each chat is one JSON POST by fetch to api.writer.com/v1/chat with the key as a bearer token (Stainless's
    # x-stainless-* headers): the model and the messages whole
    Sdk("writer", "writer-sdk", "Writer", "enterprise LLM (chats with the site's messages)", "api.writer.com"),
    # each call is one JSON POST by fetch to dust.tt/api/v1/w/<workspace> with the key as a bearer token: a
    # conversation created at /assistant/conversations (the message whole, its context the user's name and e-mail),
    # a message added at /assistant/conversations/<id>/messages
    Sdk("dust", "@dust-tt/client", "Dust", "AI agents (conversations with the user's message and context)", "dust.tt"),
    # The forty-second blind set (blind124.txt): spent, development SDKs since the forty-third set was chosen.
    # each chat is one JSON POST by fetch to ollama.com/api/chat (the cloud API) with the key as a bearer token: the
    # model and the messages whole, not streamed
    Sdk("ollama", "ollama", "Ollama", "open models, cloud API (chats with the site's messages)", "ollama.com"),
    # each statement is one JSON POST by fetch to the database's HTTPS host (/v2/pipeline, the Hrana protocol) with the
    # token as a bearer token: the statement and its positional arguments apart, then the stream closed
    Sdk("turso", "@libsql/client", "Turso", "serverless SQLite over HTTP (rows inserted with the person's details, "
        "queries)", "examplesshop-exampleshop.aws-us-east-1.turso.io"),
    # each call is one JSON POST by fetch to the index's host with the key in Api-Key: records upserted at
    # /vectors/upsert (ids, values and metadata whole), a filtered query at /query
    Sdk("pinecone", "@pinecone-database/pinecone", "Pinecone", "vector database (records stored with the person's "
        "details as metadata, filtered queries)", "support-search-7c1e4f2.svc.aped-4627-b74a.pinecone.io"),
    # each call is one request by fetch to api.webflow.com/v2 with the token as a bearer token (Fern's X-Fern-*
    # headers): a CMS item created by a JSON POST of /collections/<id>/items/live (the fields whole), items listed by
    # GET with the filters in the query string
    Sdk("webflow", "webflow-api", "Webflow", "website builder CMS (items saved with the person's details, listings)",
        "api.webflow.com"),
    # each Management API call is one JSON request by fetch to api.storyblok.com/v1 with the token in Authorization (a
    # story created by a POST of /spaces/<id>/stories, its content whole); Content Delivery reads are GETs of
    # api.storyblok.com/v2/cdn/stories with the token and the filters in the query string
    Sdk("storyblok", "storyblok-js-client", "Storyblok", "headless CMS (stories saved with the person's details, "
        "queries)", "api.storyblok.com"),
    # each run is one JSON POST by fetch to fal.run/<app> with the key as `Authorization: Key ...`: the input whole
    # (here the any-llm app: the model, the system prompt and the prompt)
    Sdk("fal", "@fal-ai/client", "fal", "generative model endpoints (an LLM app run with the site's prompts)",
        "fal.run"),
    # each chat completion is one JSON POST by fetch to api.ai21.com/studio/v1/chat/completions with the key as a
    # bearer token: the model and the messages whole
    Sdk("ai21", "ai21", "AI21 Labs", "LLM (Jamba chat completions with the site's messages)", "api.ai21.com"),
    # The forty-third blind set (blind126.txt): spent, development SDKs since the forty-fourth set was chosen.
    # each call is one request by fetch to api.intercom.io with the token as a bearer token and the API version in
    # Intercom-Version (Fern's X-Fern-* headers): a contact created by a JSON POST of /contacts (the fields whole), an
    # event by a JSON POST of /events, a conversation by a JSON POST of /conversations, articles searched by a GET of
    # /articles/search with the phrase in the query string
    Sdk("intercom", "intercom-client", "Intercom", "customer messaging (contacts, events and conversations with the "
        "person's details, help center searches)", "api.intercom.io"),
    # each call is one request by XHR (axios) to api.mailgun.net with the key in Basic auth: an address validated by a
    # GET of /v4/address/validate, a list member added and a message sent by multipart POSTs of /v3/lists/<list>/members
    # and /v3/<domain>/messages, a list read by a GET
    Sdk("mailgun", "mailgun.js", "Mailgun (Sinch)", "e-mail (validation, mailing list members and messages with the "
        "person's details)", "api.mailgun.net"),
    # each call is one request by fetch to gitlab.com/api/v4 with the token in PRIVATE-TOKEN: an issue created by a
    # JSON POST of /projects/<id>/issues (the title and description whole), issues listed by GETs with the search and
    # labels in the query string
    Sdk("gitlab", "@gitbeaker/rest", "GitLab", "issue tracking (issues filed with the person's details, searches)",
        "gitlab.com"),
    # each call is one request by XHR (axios) to manage.kontent.ai/v2/projects/<environment> with the key as a bearer
    # token: a content item created by a JSON POST of /items, its language variant by a JSON PUT of
    # /items/<id>/variants/codename/<lang> (each element's value whole), items read by GETs
    Sdk("kontent", "@kontent-ai/management-sdk", "Kontent.ai", "headless CMS (content items saved with the person's "
        "details, reads)", "manage.kontent.ai"),
    # each call is one JSON POST by fetch to api.deepgram.com with the key as `Authorization: Token ...` (Fern's
    # X-Fern-* headers): a text analysed at /v1/read (the text whole, the options in the query string), speech made at
    # /v1/speak (the text whole, answered with audio)
    Sdk("deepgram", "@deepgram/sdk", "Deepgram", "speech and text intelligence (messages analysed and spoken)",
        "api.deepgram.com"),
    # each call is one request by fetch to api.trychroma.com/api/v2 with the key in x-chroma-token: a collection got or
    # created by a JSON POST, pre-flight checks by a GET, records added at /collections/<id>/add (ids, documents,
    # embeddings and metadata whole) and a filtered query at /collections/<id>/query by JSON POSTs
    Sdk("chroma", "chromadb", "Chroma", "vector database (records stored with the person's details as metadata, "
        "filtered queries)", "api.trychroma.com"),
    # each call is one request by fetch to the deployment (<name>.fusionauth.io) with the key in Authorization: users
    # searched by a JSON POST of /api/user/search, a user registered by a JSON POST of /api/user/registration (the user
    # whole), the OpenID configuration and the password rules read by anonymous GETs
    Sdk("fusionauth", "@fusionauth/typescript-client", "FusionAuth", "customer identity (users registered with the "
        "person's details, searches)", "exampleshop.fusionauth.io"),
    # The forty-fourth blind set (blind128.txt): spent, development SDKs since the forty-fifth set was chosen.
    # each call is one request by fetch to api.stripe.com/v1 with the key as a bearer token (the library's browser
    # build; Stripe-Version and X-Stripe-Client-User-Agent headers): a customer created by a form-encoded POST of
    # /customers (the fields and metadata whole), customers searched by a GET of /customers/search with the query in the
    # query string, a setup intent by a form POST of /setup_intents, products and prices listed by GETs
    Sdk("stripe", "stripe", "Stripe", "payments (customers with the person's details, searches, setup intents)",
        "api.stripe.com"),
    # each call is one request by fetch to the store's backend (<baseUrl>/api/v3/store) with the publishable key in
    # x-spree-api-key: a customer registered by a JSON POST of /customers, a newsletter subscription by a JSON POST of
    # /newsletter_subscribers, a cart created by a JSON POST of /carts and given the e-mail and shipping address by a
    # JSON PATCH of /carts/<id>, categories and products listed by GETs
    Sdk("spree", "@spree/sdk", "Spree Commerce", "headless commerce (customers registered, carts with the person's "
        "address)", "exampleshop-spree.onrender.com"),
    # each call is one request by fetch (axios) to api.pipedrive.com with the API token in x-api-token: a person added
    # by a JSON POST of /api/v2/persons (name, e-mails, phones, custom fields whole), a note by a JSON POST of /v1/notes,
    # persons searched by a GET of /api/v2/persons/search with the term in the query string, products listed and
    # searched by GETs
    Sdk("pipedrive", "pipedrive", "Pipedrive", "sales CRM (persons and notes with the person's details, searches)",
        "api.pipedrive.com"),
    # each call is one request by fetch to api.brevo.com/v3 with the key in api-key (Fern's X-Fern-* headers): a contact
    # created by a JSON POST of /contacts (its attributes whole), an event by a JSON POST of /events, a transactional
    # e-mail by a JSON POST of /smtp/email, contact lists and segments read by GETs
    Sdk("brevo", "@getbrevo/brevo", "Brevo", "marketing e-mail (contacts, events and transactional e-mails with the "
        "person's details)", "api.brevo.com"),
    # each call is one request by fetch to api.telnyx.com/v2 with the key as a bearer token (a Stainless client:
    # x-stainless-* headers): a number looked up by a GET of /number_lookup/<number>, a text sent by a JSON POST of
    # /messages (the text whole), the balance and messaging profiles read by GETs
    Sdk("telnyx", "telnyx", "Telnyx", "programmable messaging (number lookups and texts with the person's details)",
        "api.telnyx.com"),
    # each call is one JSON POST by fetch to api.voyageai.com/v1 with the key as a bearer token (Fern's X-Fern-*
    # headers): texts embedded at /embeddings (the texts whole), documents ranked against a query at /rerank
    Sdk("voyage", "voyageai", "Voyage AI (MongoDB)", "embeddings and reranking (support messages embedded and ranked)",
        "api.voyageai.com"),
    # each call is one request by fetch to the hosted Keycloak (<cluster>.cloud-iam.com/auth): a client-credentials
    # token by a form POST of /realms/<realm>/protocol/openid-connect/token, then admin calls under
    # /admin/realms/<realm>/ with the token as a bearer token: a user created by a JSON POST of /users (the attributes
    # whole), users found by a GET of /users with the e-mail in the query string, groups and roles read by GETs
    Sdk("keycloak", "@keycloak/keycloak-admin-client", "Keycloak (Cloud-IAM)", "identity and access management "
        "(users registered with the person's details, searches)", "lemur-11.cloud-iam.com"),
    # The forty-fifth blind set (blind130.txt): spent, development SDKs since the forty-sixth set was chosen.
    # each call is one request by fetch to <site>.chargebee.com/api/v2 with the key in Basic auth (the library's
    # fetch build for browsers and workers): a customer created by a form-encoded POST of /customers (the fields whole,
    # the metadata as JSON), a comment by a form POST of /comments (the notes whole), customers listed by a GET of
    # /customers with the e-mail filter in the query string, items and item prices listed by GETs
    Sdk("chargebee", "chargebee", "Chargebee", "subscription billing (customers and comments with the person's "
        "details, searches)", "exampleshop-test.chargebee.com"),
    # each call is one request by fetch to connect.squareup.com/v2 with the token as a bearer token (Square-Version and
    # Fern's X-Fern-* headers): a customer created by a JSON POST of /customers (the fields and address whole),
    # customers searched by a JSON POST of /customers/search (the e-mail in the filter), the catalog searched by a JSON
    # POST of /catalog/search-catalog-items, locations listed by a GET
    Sdk("square", "square", "Square (Block)", "payments and point of sale (customers with the person's details, "
        "searches)", "connect.squareup.com"),
    # each call is one request by fetch to api.withorb.com/v1 with the key as a bearer token (a Stainless client:
    # x-stainless-* headers, an Idempotency-Key on each POST): a customer created by a JSON POST of /customers (the
    # fields and metadata whole), usage events by a JSON POST of /ingest (their properties whole), a customer read by a
    # GET of /customers/external_customer_id/<id>, plans and items listed by GETs
    Sdk("orb", "orb-billing", "Orb", "usage-based billing (customers and usage events with the person's details)",
        "api.withorb.com"),
    # each call is one request by fetch to api.goshippo.com with the token in Authorization (a Speakeasy client,
    # SHIPPO-API-VERSION header): an address created by a JSON POST of /addresses (the address whole), an order by a
    # JSON POST of /orders (the address and line items whole), carrier accounts and parcel templates listed by GETs
    Sdk("shippo", "shippo", "Shippo", "shipping (addresses and orders with the person's details)", "api.goshippo.com"),
    # each call is one request by fetch (axios's fetch adapter) to a.klaviyo.com with the key as `Authorization:
    # Klaviyo-API-Key ...` and a revision header: a profile created or updated by a JSON:API POST of /api/profile-import
    # (the attributes whole), an event by a JSON:API POST of /api/events (its properties and the profile's identifiers
    # whole), profiles filtered by a GET of /api/profiles with the filter in the query string, lists and segments read
    # by GETs
    Sdk("klaviyo", "klaviyo-api", "Klaviyo", "marketing automation (profiles and events with the person's details, "
        "searches)", "a.klaviyo.com"),
    # each call is one request by fetch to api.clerk.com/v1 with the secret key as a bearer token (Clerk-API-Version
    # header): a user created by a JSON POST of /users (the fields whole, keys in snake case), users listed and counted
    # by GETs of /users and /users/count with the e-mail in the query string, organizations listed by a GET
    Sdk("clerk", "@clerk/backend", "Clerk", "user management (users registered with the person's details, searches)",
        "api.clerk.com"),
    # each call is one request by fetch to api.workos.com with the key as a bearer token: a user created by a JSON POST
    # of /user_management/users (the fields and metadata whole), users listed by a GET of /user_management/users with
    # the e-mail in the query string, organizations listed by a GET of /organizations
    Sdk("workos", "@workos-inc/node", "WorkOS", "user management and enterprise identity (users registered with the "
        "person's details, searches)", "api.workos.com"),
    # The forty-sixth blind set (blind132.txt): spent, development SDKs since the forty-seventh set was chosen.
    # each call is one request by fetch with the key in Authorization (the package's browser build; the SDK's agent
    # string in AssemblyAI-Agent): a transcription queued by a JSON POST of api.assemblyai.com/v2/transcript (its key
    # terms and audio URL whole), a chat completion by a JSON POST of llm-gateway.assemblyai.com/v1/chat/completions
    # (the messages whole), transcripts and the gateway's models listed by GETs
    Sdk("assemblyai", "assemblyai", "AssemblyAI", "speech-to-text and LLM gateway (transcriptions and a summarised "
        "message with the person's details)", "api.assemblyai.com / llm-gateway.assemblyai.com"),
    # each call is one request by fetch to api.getlago.com/api/v1 with the key as a bearer token (a generated client):
    # a customer created by a JSON POST of /customers (the customer whole), a usage event by a JSON POST of /events (its
    # properties whole), the customer read by a GET of /customers/<external id>, plans and billable metrics by GETs
    Sdk("lago", "lago-javascript-client", "Lago", "usage-based billing (customers and usage events with the person's "
        "details)", "api.getlago.com"),
    # each call is one request by fetch to api.dub.co with the key as a bearer token (a Speakeasy client): a lead
    # tracked by a JSON POST of /track/lead (the customer's fields and metadata whole), customers listed by a GET of
    # /customers with the e-mail in the query string, link tags and folders listed by GETs
    Sdk("dub", "dub", "Dub", "conversion attribution (leads with the person's details, searches)", "api.dub.co"),
    # each call is one GraphQL POST by fetch to core-api.uk.plain.com/graphql/v1 with the key as a bearer token
    # (Plain-SDK headers): a customer upserted by the upsertCustomer mutation (the details whole), a support thread by
    # the createThread mutation (the message whole), the workspace and label types read by queries
    Sdk("plain", "@team-plain/typescript-sdk", "Plain", "customer support (customers and threads with the person's "
        "details)", "core-api.uk.plain.com"),
    # each call is one request by fetch to api.postmarkapp.com with the server token in X-Postmark-Server-Token: an
    # e-mail sent by a JSON POST of /email (the message and metadata whole), outbound messages searched by a GET of
    # /messages/outbound with the recipient in the query string, the server and its message streams read by GETs
    Sdk("postmark", "postmark", "Postmark (ActiveCampaign)", "transactional e-mail (messages to the person, searches)",
        "api.postmarkapp.com"),
    # each command is one JSON POST by fetch to the database's Data API endpoint
    # (<id>-<region>.apps.astra.datastax.com/api/json/v1/<keyspace>[/<collection>]) with the token in `Token`: a
    # document inserted by insertOne (the document whole), one found by findOne (the filter in the body), the
    # collections listed by findCollections, products found by find
    Sdk("astradb", "@datastax/astra-db-ts", "DataStax (IBM)", "document database (a customer record with the person's "
        "details, a lookup)", "8f3e2a71-4c9d-4b6e-a1f5-2d7c9e0b3a64-us-east-2.apps.astra.datastax.com"),
    # each call is one request by fetch to api.paddle.com with the key as a bearer token and a random X-Transaction-ID
    # (the package's edge build): a customer created by a JSON POST of /customers (keys in snake case, the custom data
    # whole), customers listed by a GET of /customers with the e-mail in the query string, products and prices by GETs
    Sdk("paddle", "@paddle/paddle-node-sdk", "Paddle", "merchant-of-record payments (customers with the person's "
        "details, searches)", "api.paddle.com"),
    # The forty-seventh blind set (blind134.txt): spent, development SDKs since the forty-eighth set was chosen.
    # each call is one request by fetch to the service's HTTPS interface (<service>.<region>.aws.clickhouse.cloud:8443)
    # with the credentials in Basic auth: rows inserted by a POST with the INSERT statement in the query string and the
    # rows as newline-delimited JSON in the body (the rows whole), queries by POSTs with the statement in the body and
    # their parameters in the query string (`param_<name>`)
    Sdk("clickhouse", "@clickhouse/client-web", "ClickHouse", "analytics database (event rows with the person's "
        "details, a lookup)", "kx7m2q9v4t.us-east-1.aws.clickhouse.cloud"),
    # each call is one GraphQL POST by fetch to api.monday.com/v2 with the token in Authorization (API-Version header):
    # an item created by the create_item mutation (its name and column values whole), an update by create_update (the
    # message whole), the board's groups, name and item count read by queries
    Sdk("monday", "@mondaydotcomorg/api", "monday.com", "work management (a board item and update with the person's "
        "details)", "api.monday.com"),
    # an alert is one JSON POST by fetch to events.pagerduty.com/v2/enqueue (the event whole: summary, custom details,
    # dedup key); REST calls are GETs of api.pagerduty.com with the token in Authorization and the data in the query
    # string: incidents by their key, services and priorities
    Sdk("pagerduty", "@pagerduty/pdjs", "PagerDuty", "incident management (an alert with the person's details, a "
        "lookup)", "events.pagerduty.com / api.pagerduty.com"),
    # each call is one JSON POST by fetch to api.useplunk.com/v1 with the key as a bearer token: an event tracked by
    # /track (the contact's e-mail and data whole), an e-mail sent by /send (the message whole)
    Sdk("plunk", "@plunk/node", "Plunk", "event-driven e-mail (an event and an e-mail with the person's details)",
        "api.useplunk.com"),
    # each call is one request by fetch to api.us.svix.com/api/v1 (the token's region) with the token as a bearer token
    # and an idempotency key on each POST: the application got or created by a JSON POST of /app?get_if_exists=true, a
    # message by a JSON POST of /app/<app>/msg (the payload whole), event types and endpoints listed by GETs
    Sdk("svix", "svix", "Svix", "webhook delivery (a message with the person's details to a partner)",
        "api.us.svix.com"),
    # each call is one request by fetch to api.polar.sh/v1 with the token as a bearer token (Polar-Version header): a
    # customer created by a JSON POST of /customers/ (the fields, metadata and address whole), usage events by a JSON
    # POST of /events/ingest (their metadata whole), products and meters listed by GETs
    Sdk("polarsh", "@polar-sh/sdk", "Polar (polar.sh)", "billing and merchant of record (customers and usage events "
        "with the person's details)", "api.polar.sh"),
    # each call is one request by fetch to app.moderntreasury.com/api with the organization and key in Basic auth (a
    # Stainless client: x-stainless-* headers, an Idempotency-Key on each POST): a counterparty created by a JSON POST
    # of /counterparties (its account and contact details whole), counterparties listed by a GET with the e-mail in the
    # query string, internal accounts and ledgers listed by GETs
    Sdk("moderntreasury", "modern-treasury", "Modern Treasury", "payment operations (a counterparty with the person's "
        "details and bank account, a search)", "app.moderntreasury.com"),
    # The forty-eighth blind set (blind136.txt): spent, development SDKs since the forty-ninth set was chosen.
    # each call is one request by fetch to api.retellai.com with the key as a bearer token (a Stainless client:
    # x-stainless-* headers): a phone call queued by a JSON POST of /v2/create-phone-call (the number called, metadata
    # and the agent's dynamic variables whole), the call read by a GET of /v2/get-call/<id>, agents listed by a JSON POST
    # of /v2/list-agents, phone numbers by a GET
    Sdk("retell", "retell-sdk", "Retell AI", "voice AI calling (a phone call to the person with their details for the "
        "agent)", "api.retellai.com"),
    # each call is one request by fetch to api.lithic.com/v1 with the key in Authorization (a Stainless client): an
    # account holder registered by a JSON POST of /account_holders (the person whole), a card issued by a JSON POST of
    # /cards (its memo naming them), card programs and balances listed by GETs
    Sdk("lithic", "lithic", "Lithic", "card issuing (an account holder with the person's details, a store-credit "
        "card)", "api.lithic.com"),
    # each call is one JSON POST by fetch (axios's fetch adapter) to production.plaid.com with the client id and secret
    # in PLAID-CLIENT-ID and PLAID-SECRET: a Link token created by /link/token/create (the user whole: id, legal name,
    # e-mail, phone), read back by /link/token/get, institutions listed by /institutions/get and read by
    # /institutions/get_by_id
    Sdk("plaid", "plaid", "Plaid", "open banking (a Link token for the person's pay-by-bank checkout)",
        "production.plaid.com"),
    # each call is one request by fetch to app.documenso.com/api/v2 with the key in Authorization (a Speakeasy client):
    # an envelope sent from a template by a multipart POST of /envelope/use (the payload a JSON form field: the
    # recipient's name and e-mail, prefilled fields, an external id), templates and folders listed by GETs
    Sdk("documenso", "@documenso/sdk-typescript", "Documenso", "e-signature (a document to sign sent to the person, "
        "their details prefilled)", "app.documenso.com"),
    # each call is one request by fetch to api.moov.io with a short-lived access token (the shop's server's) as a
    # bearer token (a Speakeasy client, X-Moov-Version header; in a browser it refuses Basic credentials): an account created by a JSON POST of /accounts (the individual's profile whole), accounts
    # listed by a GET with the foreign id in the query string, industries listed and the API pinged by GETs
    Sdk("moov", "@moovio/sdk", "Moov", "money movement (an account with the person's details, a lookup)",
        "api.moov.io"),
    # each call is one request by fetch to api.beehiiv.com/v2 with the key as a bearer token (a Fern client): a
    # subscription created by a JSON POST of /publications/<id>/subscriptions (the e-mail and custom fields whole), its
    # tags by a JSON POST of .../subscriptions/<id>/tags, posts and the publication read by GETs
    Sdk("beehiiv", "@beehiiv/sdk", "beehiiv", "newsletter (a subscription with the person's details)",
        "api.beehiiv.com"),
    # each call is one request by fetch to gcp-us-central1.turbopuffer.com with the key as a bearer token (a Stainless
    # client): rows upserted by a JSON POST of /v2/namespaces/<name> (the rows whole), queries by JSON POSTs of
    # /v2/namespaces/<name>/query, namespaces listed by a GET of /v1/namespaces
    Sdk("turbopuffer", "@turbopuffer/turbopuffer", "turbopuffer", "vector database (a customer profile row with the "
        "person's details, a query)", "gcp-us-central1.turbopuffer.com"),
    # The forty-ninth blind set (blind138.txt): spent, development SDKs since the fiftieth set was chosen.
    # each call is one request by fetch to the deployment's endpoint (<id>.arangodb.cloud:8529) with the credentials in
    # Basic auth: a document saved by a JSON POST of /_db/<db>/_api/document/<collection> (the document whole), AQL
    # queries by JSON POSTs of /_db/<db>/_api/cursor (the statement and bind variables whole), the version by a GET
    Sdk("arangodb", "arangojs", "ArangoDB", "document database (a customer profile with the person's details, a "
        "lookup)", "b4c2e9f1a7d3.arangodb.cloud"),
    # each call is one request by fetch to unify.apideck.com with the key as a bearer token and the app, consumer and
    # service in x-apideck-* headers (a Speakeasy client): a contact created by a JSON POST of /crm/contacts (the
    # contact whole), pipelines and companies listed by GETs
    Sdk("apideck", "@apideck/unify", "Apideck", "unified CRM API (a contact with the person's details pushed to the "
        "shop's CRM)", "unify.apideck.com"),
    # each call is one request by fetch to app.bentonow.com/api/v1 with the keys in Basic auth and the site's uuid in
    # the body or query string: a subscriber added and an event tracked, each by a JSON POST of /batch/events (the
    # events whole), tags and fields read by GETs
    Sdk("bento", "@bentonow/bento-node-sdk", "Bento", "e-mail marketing automation (a subscriber and an event with the "
        "person's details)", "app.bentonow.com"),
    # each call is one JSON POST by fetch to api.unkey.com/v2 (RPC-style paths) with the root key as a bearer token (a
    # Speakeasy client): an identity created by /v2/identities.createIdentity (the meta whole), a key by
    # /v2/keys.createKey (its name and meta whole), the API read and permissions listed
    Sdk("unkey", "@unkey/api", "Unkey", "API key management (an identity and a personal key with the person's "
        "details)", "api.unkey.com"),
    # each call is one request by fetch to api.vapi.ai with the key as a bearer token (a Fern client): a phone call
    # created by a JSON POST of /call (the customer whole and the assistant's variable values), assistants and phone
    # numbers listed by GETs
    Sdk("vapi", "@vapi-ai/server-sdk", "Vapi", "voice AI agents (a phone call to the person with their details)",
        "api.vapi.ai"),
    # each call is one request by fetch to api.agentmail.to/v0 with the key as a bearer token (a Fern client): a
    # message sent by a JSON POST of /v0/inboxes/<inbox>/messages/send (the message whole), the inbox read and the
    # inboxes listed by GETs
    Sdk("agentmail", "agentmail", "AgentMail", "e-mail for AI agents (a message to the person with their details)",
        "api.agentmail.to"),
    # each call is one request by fetch to api.mixedbread.com with the key as a bearer token (a Stainless client:
    # x-stainless-* headers): texts embedded by a JSON POST of /v1/embeddings (the input whole), stores searched by JSON
    # POSTs of /v1/stores/search, the API's info by a GET of /
    Sdk("mixedbread", "@mixedbread/sdk", "Mixedbread", "embeddings and search (a support ticket with the person's "
        "details embedded, searches)", "api.mixedbread.com"),
    # The fiftieth blind set (blind140.txt): spent, development SDKs since the fifty-first set was chosen.
    # each call is one request by fetch to api.onesignal.com with the key in Authorization ("Key ...") and an
    # OS-Usage-Data header (an OpenAPI Generator client): a user created by a JSON POST of /apps/<app>/users (identity,
    # tags and e-mail and SMS subscriptions whole), a notification by a JSON POST of /notifications (its e-mail body
    # whole), segments and templates listed by GETs
    Sdk("onesignal", "@onesignal/node-onesignal", "OneSignal", "push, e-mail and SMS messaging (a user with the "
        "person's details and subscriptions, an e-mail to them)", "api.onesignal.com"),
    # each call is one request by fetch to api.prelude.dev with the token as a bearer token (a Stainless client:
    # x-stainless-* headers): a verification started by a JSON POST of /v2/verification (the number and correlation id
    # whole), a text by a JSON POST of /v2/transactional (the number and template variables whole), sender ids and
    # subscription configurations listed by GETs
    Sdk("prelude", "@prelude.so/sdk", "Prelude", "phone verification and transactional SMS (a code and a text to the "
        "person's number, their details as variables)", "api.prelude.dev"),
    # a token by a form POST of api.dwolla.com/token (client credentials), then each call one request by fetch to
    # api.dwolla.com with the token as a bearer token and HAL JSON headers: a customer created by a JSON POST of
    # /customers (the customer whole) and read back by a GET of its Location, the root and the business
    # classifications read by GETs
    Sdk("dwolla", "dwolla-v2", "Dwolla", "pay-by-bank payments (a verified customer with the person's details)",
        "api.dwolla.com"),
    # each call is one request by fetch to sandbox.api.flagright.com (the package's default environment) with the key in
    # x-api-key (a Fern client): a consumer user registered by a JSON POST of /consumer/users (the user whole), payments
    # verified by JSON POSTs of /transactions (the transaction whole), a transaction read by a GET
    Sdk("flagright", "flagright", "Flagright", "transaction monitoring and AML (a consumer user with the person's "
        "details, their payment checked)", "sandbox.api.flagright.com"),
    # each call is one request by axios (XHR) to the shop's Kill Bill on Render (exampleshop-killbill.onrender.com)
    # with Basic auth and the tenant's key and secret in X-Killbill-* headers (an OpenAPI Generator client): an account
    # created by a JSON POST of /1.0/kb/accounts (the account whole), read by a GET with the external key in the query
    # string, base plans and tag definitions listed by GETs
    Sdk("killbill", "killbill", "Kill Bill", "subscription billing (a billing account with the person's details)",
        "exampleshop-killbill.onrender.com"),
    # each call is one request by fetch to us-east-1-1.aws.cloud2.influxdata.com with the token in Authorization
    # ("Token ..."): points written by a POST of /api/v2/write (line protocol, the points whole), Flux queries by JSON
    # POSTs of /api/v2/query (answered in annotated CSV)
    Sdk("influxdb", "@influxdata/influxdb-client", "InfluxData", "time-series database (an event recorded with the "
        "person's details, a query)", "us-east-1-1.aws.cloud2.influxdata.com"),
    # each call is one request by fetch to api.unified.to with the workspace's token in Authorization (a Speakeasy
    # client): a contact created by a JSON POST of /crm/<connection>/contact (the contact whole), pipelines and
    # companies listed by GETs
    Sdk("unified", "@unified-api/typescript-sdk", "Unified.to", "unified CRM API (a contact with the person's details "
        "pushed to the shop's CRM)", "api.unified.to"),
    # The blind set: SDKs the harness had never run (blind142.txt), verified in baseline only.
    # each call is one request by fetch (cross-fetch) to exampleshop.zendesk.com/api/v2 with the agent's API token in
    # Basic auth: an end user created or updated by a JSON POST of /users/create_or_update.json (the user whole), a
    # ticket by a JSON POST of /tickets.json (the ticket and requester whole), ticket fields and help center categories
    # listed by GETs
    Sdk("zendesk", "node-zendesk", "Zendesk", "customer support tickets (an end user with the person's details, a "
        "return ticket they request)", "exampleshop.zendesk.com", blind=True),
    # each call is one request by fetch to api.xendit.co with the secret key in Basic auth (an OpenAPI Generator
    # client): a customer created by a JSON POST of /customers (the customer whole), an invoice by a JSON POST of
    # /v2/invoices/ (the payer's e-mail and customer whole), the balance and invoices read by GETs
    Sdk("xendit", "xendit-node", "Xendit", "payments and invoicing (a customer with the person's details, an invoice "
        "to them)", "api.xendit.co", blind=True),
    # a token by a form POST of exampleshop.kinde.com/oauth2/token (client credentials), then each call one request by
    # fetch to exampleshop.kinde.com/api/v1 with the token as a bearer token: a user created by a JSON POST of /user
    # (the profile, identities and provided id whole), their properties by a JSON PATCH, the business and roles read by
    # GETs
    Sdk("kinde", "@kinde/management-api-js", "Kinde", "user management (a user with the person's details and "
        "identities)", "exampleshop.kinde.com", blind=True),
    # each call is one request by fetch to api.cartesia.ai with the access token as a bearer token and a
    # cartesia-version header (a Stainless client): a pronunciation dictionary created by a JSON POST of
    # /pronunciation-dicts/ (its name and items whole), speech by a JSON POST of /tts/bytes (the transcript whole,
    # answered with WAV audio), voices and dictionaries listed by GETs
    Sdk("cartesia", "@cartesia/cartesia-js", "Cartesia", "text-to-speech (a phone message voiced with the person's "
        "details)", "api.cartesia.ai", blind=True),
    # each call is one JSON POST by fetch to api.honcho.dev/v3 with the key as a bearer token: the workspace got or
    # created (/v3/workspaces), a peer (/v3/workspaces/<ws>/peers, its id and metadata whole), a session, its messages
    # (/v3/workspaces/<ws>/sessions/<id>/messages, the messages whole), peers and sessions listed (.../list)
    Sdk("honcho", "@honcho-ai/sdk", "Plastic Labs (Honcho)", "memory for AI agents (a peer with the person's details, "
        "their message in a support session)", "api.honcho.dev", blind=True),
    # each call is one JSON POST by fetch to the database's URL (exampleshop-k4p9x2.us-east-1.xata.sh/db/shop:main)
    # with the key as a bearer token and X-Xata-* headers: a record created by /tables/customers/data (the record
    # whole), SQL by /sql (the statement and parameters whole), a table queried by /tables/products/query
    Sdk("xata", "@xata.io/client", "Xata", "serverless database (a customer record with the person's details, a SQL "
        "lookup by their id)", "exampleshop-k4p9x2.us-east-1.xata.sh", blind=True),
    # each call is one request by fetch to api.whop.com/api/v1 with the key as a bearer token and an Api-Version-Date
    # header (a Stainless client): events reported by JSON POSTs of /events (the event and its user whole), a lead by a
    # JSON POST of /leads (the metadata whole), products listed by a GET
    Sdk("whop", "@whop/sdk", "Whop", "conversion tracking and leads (a registration event with the person's details, a "
        "lead)", "api.whop.com", blind=True),
)
# Packages added after the first blind draw: not part of the 28 the draw was made over.
ADDED_AFTER_DRAW: tuple[str, ...] = ("@opentelemetry/exporter-trace-otlp-proto",)
# The first blind draw (README "The blind set"): spent, development SDKs since the second draw.
FIRST_BLIND_DRAW: tuple[str, ...] = ("@adobe/alloy", "@logtail/browser", "@opentelemetry/exporter-trace-otlp-http",
                                     "@statsig/js-client", "unleash-proxy-client")
# The second blind set (frozen in blind42.txt with its versions): spent, development SDKs now.
SECOND_BLIND_SET: tuple[str, ...] = ("@airbrake/browser", "@axiomhq/js", "@coralogix/browser", "@exceptionless/browser",
                                     "@logdna/browser", "@usermaven/sdk-js", "pirsch-sdk")
# The third blind set (frozen in blind46.txt with its versions): spent, development SDKs now.
THIRD_BLIND_SET: tuple[str, ...] = ("@devcycle/js-client-sdk", "@harnessio/ff-javascript-client-sdk",
                                    "@prefab-cloud/prefab-cloud-js", "@reflag/browser-sdk",
                                    "@splitsoftware/splitio-browserjs", "bugsplat", "loggly-jslogger", "sumo-logger")
# The fourth blind set (frozen in blind48.txt with its versions): spent, development SDKs now.
FOURTH_BLIND_SET: tuple[str, ...] = ("@absmartly/javascript-sdk", "@backtrace/browser", "@dash0/sdk-web",
                                     "@featbit/js-client-sdk", "@flagship.io/js-sdk", "@outlit/browser",
                                     "@request-metrics/browser-agent", "@seline-analytics/web", "seq-logging")
# The fifth blind set (frozen in blind50.txt with its versions): spent, development SDKs now.
FIFTH_BLIND_SET: tuple[str, ...] = ("@kameleoon/javascript-sdk", "@knocklabs/client", "ahoy.js", "aws-rum-web",
                                    "loglevel-plugin-remote", "mux-embed", "piano-analytics-js",
                                    "stackdriver-errors-js")
# The sixth blind set (frozen in blind52.txt with its versions): spent, development SDKs now.
SIXTH_BLIND_SET: tuple[str, ...] = ("@browser-bunyan/server-stream", "@hackler/javascript-sdk", "@iterable/web-sdk",
                                    "@openfeature/ofrep-web-provider", "@suprsend/web-sdk", "elmah.io.javascript",
                                    "leanplum-sdk", "logsnag")
# The seventh blind set (frozen in blind54.txt with its versions): spent, development SDKs now.
SEVENTH_BLIND_SET: tuple[str, ...] = ("@bucketeer/js-client-sdk", "@loglib/tracker", "@novu/js", "jsnlog", "litlyx-js",
                                      "log4javascript", "r7insight_js", "vwo-fme-node-sdk")
# The eighth blind set (frozen in blind56.txt with its versions): spent, development SDKs now.
EIGHTH_BLIND_SET: tuple[str, ...] = ("@croct/plug", "@flareapp/js", "@ninetailed/experience.js", "@relewise/client",
                                     "featurehub-javascript-client-sdk", "moesif-browser-js", "notificare-web",
                                     "ours-web-sdk")
# The ninth blind set (frozen in blind58.txt with its versions): spent, development SDKs now.
NINTH_BLIND_SET: tuple[str, ...] = ("@analytics-debugger/ga4mp", "@engagespot/core", "@loglayer/transport-logflare",
                                    "@molassesapp/molasses-js", "@uptrace/web", "featureflow-client", "search-insights",
                                    "stream-analytics")
# The tenth blind set (frozen in blind60.txt with its versions): spent, development SDKs now.
TENTH_BLIND_SET: tuple[str, ...] = ("@adjustcom/adjust-web-sdk", "@dittofeed/sdk-web", "@dynatrace/openkit-js",
                                    "@loglayer/transport-dynatrace", "@sitecore-cloudsdk/events", "aegis-web-sdk",
                                    "branch-sdk")
# The eleventh blind set (frozen in blind62.txt with its versions): spent, development SDKs now.
ELEVENTH_BLIND_SET: tuple[str, ...] = ("@analytics/aws-pinpoint", "@bugfender/sdk", "@opentelemetry/exporter-logs-otlp-http",
                                       "@telemetrydeck/sdk", "boomerangjs", "recombee-js-api-client", "td-js-sdk")
# The twelfth blind set (frozen in blind64.txt with its versions): spent, development SDKs now.
TWELFTH_BLIND_SET: tuple[str, ...] = ("@arms/rum-browser", "@formo/analytics", "@hyperdx/browser",
                                      "@loglayer/transport-victoria-logs", "@tracelog/lib", "@trycourier/courier-js")
# The thirteenth blind set (frozen in blind66.txt with its versions): spent, development SDKs now.
THIRTEENTH_BLIND_SET: tuple[str, ...] = ("@contentstack/personalize-edge-sdk", "@schematichq/schematic-js",
                                         "@tell-rs/browser", "@voucherify/sdk", "@web-tracing/core",
                                         "@webtrekk-smart-pixel/core", "beaver-logger", "bitmovin-analytics")
# The fourteenth blind set (frozen in blind68.txt with its versions): spent, development SDKs now.
FOURTEENTH_BLIND_SET: tuple[str, ...] = ("@frontend-monitor/sdk", "@himetrica/tracker-js", "@ohbug/browser",
                                         "@perceptinsight/percept-js", "apxor", "humanbehavior-js", "jsflagr",
                                         "splunk-events")
# The fifteenth blind set (frozen in blind70.txt with its versions): spent, development SDKs now.
FIFTEENTH_BLIND_SET: tuple[str, ...] = ("@appbaseio/analytics", "@baselime/react-rum", "@builder.io/sdk",
                                        "@honeycombio/opentelemetry-web", "@mitojs/browser",
                                        "@openfeature/flagd-web-provider")
# The sixteenth blind set (frozen in blind72.txt with its versions): spent, development SDKs now.
SIXTEENTH_BLIND_SET: tuple[str, ...] = ("@aws-sdk/client-personalize-events",
                                        "@constructor-io/constructorio-client-javascript", "@logdash/js-sdk",
                                        "@openfeature/go-feature-flag-web-provider", "@yext/analytics", "singular-sdk")
# The seventeenth blind set (frozen in blind74.txt with its versions): spent, development SDKs now.
SEVENTEENTH_BLIND_SET: tuple[str, ...] = ("@aws/clickstream-web", "@openobserve/browser-rum",
                                          "@polar-analytics/pixel-sdk", "clarity-js", "cloudwatch-front-logger",
                                          "gameanalytics", "gb-tracker-client")
# The eighteenth blind set (frozen in blind76.txt with its versions): spent, development SDKs now.
EIGHTEENTH_BLIND_SET: tuple[str, ...] = ("@aliyun-sls/web-track-browser", "@frigade/js", "@pendo/agent", "@rybbit/js",
                                         "gleap", "pubnub", "sa-sdk-javascript")
# The nineteenth blind set (frozen in blind78.txt with its versions): spent, development SDKs now.
NINETEENTH_BLIND_SET: tuple[str, ...] = ("@datarangers/sdk-javascript", "@emailjs/browser", "@saasquatch/squatch-js",
                                         "@shakebugs/browser", "connectycube", "radar-sdk-js", "userlens-analytics-sdk")
# The twentieth blind set (frozen in blind80.txt with its versions): spent, development SDKs now.
TWENTIETH_BLIND_SET: tuple[str, ...] = ("@descope/web-js-sdk", "@flows/js", "@hyphen/browser-sdk", "@klime/browser",
                                        "@supabase/supabase-js", "ably", "parse")
# The twenty-first blind set (frozen in blind82.txt with its versions): spent (seen through the proxy), development
# SDKs now.
TWENTY_FIRST_BLIND_SET: tuple[str, ...] = ("@botpress/chat", "@directus/sdk", "@mattermost/client",
                                           "@memberstack/dom", "@shopify/storefront-api-client",
                                           "@sprig-technologies/sprig-browser", "appwrite")
# The twenty-second blind set (frozen in blind84.txt with its versions): spent (scored once), development SDKs now.
TWENTY_SECOND_BLIND_SET: tuple[str, ...] = ("@ory/client-fetch", "@speedcurve/lux", "@userfront/core", "auth0-js",
                                            "leancloud-storage", "rupt", "swell-js")
# The twenty-third blind set (frozen in blind86.txt with its versions): spent (scored once), development SDKs now.
TWENTY_THIRD_BLIND_SET: tuple[str, ...] = ("@apptracer/sdk", "@gojek/clickstream-web", "@revenuecat/purchases-js",
                                           "@typebot.io/js", "@web3forms/react", "cobrowse-sdk-js", "gotcha-feedback")
# The twenty-fourth blind set (frozen in blind88.txt with its versions): spent (scored once), development SDKs now.
TWENTY_FOURTH_BLIND_SET: tuple[str, ...] = ("@commercelayer/sdk", "@feelback/js", "@github/hydro-analytics-client",
                                            "@project-sunbird/telemetry-sdk", "airtable", "frappe-js-sdk", "pocketbase")
# The twenty-fifth blind set (frozen in blind90.txt with its versions): spent (scored once), development SDKs now.
TWENTY_FIFTH_BLIND_SET: tuple[str, ...] = ("@commercetools/platform-sdk", "@formbricks/api", "@mozilla/glean",
                                           "@nhost/nhost-js", "@protontech/telemetry", "authing-js-sdk",
                                           "supertokens-web-js")
# The twenty-sixth blind set (frozen in blind92.txt with its versions): spent (scored once), development SDKs now.
TWENTY_SIXTH_BLIND_SET: tuple[str, ...] = ("@bugwatch/core", "@ketch-sdk/ketch-web-api", "@spindl-xyz/attribution-lite",
                                           "coveo.analytics", "datafast", "matrix-js-sdk", "web-push-notifications")
# The twenty-seventh blind set (frozen in blind94.txt with its versions): spent (scored once), development SDKs now.
TWENTY_SEVENTH_BLIND_SET: tuple[str, ...] = ("@formspree/core", "@vemetric/web", "fundebug-javascript", "lunary",
                                             "tggl-client", "tianji-client-sdk", "zipyai")
# The twenty-eighth blind set (frozen in blind96.txt with its versions): spent (scored once), development SDKs now.
TWENTY_EIGHTH_BLIND_SET: tuple[str, ...] = ("@helperai/client", "@junobuild/analytics", "@notificationapi/core",
                                            "@stytch/vanilla-js", "c15t", "onedollarstats",
                                            "visenze-tracking-javascript")
# The twenty-ninth blind set (frozen in blind98.txt with its versions): spent (scored once), development SDKs now.
TWENTY_NINTH_BLIND_SET: tuple[str, ...] = ("@athoscommerce/beacon", "@flagsync/js-sdk", "@formspark/use-formspark",
                                           "@hyperengage/sdk-js", "@veriff/js-sdk", "flowise-sdk", "insights-js")
# The thirtieth blind set (frozen in blind100.txt with its versions): spent (scored once), development SDKs now.
THIRTIETH_BLIND_SET: tuple[str, ...] = ("@blinkdotnew/sdk", "@cometchat/chat-sdk-javascript", "@databeat/tracker",
                                        "@dynamiq/assistant", "@papercups-io/storytime", "forminit", "roaarrr-browser")
# The thirty-first blind set (frozen in blind102.txt with its versions): spent (scored once), development SDKs now.
THIRTY_FIRST_BLIND_SET: tuple[str, ...] = ("@formium/client", "@raindrop-ai/browser-sdk",
                                           "@storepecker/storefront-analytics", "bugbox", "pipz-tracker",
                                           "purecloud-guest-chat-client", "pushfeedback")
# The thirty-second blind set (frozen in blind104.txt with its versions): spent (scored once), development SDKs now.
THIRTY_SECOND_BLIND_SET: tuple[str, ...] = ("@figuro/chatwoot-sdk", "@formio/core", "@getjoystick/joystick-js",
                                            "@multiplayer-app/session-recorder-browser", "@tinybirdco/flock.js",
                                            "botframework-directlinejs", "deep-chat")
# The thirty-third blind set (frozen in blind106.txt with its versions): spent (scored once), development SDKs now.
THIRTY_THIRD_BLIND_SET: tuple[str, ...] = ("@chatbotkit/sdk", "@cronitorio/cronitor-rum", "@fillout/react",
                                           "@neroom/nevision", "@teracrafts/flagkit", "langfuse")
# The thirty-fourth blind set (frozen in blind108.txt with its versions): spent (scored once), development SDKs now.
THIRTY_FOURTH_BLIND_SET: tuple[str, ...] = ("@calcom/embed-core", "@feedbackfarm/core", "@knowbl_ai/nexus-chat",
                                            "@magicbell/core", "@markprompt/core", "@oramacloud/client", "sheetdb-js")
# The thirty-fifth blind set (frozen in blind110.txt with its versions): spent (scored once), development SDKs now.
THIRTY_FIFTH_BLIND_SET: tuple[str, ...] = ("@chec/commerce.js", "@inkeep/cxkit-js", "@langchain/langgraph-sdk",
                                           "persona", "react-calendly", "trieve-ts-sdk")
# The thirty-sixth blind set (frozen in blind112.txt with its versions): spent (scored once), development SDKs now.
THIRTY_SIXTH_BLIND_SET: tuple[str, ...] = ("@frontegg/rest-api", "@getzep/zep-cloud", "@medusajs/js-sdk",
                                           "@paystack/inline-js", "@strapi/client", "backendless", "convex")
# The thirty-seventh blind set (frozen in blind114.txt with its versions): spent, development SDKs now.
THIRTY_SEVENTH_BLIND_SET: tuple[str, ...] = ("@datocms/cma-client-browser", "@huggingface/inference",
                                             "@letta-ai/letta-client", "@sanity/client", "contentful-management",
                                             "groq-sdk")
# The thirty-eighth blind set (frozen in blind116.txt with its versions): spent, development SDKs now.
THIRTY_EIGHTH_BLIND_SET: tuple[str, ...] = ("@cerebras/cerebras_cloud_sdk", "@upstash/redis", "meilisearch",
                                            "replicate", "together-ai", "typesense")
# The thirty-ninth blind set (frozen in blind118.txt with its versions): spent, development SDKs now.
THIRTY_NINTH_BLIND_SET: tuple[str, ...] = ("@lemonsqueezy/lemonsqueezy.js", "@neondatabase/serverless",
                                           "@notionhq/client", "@planetscale/database", "cohere-ai", "loops", "resend")
# The fortieth blind set (frozen in blind120.txt with its versions): spent, development SDKs now.
FORTIETH_BLIND_SET: tuple[str, ...] = ("@linear/sdk", "@openrouter/sdk", "@perplexity-ai/perplexity_ai",
                                       "@tidbcloud/serverless", "@umami/node", "dodopayments", "supermemory")
# The forty-first blind set (frozen in blind122.txt with its versions): spent, development SDKs now.
FORTY_FIRST_BLIND_SET: tuple[str, ...] = ("@cosmicjs/sdk", "@dust-tt/client", "@moltin/sdk", "@qdrant/js-client-rest",
                                          "@shopware/api-client", "writer-sdk")
# The forty-second blind set (frozen in blind124.txt with its versions): spent, development SDKs now.
FORTY_SECOND_BLIND_SET: tuple[str, ...] = ("@fal-ai/client", "@libsql/client", "@pinecone-database/pinecone", "ai21",
                                           "ollama", "storyblok-js-client", "webflow-api")
# The forty-third blind set (frozen in blind126.txt with its versions): spent, development SDKs now.
FORTY_THIRD_BLIND_SET: tuple[str, ...] = ("@deepgram/sdk", "@fusionauth/typescript-client", "@gitbeaker/rest",
                                          "@kontent-ai/management-sdk", "chromadb", "intercom-client", "mailgun.js")
# The forty-fourth blind set (frozen in blind128.txt with its versions): spent, development SDKs now.
FORTY_FOURTH_BLIND_SET: tuple[str, ...] = ("@getbrevo/brevo", "@keycloak/keycloak-admin-client", "@spree/sdk",
                                           "pipedrive", "stripe", "telnyx", "voyageai")
# The forty-fifth blind set (frozen in blind130.txt with its versions): spent, development SDKs now.
FORTY_FIFTH_BLIND_SET: tuple[str, ...] = ("@clerk/backend", "@workos-inc/node", "chargebee", "klaviyo-api",
                                          "orb-billing", "shippo", "square")
# The forty-sixth blind set (frozen in blind132.txt with its versions): spent, development SDKs now.
FORTY_SIXTH_BLIND_SET: tuple[str, ...] = ("@datastax/astra-db-ts", "@paddle/paddle-node-sdk",
                                          "@team-plain/typescript-sdk", "assemblyai", "dub", "lago-javascript-client",
                                          "postmark")
# The forty-seventh blind set (frozen in blind134.txt with its versions): spent, development SDKs now.
FORTY_SEVENTH_BLIND_SET: tuple[str, ...] = ("@clickhouse/client-web", "@mondaydotcomorg/api", "@pagerduty/pdjs",
                                            "@plunk/node", "@polar-sh/sdk", "modern-treasury", "svix")
# The forty-eighth blind set (frozen in blind136.txt with its versions): spent, development SDKs now.
FORTY_EIGHTH_BLIND_SET: tuple[str, ...] = ("@beehiiv/sdk", "@documenso/sdk-typescript", "@moovio/sdk",
                                           "@turbopuffer/turbopuffer", "lithic", "plaid", "retell-sdk")
# The forty-ninth blind set (frozen in blind138.txt with its versions): spent, development SDKs now.
FORTY_NINTH_BLIND_SET: tuple[str, ...] = ("@apideck/unify", "@bentonow/bento-node-sdk", "@mixedbread/sdk",
                                          "@unkey/api", "@vapi-ai/server-sdk", "agentmail", "arangojs")
# The fiftieth blind set (frozen in blind140.txt with its versions): spent, development SDKs now.
FIFTIETH_BLIND_SET: tuple[str, ...] = ("@influxdata/influxdb-client", "@onesignal/node-onesignal", "@prelude.so/sdk",
                                       "@unified-api/typescript-sdk", "dwolla-v2", "flagright", "killbill")
# The blind set today, the fifty-first (frozen in blind142.txt with its versions); outside the first draw.
BLIND_SET: tuple[str, ...] = ("@cartesia/cartesia-js", "@honcho-ai/sdk", "@kinde/management-api-js", "@whop/sdk",
                              "@xata.io/client", "node-zendesk", "xendit-node")


# In the brief's list of 28 but not run: why, in one line each (README "Dropped").
DROPPED: dict[str, str] = {
    "@vercel/analytics": "the npm package only injects <script src=/_vercel/insights/script.js> (va.vercel-scripts.com "
                         "in debug); the tracking code itself is served by Vercel's edge and is not in the package",
}
ALL_28 = tuple(sorted([s.package for s in SDKS if s.package not in ADDED_AFTER_DRAW + SECOND_BLIND_SET + THIRD_BLIND_SET
                                                    + FOURTH_BLIND_SET + FIFTH_BLIND_SET + SIXTH_BLIND_SET
                                                    + SEVENTH_BLIND_SET + EIGHTH_BLIND_SET + NINTH_BLIND_SET
                                                    + TENTH_BLIND_SET + ELEVENTH_BLIND_SET + TWELFTH_BLIND_SET
                                                    + THIRTEENTH_BLIND_SET + FOURTEENTH_BLIND_SET + FIFTEENTH_BLIND_SET
                                                    + SIXTEENTH_BLIND_SET + SEVENTEENTH_BLIND_SET
                                                    + EIGHTEENTH_BLIND_SET + NINETEENTH_BLIND_SET
                                                    + TWENTIETH_BLIND_SET + TWENTY_FIRST_BLIND_SET
                                                    + TWENTY_SECOND_BLIND_SET + TWENTY_THIRD_BLIND_SET
                                                    + TWENTY_FOURTH_BLIND_SET + TWENTY_FIFTH_BLIND_SET
                                                    + TWENTY_SIXTH_BLIND_SET + TWENTY_SEVENTH_BLIND_SET
                                                    + TWENTY_EIGHTH_BLIND_SET + TWENTY_NINTH_BLIND_SET
                                                    + THIRTIETH_BLIND_SET + THIRTY_FIRST_BLIND_SET
                                                    + THIRTY_SECOND_BLIND_SET + THIRTY_THIRD_BLIND_SET
                                                    + THIRTY_FOURTH_BLIND_SET + THIRTY_FIFTH_BLIND_SET
                                                    + THIRTY_SIXTH_BLIND_SET + THIRTY_SEVENTH_BLIND_SET
                                                    + THIRTY_EIGHTH_BLIND_SET + THIRTY_NINTH_BLIND_SET
                                                    + FORTIETH_BLIND_SET + FORTY_FIRST_BLIND_SET
                                                    + FORTY_SECOND_BLIND_SET + FORTY_THIRD_BLIND_SET
                                                    + FORTY_FOURTH_BLIND_SET + FORTY_FIFTH_BLIND_SET
                                                    + FORTY_SIXTH_BLIND_SET + FORTY_SEVENTH_BLIND_SET
                                                    + FORTY_EIGHTH_BLIND_SET + FORTY_NINTH_BLIND_SET
                                                    + FIFTIETH_BLIND_SET + BLIND_SET]
                     + list(DROPPED)))


def draw_blind(packages: list[str]) -> list[str]:
    """The first blind draw, reproducible: the packages `random.Random(BLIND_SEED).sample(sorted(...), 5)` gives
    (over `ALL_28` it gives `FIRST_BLIND_DRAW`, spent; the blind set today is `BLIND_SET`)."""
    return random.Random(BLIND_SEED).sample(sorted(packages), 5)


def select(which: str = "all", names: str | None = None) -> list[Sdk]:
    """The SDKs of a set ("dev", "blind", "all"), narrowed to `names` (slugs or packages, comma-separated)."""
    chosen = [s for s in SDKS if which == "all" or (which == "blind") == s.blind]
    if names:
        wanted = {n.strip() for n in names.split(",") if n.strip()}
        unknown = wanted - {s.slug for s in SDKS} - {s.package for s in SDKS}
        if unknown:
            raise SystemExit(f"unknown SDKs: {', '.join(sorted(unknown))}")
        chosen = [s for s in chosen if s.slug in wanted or s.package in wanted]
    return chosen


def versions(package_json: Path) -> dict[str, str]:
    """Pinned versions by package name."""
    return dict(json.loads(package_json.read_text())["dependencies"])
