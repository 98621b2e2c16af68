"""The SDK table: 28 npm browser SDKs, the collector each talks to, and the blind set.

The blind set was drawn before anyone looked at the traffic:
`random.Random(20261125).sample(sorted(packages), 5)` over the 28 package names below
(`ALL_28`). SDKs added after the draw (`ADDED_AFTER_DRAW`) are development instruments, never
blind, and outside the draw. Versions come from package.json (pinned exactly there, locked in
package-lock.json).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Sdk", "SDKS", "DROPPED", "ADDED_AFTER_DRAW", "ALL_28", "BLIND_SEED", "draw_blind", "select", "versions"]

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
    Sdk("statsig", "@statsig/js-client", "Statsig", "feature flags", "featureassets.org / prodregistryv2.org", blind=True),
    Sdk("launchdarkly", "launchdarkly-js-client-sdk", "LaunchDarkly", "feature flags",
        "app.launchdarkly.com / events.launchdarkly.com"),
    Sdk("optimizely", "@optimizely/optimizely-sdk", "Optimizely", "feature flags",
        "cdn.optimizely.com / logx.optimizely.com"),
    # analytics (flag evaluation counts) go out on a 10 s timer, never on page hide
    Sdk("flagsmith", "flagsmith", "Flagsmith", "feature flags", "edge.api.flagsmith.com", min_wait_s=11.5),
    Sdk("unleash", "unleash-proxy-client", "Unleash", "feature flags (self-hosted)", "unleash.shop.example", blind=True),
    Sdk("appinsights", "@microsoft/applicationinsights-web", "Microsoft", "rum / analytics",
        "westeurope-5.in.applicationinsights.azure.com (connection string)"),
    Sdk("faro", "@grafana/faro-web-sdk", "Grafana", "rum", "faro-collector-prod-us-central-0.grafana.net"),
    Sdk("otel", "@opentelemetry/exporter-trace-otlp-http", "OpenTelemetry", "tracing (self-hosted collector)",
        "otel.shop.example", blind=True),
    Sdk("honeybadger", "@honeybadger-io/js", "Honeybadger", "error tracking", "api.honeybadger.io"),
    Sdk("raygun", "raygun4js", "Raygun", "error tracking / rum", "api.raygun.io"),
    Sdk("trackjs", "trackjs", "TrackJS", "error tracking", "capture.trackjs.com / usage.trackjs.com"),
    Sdk("appsignal", "@appsignal/javascript", "AppSignal", "error tracking", "appsignal-endpoint.net"),
    Sdk("logtail", "@logtail/browser", "Better Stack", "logging", "in.logs.betterstack.com", blind=True),
    Sdk("splunk", "@splunk/otel-web", "Splunk", "rum", "rum-ingest.us0.signalfx.com"),
    Sdk("atatus", "atatus-spa", "Atatus", "rum / error tracking", "bm-rx.atatus.com"),
    Sdk("highlight", "highlight.run", "Highlight", "session replay / errors", "pub.highlight.io / otel.highlight.io"),
    Sdk("openreplay", "@openreplay/tracker", "OpenReplay", "session replay", "api.openreplay.com/ingest"),
    Sdk("alloy", "@adobe/alloy", "Adobe", "cdp / analytics (Experience Platform Edge)", "adobedc.demdex.net / edge.adobedc.net", blind=True),
    # session 20: OTLP in the protobuf encoding, the instrument for the protobuf codec
    Sdk("otlpproto", "@opentelemetry/exporter-trace-otlp-proto", "Honeycomb (OpenTelemetry)",
        "tracing (OTLP/HTTP protobuf)", "api.honeycomb.io"),
)
# Packages added after the blind draw: development SDKs, not part of the 28 the draw was made over.
ADDED_AFTER_DRAW: tuple[str, ...] = ("@opentelemetry/exporter-trace-otlp-proto",)


# In the brief's list of 28 but not run: why, in one line each (README "Dropped").
DROPPED: dict[str, str] = {
    "@vercel/analytics": "the npm package only injects <script src=/_vercel/insights/script.js> (va.vercel-scripts.com "
                         "in debug); the tracking code itself is served by Vercel's edge and is not in the package",
}
ALL_28 = tuple(sorted([s.package for s in SDKS if s.package not in ADDED_AFTER_DRAW] + list(DROPPED)))


def draw_blind(packages: list[str]) -> list[str]:
    """The blind draw, reproducible: the packages `random.Random(BLIND_SEED).sample(sorted(...), 5)` gives."""
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
