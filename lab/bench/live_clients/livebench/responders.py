"""What the fake internet answers: the shop, then each vendor's endpoints, shaped as its SDK parses.

Each responder looks at one arrived request and returns a `Reply`, or None to pass. The shapes
come from reading each SDK's source in node_modules (what it parses, what it retries on): a
wrong shape would show as SDK errors or retries, which the report counts.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import secrets
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from .fakenet import SHOP_HOST, Arrived, Reply
from .pages import PAGE_KINDS, page_html
from .planted import decompress

__all__ = ["make_responders"]

Responder = Callable[[Arrived], Reply | None]


def _json(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    """A JSON reply."""
    return Reply(status, json.dumps(obj).encode(), "application/json", headers or {})


def _path(hit: Arrived) -> str:
    """The request path without the query."""
    return urlsplit(hit.target).path


def _query(hit: Arrived) -> dict[str, list[str]]:
    """The parsed query string."""
    return parse_qs(urlsplit(hit.target).query)


def _body_json(hit: Arrived) -> Any:
    """The body as JSON (decompressed when it is), or None."""
    body = hit.body
    enc = next((v for k, v in hit.headers if k.lower() == "content-encoding"), "")
    inflated = decompress(body, enc)
    if inflated is not None:
        body = inflated[1]
    try:
        return json.loads(body)
    except ValueError:
        return None


def _host_is(hit: Arrived, *suffixes: str) -> bool:
    """The host is one of `suffixes` or a subdomain of one."""
    return any(hit.host == s or hit.host.endswith("." + s) for s in suffixes)


# --- the shop ------------------------------------------------------------------------------------


def shop(bundles: dict[str, Path]) -> Responder:
    """Pages and bundles on https://shop.example/live/<slug>/..."""
    page_re = re.compile(r"^/live/([a-z0-9-]+)/(" + "|".join(PAGE_KINDS) + r"|bundle\.js)$")

    def answer(hit: Arrived) -> Reply | None:
        if hit.host != SHOP_HOST or hit.method != "GET":
            return None
        m = page_re.match(_path(hit))
        if m is None:
            if _path(hit) == "/favicon.ico":
                return Reply(204, b"", "image/x-icon")
            return None
        slug, what = m.groups()
        if what == "bundle.js":
            path = bundles.get(slug)
            if path is None:
                return Reply(404, b"no such bundle", "text/plain")
            return Reply(200, path.read_bytes(), "text/javascript; charset=utf-8", {"Cache-Control": "no-store"})
        return Reply(200, page_html(slug, what).encode(), "text/html; charset=utf-8", {"Cache-Control": "no-store"})

    return answer


# --- vendors -------------------------------------------------------------------------------------


def honeybadger(hit: Arrived) -> Reply | None:
    """api.honeybadger.io: a notice gets 201 with its id."""
    if not _host_is(hit, "api.honeybadger.io"):
        return None
    if _path(hit).startswith("/v1/notices"):
        return _json({"id": str(uuid.uuid4())}, 201)
    return _json({})


def appinsights(hit: Arrived) -> Reply | None:
    """Application Insights ingestion: {"itemsReceived":n,"itemsAccepted":n,"errors":[]}."""
    if not (_host_is(hit, "applicationinsights.azure.com", "dc.services.visualstudio.com")
            and _path(hit).rstrip("/").endswith("/v2/track")) or hit.method != "POST":
        return None
    body = hit.body
    inflated = decompress(body, next((v for k, v in hit.headers if k.lower() == "content-encoding"), ""))
    text = (inflated[1] if inflated else body).decode("utf-8", "replace").strip()
    try:
        parsed = json.loads(text)
        n = len(parsed) if isinstance(parsed, list) else 1
    except ValueError:
        n = len([ln for ln in text.splitlines() if ln.strip()])
    return _json({"itemsReceived": n, "itemsAccepted": n, "appId": None, "errors": []})


def jitsu(hit: Arrived) -> Reply | None:
    """A self-hosted Jitsu: /api/s/<type> answers ok with no device destinations."""
    if hit.host != "jitsu.shop.example":
        return None
    if _path(hit).startswith("/api/s/"):
        return _json({"ok": True, "receivedAt": _now_iso()})
    return _json({})


def _now_iso() -> str:
    """Now, as collectors write it."""
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())


_CDP_NAMES = {"cdp.customer.io": ("Customer.io Data Pipelines", "cdp.customer.io/v1"),
              "cdp-eu.customer.io": ("Customer.io Data Pipelines", "cdp-eu.customer.io/v1"),
              "cdn.hightouch-events.com": ("Hightouch.io", "us-east-1.hightouch-events.com"),
              "cdn.june.so": ("june.so", "api.june.so/sdk"),
              "cdn.segment.com": ("Segment.io", "api.segment.io/v1")}


def cdp_settings(hit: Arrived) -> Reply | None:
    """Segment-style /v1/projects/<writeKey>/settings: the source's own integration only."""
    m = re.match(r"^/v1/projects/([^/]+)/settings$", _path(hit))
    if m is None or hit.method != "GET":
        return None
    name, api_host = _CDP_NAMES.get(hit.host, ("Segment.io", f"{hit.host}/v1"))
    return _json({
        "integrations": {name: {"apiKey": m.group(1), "apiHost": api_host, "unbundledIntegrations": [],
                                "addBundledMetadata": True, "maybeBundledConfigIds": {},
                                "versionSettings": {"version": "4.4.7", "componentTypes": ["browser"]}}},
        "plan": {"track": {"__default": {"enabled": True, "integrations": {}}},
                 "identify": {"__default": {"enabled": True}}, "group": {"__default": {"enabled": True}}},
        "edgeFunction": {}, "analyticsNextEnabled": True, "middlewareSettings": {}, "enabledMiddleware": {},
        "metrics": {"sampleRate": 0}, "legacyVideoPluginsEnabled": False, "remotePlugins": [],
    })


def cdp_collect(hit: Arrived) -> Reply | None:
    """The CDP forks' event APIs answer {"success": true}."""
    if _host_is(hit, "cdp.customer.io", "cdp-eu.customer.io", "hightouch-events.com", "api.june.so") and hit.method == "POST":
        return _json({"success": True})
    return None


def keen(hit: Arrived) -> Reply | None:
    """api.keen.io: a recorded event is 201 {"created": true}."""
    if hit.host == "api.keen.io" and "/events/" in _path(hit):
        return _json({"created": True}, 201)
    return None


def openpanel(hit: Arrived) -> Reply | None:
    """api.openpanel.dev/track: the device and session ids the SDK keeps in memory (the real
    service derives them per visitor; the SDK does not send them back in what the pages call).
    Fresh per request: nothing shared between visitors."""
    if hit.host == "api.openpanel.dev" and _path(hit) == "/track":
        return _json({"deviceId": f"dev_{secrets.token_hex(8)}", "sessionId": f"ses_{secrets.token_hex(8)}"})
    return None


GROWTHBOOK_FEATURES = {
    "status": 200,
    "features": {
        "new-checkout": {"defaultValue": False, "rules": [{"condition": {"plan": "pro"}, "force": True}]},
        "button-color": {"defaultValue": "blue", "rules": [{
            "key": "button-color-test", "variations": ["blue", "green"], "weights": [0.5, 0.5],
            "coverage": 1, "hashAttribute": "id", "fallbackAttribute": "deviceId", "hashVersion": 2,
            "seed": "button-color-test", "phase": "0", "meta": [{"key": "0"}, {"key": "1"}]}]},
    },
    "experiments": [],
    "dateUpdated": "2026-11-20T09:14:00.000Z",
}


def growthbook(hit: Arrived) -> Reply | None:
    """cdn.growthbook.io features (no SSE offered); gb-ingest events accepted."""
    if hit.host == "cdn.growthbook.io" and _path(hit).startswith("/api/features/"):
        return _json(GROWTHBOOK_FEATURES)
    if _host_is(hit, "gb-ingest.com"):
        return _json({"ok": True})
    return None


def _djb2(value: str) -> str:
    """Statsig's DJB2 of a name (its initialize response keys gates by it)."""
    h = 0
    for ch in value:
        h = ((h << 5) - h + ord(ch)) & 0xFFFFFFFF
    return str(h)


def statsig(hit: Arrived) -> Reply | None:
    """Statsig: /v1/initialize values (gates keyed by DJB2), /v1/rgstr accepts events."""
    if _host_is(hit, "featureassets.org", "api.statsig.com") and _path(hit).endswith("/initialize"):
        body = _body_json(hit) or {}
        gate = {"name": _djb2("new_checkout"), "value": True, "rule_id": "6Zp2kQ9xWm4Lr7Tb", "secondary_exposures": [],
                "id_type": "userID"}
        return _json({"feature_gates": {gate["name"]: gate}, "dynamic_configs": {}, "layer_configs": {},
                      "sdkParams": {}, "has_updates": True, "generator": "scrapi-nest", "time": int(time.time() * 1000),
                      "evaluated_keys": {"userID": (body.get("user") or {}).get("userID", "")}, "hash_used": "djb2",
                      "user": body.get("user") or {}, "derived_fields": {}, "sdk_flags": {}})
    if _host_is(hit, "prodregistryv2.org", "api.statsig.com", "events.statsigapi.net") and "rgstr" in _path(hit) or \
            "log_event" in _path(hit):
        return _json({"success": True}, 202)
    return None


def launchdarkly(hit: Arrived) -> Reply | None:
    """LaunchDarkly: evalx flag values, bulk and diagnostic events accepted (202)."""
    if hit.host == "app.launchdarkly.com" and "/sdk/goals/" in _path(hit):
        return _json([])
    if hit.host == "app.launchdarkly.com" and "/sdk/evalx/" in _path(hit):
        return _json({"new-checkout": {"value": True, "variation": 1, "version": 1284, "flagVersion": 17,
                                       "trackEvents": False}})
    if hit.host == "events.launchdarkly.com":
        return Reply(202, b"", "text/plain")
    return None


def _optimizely_datafile(sdk_key: str) -> dict[str, Any]:
    """A v4 datafile: one flag rolled out to everyone, four attributes, one event, ODP on."""
    return {
        "version": "4", "revision": "217", "projectId": "26813770126", "accountId": "21537940595",
        "sdkKey": sdk_key, "environmentKey": "production", "anonymizeIP": True, "botFiltering": False,
        "sendFlagDecisions": True, "region": "US",
        "attributes": [{"id": "26805350180", "key": "email"}, {"id": "26805350181", "key": "name"},
                       {"id": "26805350182", "key": "phone"}, {"id": "26805350183", "key": "plan"}],
        "audiences": [], "typedAudiences": [], "groups": [], "experiments": [], "variables": [],
        "events": [{"id": "26800960231", "key": "signed_in", "experimentIds": []}],
        "featureFlags": [{"id": "145571", "key": "new_checkout", "rolloutId": "rollout-145571-26813770126",
                          "experimentIds": [], "variables": []}],
        "rollouts": [{"id": "rollout-145571-26813770126", "experiments": [{
            "id": "default-rollout-145571-26813770126", "key": "default-rollout-145571-26813770126",
            "status": "Running", "layerId": "rollout-145571-26813770126", "audienceIds": [], "audienceConditions": [],
            "forcedVariations": {}, "variations": [{"id": "458123", "key": "on", "featureEnabled": True, "variables": []}],
            "trafficAllocation": [{"entityId": "458123", "endOfRange": 10000}]}]}],
        "integrations": [{"key": "odp", "host": "https://api.zaius.com", "publicKey": "W4WzcEs-ABgXorzY7h1LCQ"}],
    }


def optimizely(hit: Arrived) -> Reply | None:
    """Optimizely: the datafile, logx events (204), ODP events and segments."""
    m = re.match(r"^/datafiles/([^/]+)\.json$", _path(hit))
    if hit.host == "cdn.optimizely.com" and m:
        return _json(_optimizely_datafile(m.group(1)))
    if hit.host == "logx.optimizely.com":
        return Reply(204, b"", "text/plain")
    if hit.host == "api.zaius.com":
        if _path(hit).startswith("/v3/graphql"):
            return _json({"data": {"customer": {"audiences": {"edges": []}}}})
        return _json({"title": "Accepted", "status": 202, "timestamp": _now_iso()}, 202)
    return None


def _flagsmith_flags() -> list[dict[str, Any]]:
    """One feature, on."""
    return [{"id": 310482, "feature": {"id": 51877, "name": "new_checkout", "type": "STANDARD"},
             "feature_state_value": None, "enabled": True, "environment": 27331, "identity": None}]


def flagsmith(hit: Arrived) -> Reply | None:
    """Flagsmith Edge API: environment flags, identity flags and traits, analytics accepted."""
    if hit.host != "edge.api.flagsmith.com":
        return None
    path = _path(hit)
    if path.startswith("/api/v1/flags"):
        return _json(_flagsmith_flags())
    if path.startswith("/api/v1/identities"):
        body = _body_json(hit) or {}
        identifier = body.get("identifier") or (_query(hit).get("identifier") or [""])[0]
        return _json({"identifier": identifier, "flags": _flagsmith_flags(), "traits": body.get("traits") or []})
    if path.startswith("/api/v1/analytics"):
        return _json({})
    return None


def unleash(hit: Arrived) -> Reply | None:
    """Unleash Frontend API: toggles for the context; metrics and registration accepted."""
    if hit.host != "unleash.shop.example":
        return None
    path = _path(hit).rstrip("/")
    if path == "/api/frontend" and hit.method in ("GET", "POST"):
        return _json({"toggles": [
            {"name": "new-checkout", "enabled": True, "variant": {"name": "disabled", "enabled": False,
                                                                 "feature_enabled": True}, "impressionData": False},
            {"name": "checkout-layout", "enabled": True, "variant": {"name": "compact", "enabled": True,
                                                                    "feature_enabled": True,
                                                                    "payload": {"type": "string", "value": "compact"}},
             "impressionData": False}]}, headers={"ETag": '"76d8bb0e:2841"'})
    if path.startswith("/api/frontend/client"):
        return Reply(202, b"", "text/plain")
    return None


def small_collectors(hit: Arrived) -> Reply | None:
    """Collectors whose answer the SDK barely reads: the status and body real ones give."""
    host, path = hit.host, _path(hit)
    if host == "faro-collector-prod-us-central-0.grafana.net" or host.endswith(".grafana.net"):
        return _json({}, 202)
    if host == "otel.shop.example" or host == "otel.highlight.io":
        return _json({"partialSuccess": {}})
    if host == "api.honeycomb.io":  # an empty ExportTraceServiceResponse, in the request's encoding
        return Reply(200, b"", "application/x-protobuf")
    if host == "api.raygun.io":
        return Reply(202, b"", "text/plain")
    if host == "capture.trackjs.com":
        return Reply(200, b"", "text/plain")
    if host == "usage.trackjs.com":
        return Reply(200, _GIF, "image/gif")
    if host == "appsignal-endpoint.net":
        return _json({})
    if host == "in.logs.betterstack.com":
        return Reply(202, b"", "text/plain")
    if host.startswith("rum-ingest.") and host.endswith(".signalfx.com"):
        return Reply(200, b"", "text/plain")
    if host.endswith("atatus.com"):
        dest = next((v for k, v in hit.headers if k.lower() == "sec-fetch-dest"), "")
        if hit.method == "GET" and dest == "script":  # Atatus sends beacons as <script> GETs
            return Reply(200, b"", "application/javascript")
        return Reply(200, _GIF, "image/gif") if hit.method == "GET" else Reply(204, b"", "text/plain")
    if host.endswith(".aptabase.com") and path.startswith("/api/"):
        return Reply(200, b"", "text/plain")
    if host == "api.swetrix.com":
        return Reply(201, b"", "text/plain") if hit.method == "POST" else _json({})
    return None


_GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")


def _graphql_root(query: str) -> str:
    """The first field of a GraphQL operation (its key in "data")."""
    body = query[query.find("{") + 1:] if "{" in query else ""
    m = re.match(r"\s*(\w+)", body)
    return m.group(1) if m else "ok"


def highlight(hit: Arrived) -> Reply | None:
    """Highlight's GraphQL (pub.highlight.io): each operation answered with its root field."""
    if hit.host != "pub.highlight.io" or hit.method != "POST":
        return None
    payload = _body_json(hit)
    ops = payload if isinstance(payload, list) else [payload or {}]
    answers = []
    for op in ops:
        root = _graphql_root(op.get("query") or "")
        variables = op.get("variables") or {}
        value: Any = True
        if root == "initializeSession":
            value = {"secure_id": variables.get("session_secure_id") or secrets.token_urlsafe(18),
                     "project_id": "4d7xj8qe", "sampling": {"spans": [], "logs": []}}
        elif root == "sampling":
            value = {"spans": [], "logs": []}
        elif root in ("pushPayload", "PushPayload", "pushMetrics"):
            value = 1
        elif root in ("identifySession", "addSessionProperties", "pushSessionEvents"):
            value = variables.get("session_secure_id") or "ok"
        answers.append({"data": {root: value}})
    return _json(answers if isinstance(payload, list) else answers[0])


_OPENREPLAY_SECRET = secrets.token_bytes(16)  # this fake ingest's token signing key (per run)


def _uuid_or_none(value: Any) -> str | None:
    """`value` when it is a UUID's text, else None."""
    try:
        return str(uuid.UUID(value)) if isinstance(value, str) and len(value) == 36 else None
    except ValueError:
        return None


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _openreplay_token(session_id: str) -> str:
    """A JWT-shaped session token for `session_id`, signed with this run's key."""
    head = _b64url(b'{"alg":"HS256","typ":"JWT"}')
    claims = _b64url(json.dumps({"sessionID": int(session_id), "projectID": 241}, separators=(",", ":")).encode())
    sig = _b64url(hmac.new(_OPENREPLAY_SECRET, f"{head}.{claims}".encode(), hashlib.sha256).digest())
    return f"{head}.{claims}.{sig}"


def _openreplay_session(token: Any) -> str | None:
    """The session id of a token this ingest issued (its signature checks), else None."""
    if not isinstance(token, str) or token.count(".") != 2:
        return None
    head, claims, _sig = token.split(".")
    try:
        data = json.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))
        session_id = str(int(data["sessionID"]))
    except (ValueError, KeyError, TypeError, binascii.Error):
        return None
    return session_id if hmac.compare_digest(_openreplay_token(session_id), token) else None


def openreplay(hit: Arrived) -> Reply | None:
    """OpenReplay ingest: a session token on /v1/web/start; batches accepted."""
    if hit.host != "api.openreplay.com":
        return None
    path = _path(hit)
    if path.endswith("/v1/web/start"):
        now = int(time.time() * 1000)
        body = _body_json(hit) if hit.method == "POST" else None
        body = body if isinstance(body, dict) else {}
        # As the real ingest does: the device's userUUID echoed when the tracker sends one it was
        # given (localStorage), else a new one; the session resumed when the tracker sends its
        # token (sessionStorage), else a new session. Nothing is shared between visitors.
        user_uuid = _uuid_or_none(body.get("userUUID")) or str(uuid.uuid4())
        session_id = _openreplay_session(body.get("token")) or str(secrets.randbelow(9 * 10**15) + 10**15)
        return _json({"token": _openreplay_token(session_id), "userUUID": user_uuid, "projectID": "241",
                      "beaconSizeLimit": 1000000, "compressionThreshold": 24000, "delay": 0,
                      "sessionID": session_id, "startTimestamp": now, "userBrowser": "Chrome",
                      "userCity": "San Francisco", "userCountry": "US", "userDevice": "", "userOS": "Linux",
                      "userState": "California", "canvasEnabled": False, "protocolVersion": 1})
    if "/v1/web/tags" in path:
        return _json({"tags": []})
    if "/v1/web/conditions" in path:
        return _json({"conditions": []})
    return Reply(200, b"", "text/plain")


def _alloy_identity_cookie(ecid: str) -> str:
    """A kndctr identity cookie value: base64 of a small protobuf holding the ECID."""
    ts = int(time.time())
    varint = bytearray()
    while True:
        byte = ts & 0x7F
        ts >>= 7
        varint.append(byte | (0x80 if ts else 0))
        if not ts:
            break
    raw = b"\x0a" + bytes([len(ecid)]) + ecid.encode() + b"\x10" + bytes(varint)
    return base64.b64encode(raw).decode()



def _alloy_known_ecid(payload: dict[str, Any]) -> str | None:
    """The ECID a request already carries: in a kndctr identity state entry, else in an identityMap."""
    for entry in ((payload.get("meta") or {}).get("state") or {}).get("entries") or []:
        key, value = str(entry.get("key", "")), entry.get("value")
        if key.startswith("kndctr_") and key.endswith("_identity") and isinstance(value, str):
            try:
                raw = base64.b64decode(value + "=" * (-len(value) % 4))
            except (binascii.Error, ValueError):
                continue
            if len(raw) > 2 and raw[0] == 0x0A and raw[2:2 + raw[1]].isdigit():
                return raw[2:2 + raw[1]].decode()
    docs = [payload.get("xdm")] + [e.get("xdm") for e in payload.get("events") or [] if isinstance(e, dict)]
    for xdm in docs:
        for ident in ((xdm or {}).get("identityMap") or {}).get("ECID") or []:
            if isinstance(ident, dict) and str(ident.get("id", "")).isdigit():
                return str(ident["id"])
    return None


def alloy(hit: Arrived) -> Reply | None:
    """Adobe Experience Platform Edge: identity, cookie and location-hint handles."""
    if not _host_is(hit, "adobedc.net", "demdex.net") or hit.method != "POST" or "/ee/" not in _path(hit):
        return None
    payload = _body_json(hit) or {}
    org = "53A16ACB5CC1D3760A495C99_AdobeOrg"
    for entry in ((payload.get("meta") or {}).get("state") or {}).get("entries") or []:
        if str(entry.get("key", "")).startswith("kndctr_") and entry["key"].endswith("_identity"):
            org = entry["key"][len("kndctr_"):-len("_identity")]
    # The visitor's ECID: the one its identity cookie (sent back as a state entry) holds, as the
    # real edge reads it; a new one for a new visitor. Never one ECID for every visitor.
    ecid = _alloy_known_ecid(payload) or str(secrets.randbelow(9 * 10**37) + 10**37)
    handles = [
        {"payload": [{"id": ecid, "namespace": {"code": "ECID"}}], "type": "identity:result"},
        {"payload": [{"scope": "Target", "hint": "35", "ttlSeconds": 1800},
                     {"scope": "AAM", "hint": "9", "ttlSeconds": 1800},
                     {"scope": "EdgeNetwork", "hint": "or2", "ttlSeconds": 1800}], "type": "locationHint:result"},
        {"payload": [{"key": f"kndctr_{org}_identity", "value": _alloy_identity_cookie(ecid), "maxAge": 34128000,
                      "attrs": {"SameSite": "None"}},
                     {"key": f"kndctr_{org}_cluster", "value": "or2", "maxAge": 1800, "attrs": {"SameSite": "None"}}],
         "type": "state:store"},
    ]
    if "/collect" in _path(hit):
        return Reply(204, b"", "text/plain")
    return _json({"requestId": str(uuid.uuid4()), "handle": handles})


# --- the blind set ------------------------------------------------------------------------------


def airbrake(hit: Arrived) -> Reply | None:
    """Airbrake: the remote notifier config (errors and APM on, at api.airbrake.io), notices 201 with
    their id and locate URL, APM stats (routes, queries, queues) 204."""
    if hit.host == "notifier-configs.airbrake.io" and hit.method == "GET":
        m = re.match(r"^/([0-9-]+)/config/(\d+)/config\.json$", _path(hit))
        if m is None:
            return Reply(404, b"", "text/plain")
        return _json({"project_id": int(m.group(2)), "updated_at": int(time.time()) - 86400, "poll_sec": 600,
                      "config_route": f"{m.group(1)}/config/{m.group(2)}/config.json",
                      "settings": [{"name": "errors", "enabled": True, "endpoint": "https://api.airbrake.io"},
                                   {"name": "apm", "enabled": True, "endpoint": "https://api.airbrake.io"}]})
    if hit.host != "api.airbrake.io":
        return None
    if re.match(r"^/api/v3/projects/\d+/notices$", _path(hit)) and hit.method == "POST":
        notice_id = str(secrets.randbelow(9 * 10**18) + 10**18)
        return _json({"id": notice_id, "url": f"https://airbrake.io/locate/{notice_id}"}, 201)
    if _path(hit).startswith("/api/v5/projects/"):
        return Reply(204, b"", "text/plain")
    return None


_EXCEPTIONLESS_CONFIG_VERSION = 3


def exceptionless(hit: Arrived) -> Reply | None:
    """Exceptionless: project settings by version, events and user descriptions 202 (with the
    settings version header the client compares), session heartbeats 200."""
    if not _host_is(hit, "exceptionless.io"):
        return None
    path = _path(hit)
    version = {"X-Exceptionless-ConfigVersion": str(_EXCEPTIONLESS_CONFIG_VERSION)}
    if path == "/api/v2/projects/config":
        asked = (_query(hit).get("v") or ["0"])[0]
        if asked == str(_EXCEPTIONLESS_CONFIG_VERSION):
            return Reply(304, b"", "text/plain", version)
        return _json({"version": _EXCEPTIONLESS_CONFIG_VERSION, "settings": {"@@DataExclusions": "*password*"}},
                     headers=version)
    if path == "/api/v2/events/session/heartbeat":
        return Reply(200, b"", "text/plain", version)
    if path.startswith("/api/v2/events") and hit.method == "POST":
        return Reply(202, b"", "text/plain", version)
    return None


def axiom(hit: Arrived) -> Reply | None:
    """Axiom ingest (/v1/datasets/<dataset>/ingest or the edge /v1/ingest/<dataset>): the ingest status."""
    if hit.host != "api.axiom.co" or hit.method != "POST":
        return None
    if not re.match(r"^/v1/(datasets/[^/]+/ingest|ingest/[^/]+)$", _path(hit)):
        return None
    enc = next((v for k, v in hit.headers if k.lower() == "content-encoding"), "")
    inflated = decompress(hit.body, enc)
    text = (inflated[1] if inflated else hit.body).decode("utf-8", "replace")
    n = len([ln for ln in text.splitlines() if ln.strip()])
    return _json({"ingested": n, "failed": 0, "failures": [], "processedBytes": len(text.encode()),
                  "blocksCreated": 0, "walLength": n})


def mezmo(hit: Arrived) -> Reply | None:
    """Mezmo (LogDNA) ingestion: a batch accepted."""
    if _host_is(hit, "logs.mezmo.com", "logs.logdna.com") and _path(hit) == "/logs/ingest" and hit.method == "POST":
        return _json({"status": "ok", "batchID": f"{uuid.uuid4()}:{secrets.randbelow(90000) + 10000}:ld72"})
    return None


def blind_small(hit: Arrived) -> Reply | None:
    """Collectors of the blind set whose answer the SDK does not read: the status real ones give."""
    host, path = hit.host, _path(hit)
    if host.startswith("ingress.") and host.endswith(".rum-ingress-coralogix.com"):
        return _json({}) if hit.method == "POST" else None
    if host == "api.pirsch.io" and path in ("/hit", "/event", "/session", "/api/v1/hit", "/api/v1/event"):
        return Reply(200, b"", "text/plain")
    if host == "events.usermaven.com" and path.startswith("/api/v1/"):
        return _json({"status": "ok"})
    return None


# --- the third blind set ------------------------------------------------------------------------


def devcycle(hit: Arrived) -> Reply | None:
    """DevCycle: the bucketed config for the user (no features, no SSE URL, so no stream opens);
    event batches 201."""
    if hit.host == "sdk-api.devcycle.com" and _path(hit) == "/v1/sdkConfig":
        return _json({"project": {"_id": "65f1c2a9b7d3e40012ab34cd", "key": "example-shop",
                                  "settings": {"edgeDB": {"enabled": False}, "optIn": {"enabled": False}}},
                      "environment": {"_id": "65f1c2a9b7d3e40012ab34ce", "key": "production"},
                      "features": {}, "featureVariationMap": {}, "variableVariationMap": {}, "variables": {}})
    if hit.host == "events.devcycle.com" and _path(hit) == "/v1/events" and hit.method == "POST":
        return _json({"message": "Successfully received events."}, 201)
    return None


def split(hit: Arrived) -> Reply | None:
    """Split (Harness FME): empty flag and rule-based-segment changes at the current change number,
    no segment memberships; event and impression bulks 200."""
    path, now = _path(hit), int(time.time() * 1000)
    if hit.host == "sdk.split.io" and path == "/api/splitChanges":
        return _json({"ff": {"d": [], "s": now, "t": now}, "rbs": {"d": [], "s": now, "t": now}})
    if hit.host == "sdk.split.io" and path.startswith("/api/memberships/"):
        return _json({"ms": {"k": []}, "ls": {"k": []}})
    if _host_is(hit, "events.split.io", "telemetry.split.io"):
        return Reply(200, b"", "text/plain")
    return None


def reflag(hit: Arrived) -> Reply | None:
    """Reflag (formerly Bucket): no flags for the context, a quiet live-update stream; tracking 200
    {"success": true}."""
    if hit.host != "front.reflag.com":
        return None
    if _path(hit) == "/features/evaluated":
        return _json({"success": True, "features": {}, "flagStateVersion": 1})
    if _path(hit) == "/sse/client":  # the live flag stream: open, nothing to say, a long reconnect delay
        return Reply(200, b"retry: 600000\n: connected\n\n", "text/event-stream", {"Cache-Control": "no-cache"})
    return _json({"success": True})


def prefab(hit: Arrived) -> Reply | None:
    """Prefab (Reforge): no evaluations for the context; telemetry 200."""
    if not _host_is(hit, "prefab.cloud"):
        return None
    if "/configs/eval-with-context/" in _path(hit):
        return _json({"evaluations": {}})
    return _json({})


def bugsplat(hit: Arrived) -> Reply | None:
    """BugSplat: a crash post accepted with its crash id, as the client validates it."""
    if not (hit.host.endswith(".bugsplat.com") and _path(hit).startswith("/post/")):
        return None
    crash_id = secrets.randbelow(9_000_000) + 1_000_000
    database = hit.host.split(".", 1)[0]
    return _json({"status": "success", "current_server_time": int(time.time()), "message": "Crash successfully posted",
                  "url": f"https://app.bugsplat.com/v2/crash?database={database}&id={crash_id}", "crash_id": crash_id})


def _unsigned_jwt(claims: dict[str, Any]) -> str:
    """A JWT the client only decodes (it never checks the signature)."""
    head = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    body = _b64url(json.dumps(claims).encode())
    return f"{head}.{body}.{_b64url(hashlib.sha256(body.encode()).digest())}"


def harness_ff(hit: Arrived) -> Reply | None:
    """Harness Feature Flags: the client auth token (environment and cluster claims), no flag
    evaluations for the target, metrics 200."""
    if hit.host == "config.ff.harness.io":
        path = _path(hit)
        if path == "/api/1.0/client/auth" and hit.method == "POST":
            claims = {"environment": "7c1e5b2a-4d3f-4e8a-9b21-5d6f8e0b1a47", "environmentIdentifier": "production",
                      "project": "3a9d7f12-6b4e-4c8a-a1d5-2f7e9c0b4d63", "projectIdentifier": "exampleshop",
                      "accountID": "kT3pQ9zXb2WmL7vR5nC8yD", "organization": "f2b8c4d1-9e7a-4b3c-8d6f-1a5e7c9b2d40",
                      "organizationIdentifier": "default", "clusterIdentifier": "2", "key_type": "Client",
                      "iat": int(time.time()), "exp": int(time.time()) + 86400}
            return _json({"authToken": _unsigned_jwt(claims)})
        if path.endswith("/evaluations"):
            return _json([])
        return None
    if hit.host == "events.ff.harness.io":
        return Reply(200, b"", "text/plain")
    return None


# --- the fifth blind set ------------------------------------------------------------------------


def kameleoon(hit: Arrived) -> Reply | None:
    """Kameleoon: the site's SDK configuration (one feature flag, off, no rules; four custom data
    slots; no consent required, no real-time updates), which initialize() must parse."""
    if hit.host == "sdk-config.kameleoon.eu" and _path(hit).startswith("/v3/") and hit.method == "GET":
        slots = [{"id": 9100 + i, "index": i, "name": f"slot{i}", "localOnly": False, "isMappingIdentifier": False,
                  "scope": "VISITOR"} for i in range(1, 5)]
        flag = {"id": 27341, "featureKey": "new_checkout", "environmentEnabled": True, "defaultVariationKey": "off",
                "variations": [{"key": "off", "name": "Off", "variables": []},
                               {"key": "on", "name": "On", "variables": []}],
                "rules": [], "mutuallyExclusiveGroup": None, "bucketingCustomDataIndex": None}
        return _json({"featureFlags": [flag], "customData": slots, "segments": [],
                      "configuration": {"realTimeUpdate": False, "consentType": "NOT_REQUIRED",
                                        "dataApiDomain": "data.kameleoon.io",
                                        "consentOptOutBehavior": "PARTIALLY_BLOCK"},
                      "dateModified": 1764000000000})
    return None


# --- the sixth blind set ------------------------------------------------------------------------


def ofrep(hit: Arrived) -> Reply | None:
    """The shop's OFREP flag service: the bulk evaluation (one boolean flag, on); the web provider
    rejects a 200 whose body has no `flags`."""
    if hit.host == "flags.shop.example" and _path(hit) == "/ofrep/v1/evaluate/flags" and hit.method == "POST":
        flag = {"key": "new-checkout", "value": True, "reason": "STATIC", "variant": "on", "metadata": {}}
        return _json({"flags": [flag]})
    return None


# --- the seventh blind set ----------------------------------------------------------------------


def vwo(hit: Arrived) -> Reply | None:
    """VWO Feature Management: the account's settings (one flag, a 100% rollout rule, one custom
    goal), which the SDK validates against its schema before any getFlag or trackEvent."""
    if (hit.host == "dev.visualwebsiteoptimizer.com" and _path(hit) == "/server-side/v2-settings"
            and hit.method == "GET"):
        account = (_query(hit).get("a") or ["894512"])[0]
        variables = [{"id": 1, "type": "boolean", "key": "enabled", "value": True}]
        rollout = {"id": 41, "type": "FLAG_ROLLOUT", "key": "new_checkout_rolloutRule1",
                   "name": "new_checkout_rolloutRule1", "status": "RUNNING", "percentTraffic": 100, "segments": {},
                   "isForcedVariationEnabled": False,
                   "variations": [{"id": 1, "name": "Rollout-rule-1", "weight": 100, "segments": {},
                                   "variables": variables}]}
        feature = {"id": 7, "key": "new_checkout", "name": "New checkout", "status": "ON", "type": "FEATURE_FLAG",
                   "metrics": [{"id": 3, "type": "CUSTOM_GOAL", "identifier": "signed_in"}],
                   "rules": [{"type": "FLAG_ROLLOUT", "ruleKey": "rolloutRule1", "campaignId": 41, "variationId": 1}],
                   "variables": variables, "impactCampaign": {}}
        return _json({"version": 3, "accountId": int(account) if account.isdigit() else account,
                      "features": [feature], "campaigns": [rollout], "groups": {}, "campaignGroups": {}})
    return None


# --- the eighth blind set -----------------------------------------------------------------------


def _ninetailed_page(events: list[Any]) -> dict[str, Any]:
    """The landing page of a Ninetailed session: the first event's page context, as the API keeps it."""
    for event in events:
        page = ((event or {}).get("context") or {}).get("page") if isinstance(event, dict) else None
        if isinstance(page, dict) and all(isinstance(page.get(k), str) for k in ("path", "referrer", "search", "url")):
            query = page.get("query") if isinstance(page.get("query"), dict) else {}
            return {"path": page["path"], "query": {str(k): str(v) for k, v in query.items()},
                    "referrer": page["referrer"], "search": page["search"], "url": page["url"]}
    return {"path": "/", "query": {}, "referrer": "", "search": "", "url": "https://shop.example/"}


def ninetailed(hit: Arrived) -> Reply | None:
    """Ninetailed Experience API: a profile created or updated from the events (its traits merged from the
    identify events), no experiences; the client validates the envelope. A new profile id per new visitor."""
    if hit.host != "experience.ninetailed.co":
        return None
    m = re.match(r"^/v2/organizations/[^/]+/environments/[^/]+/profiles(?:/([^/]+))?$", _path(hit))
    if m is None:
        return None
    body = _body_json(hit) if hit.method == "POST" else None
    events = (body or {}).get("events") if isinstance(body, dict) else None
    events = events if isinstance(events, list) else []
    traits: dict[str, Any] = {}
    for event in events:
        if isinstance(event, dict) and isinstance(event.get("traits"), dict):
            traits.update(event["traits"])
    profile_id = m.group(1) or str(uuid.uuid4())
    profile = {"id": profile_id, "stableId": profile_id, "random": secrets.randbelow(10**6) / 10**6,
               "audiences": [], "traits": traits,
               "location": {"city": "San Francisco", "region": "California", "regionCode": "CA",
                            "country": "United States", "countryCode": "US", "continent": "NA",
                            "timezone": "America/Los_Angeles"},
               "session": {"id": str(uuid.uuid4()), "isReturningVisitor": m.group(1) is not None,
                           "landingPage": _ninetailed_page(events), "count": 1, "activeSessionLength": 0,
                           "averageSessionLength": 0}}
    return _json({"data": {"profile": profile, "experiences": [], "changes": []}, "message": "ok", "error": None})


def croct(hit: Arrived) -> Reply | None:
    """Croct: the client id (CID) the tracker asks for before its first beacon, as plain text: the one the
    browser already has when it sends one, else a new one."""
    if hit.host == "api.croct.io" and _path(hit) == "/client/web/cid" and hit.method == "GET":
        known = (_query(hit).get("cid") or [""])[0]
        cid = known if re.fullmatch(r"[0-9a-f]{32}", known) else secrets.token_hex(16)
        return Reply(200, cid.encode(), "text/plain")
    return None


def notificare(hit: Arrived) -> Reply | None:
    """Notificare cloud API: the application's settings (no web push, inbox off, three user data fields) that
    launch() converts, and a device id for each registered browser; updates and events get 200 `{}`."""
    if hit.host != "cloud.notifica.re":
        return None
    path = _path(hit)
    if path == "/api/application/info" and hit.method == "GET":
        fields = [{"type": "text", "key": key, "label": label}
                  for key, label in (("email", "E-mail"), ("phone", "Phone"), ("plan", "Plan"))]
        return _json({"application": {"_id": "65a1f0c2b7d3e40012cd5e7f", "name": "Example Shop", "category": "Shopping",
                                      "branding": False, "services": {"websitePush": False, "inbox": False,
                                                                      "locationServices": False},
                                      "inboxConfig": {"useInbox": False, "useUserInbox": False, "autoBadge": False},
                                      "userDataFields": fields, "actionCategories": []}})
    if path == "/api/push" and hit.method == "POST":
        return _json({"device": {"deviceID": secrets.token_hex(32)}})
    return None


def featurehub(hit: Arrived) -> Reply | None:
    """FeatureHub Edge (polling): the features of each API key's environment, one boolean flag, evaluated."""
    if not (hit.host == "app.featurehub.io" and _path(hit).rstrip("/").endswith("/features") and hit.method == "GET"):
        return None
    environments = []
    for key in _query(hit).get("apiKey") or []:
        env = key.split("/", 1)[0]
        flag = {"id": "0f3a9c2e-7b41-4d58-9e6a-2c8b1d5f7e90", "key": "new_checkout", "l": False, "version": 3,
                "type": "BOOLEAN", "value": True}
        environments.append({"id": env, "features": [flag]})
    return _json(environments, headers={"ETag": '"fh-3"'})



# --- the ninth blind set ------------------------------------------------------------------------


def featureflow(hit: Arrived) -> Reply | None:
    """Featureflow: the evaluated features of the user (one flag, on) and the events batch, both with the exact
    `application/json;charset=UTF-8` type the client's request helper insists on before it parses an answer."""
    path = _path(hit)
    if hit.host == "app.featureflow.io" and path.startswith("/api/js/v1/evaluate/") and hit.method == "GET":
        return Reply(200, json.dumps({"new-checkout": "on"}).encode(), "application/json;charset=UTF-8")
    if hit.host == "events.featureflow.io" and path.startswith("/api/js/v1/event/") and hit.method == "POST":
        return Reply(200, b"{}", "application/json;charset=UTF-8")
    return None


def molasses(hit: Arrived) -> Reply | None:
    """Molasses: the environment's features (one flag, active for everyone), which init() must find under
    `data.features` before isActive() answers; analytics events get the default answer."""
    if hit.host == "sdk.molasses.app" and _path(hit) == "/v1/features" and hit.method == "GET":
        feature = {"id": "4b9e2c71-8d3a-4f6e-a1c5-7e2d9b0f3a86", "key": "NEW_CHECKOUT", "description": "New checkout",
                   "active": True, "segments": [{"percentage": 100, "segmentType": "everyoneElse",
                                                 "constraint": "all", "userConstraints": []}]}
        return _json({"data": {"features": [feature]}})
    return None


# --- the tenth blind set ------------------------------------------------------------------------

_BRANCH_CALLBACK = re.compile(r"^branch_callback__\d{1,4}$")


def _branch_id() -> str:
    """An 18-digit id, as Branch's fingerprint, session and identity ids are."""
    return str(secrets.randbelow(9 * 10**17) + 10**17)


def branch(hit: Arrived) -> Reply | None:
    """Branch: the browser fingerprint JSONP (`app.link/_r`, a script that calls the page's callback with the id) and
    the session that `/v1/open` opens, both new for each visitor; page views and events get the default answer."""
    path = _path(hit)
    if hit.host == "app.link" and path == "/_r" and hit.method == "GET":
        callback = (_query(hit).get("callback") or [""])[0]
        if not _BRANCH_CALLBACK.match(callback):
            return Reply(400, b"", "text/plain")
        return Reply(200, f'{callback}("{_branch_id()}");'.encode(), "application/javascript")
    if hit.host == "api2.branch.io" and path == "/v1/open" and hit.method == "POST":
        sent = parse_qs(hit.body.decode("utf-8", "replace"))
        identity_id = _branch_id()
        return _json({"session_id": _branch_id(), "identity_id": identity_id,
                      "identity": (sent.get("identity") or [None])[0],
                      "browser_fingerprint_id": (sent.get("browser_fingerprint_id") or [_branch_id()])[0],
                      "device_fingerprint_id": None, "has_app": False, "referring_link": None,
                      "link": f"https://example-shop.app.link?%24identity_id={identity_id}",
                      "data": json.dumps({"+clicked_branch_link": False, "+is_first_session": True}),
                      "branch_view_enabled": False})
    return None


def sitecore(hit: Arrived) -> Reply | None:
    """Sitecore Edge: a new browser (and its guest) for each visitor, which the Cloud SDK must read (`ref`) before it
    sends any event; events are acknowledged with their ref."""
    if hit.host != "edge-platform.sitecorecloud.io" or hit.method == "OPTIONS":
        return None
    path = _path(hit)
    if re.match(r"^/v1/events/v1\.2/browser/create\.json$", path):
        return _json({"ref": str(uuid.uuid4()), "customer_ref": str(uuid.uuid4()), "status": "OK", "version": "1.2",
                      "client_key": ""})
    if path == "/v1/events/v1.2/events" and hit.method == "POST":
        return _json({"ref": str(uuid.uuid4()), "status": "OK", "version": "1.2", "client_key": ""})
    return None


# --- the eleventh blind set ---------------------------------------------------------------------


def bugfender(hit: Arrived) -> Reply | None:
    """Bugfender: the device's status (logging enabled, as for an app that logs every device) and a numeric id for each
    session the SDK registers; logs, device keys and issues are acknowledged."""
    if hit.host != "api.bugfender.com" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/app/device-status":
        return _json({"logger_enabled": True})
    if path == "/session":
        return _json({"id": secrets.randbelow(9 * 10**9) + 10**9})
    if path in ("/log/batch", "/device/keyvalue", "/issue"):
        return _json({"ok": True})
    return None


# --- the twelfth blind set ----------------------------------------------------------------------


def courier(hit: Arrived) -> Reply | None:
    """Courier: the user's inbox over GraphQL (empty: no messages, nothing unread), and the tracked event acknowledged
    with its message id, as the client parses them."""
    if hit.host == "inbox.courier.com" and _path(hit) == "/q" and hit.method == "POST":
        return _json({"data": {"count": 0, "unreadCount": 0, "messages": {
            "totalCount": 0, "pageInfo": {"startCursor": None, "hasNextPage": False}, "nodes": []}}})
    if hit.host == "api.courier.com" and _path(hit) == "/inbound/courier" and hit.method == "POST":
        body = _body_json(hit)
        message_id = body.get("messageId") if isinstance(body, dict) else None
        return _json({"messageId": message_id if isinstance(message_id, str) else str(uuid.uuid4())}, 202)
    return None



# --- the thirteenth blind set -------------------------------------------------------------------


def contentstack(hit: Arrived) -> Reply | None:
    """Contentstack Personalize's edge: the manifest (one experience with its active variant, as the SDK reads it) with
    the visitor's user id in its header (the one the SDK sent back, else a new one for each new visitor); impressions,
    events and user attributes acknowledged."""
    if hit.host != "personalize-edge.contentstack.com":
        return None
    path = _path(hit)
    if path == "/manifest" and hit.method == "GET":
        sent = next((v for k, v in hit.headers if k.lower() == "x-cs-personalize-user-uid"), "")
        user_uid = sent or uuid.uuid4().hex
        return _json({"activeVariants": {"a": "0"}, "experiences": [{"shortUid": "a", "activeVariantShortUid": "0"}]},
                     headers={"X-CS-Personalize-User-Uid": user_uid})
    if path in ("/events", "/user-attributes", "/user-attributes/actions/merge"):
        return _json({"message": "ok"})
    return None


def tell(hit: Arrived) -> Reply | None:
    """Tell's collector: event and log batches accepted with 202, the status the SDK counts as sent (it retries
    other statuses it does not know), with a JSON body (with none, Chromium reports the keepalive fetch aborted)."""
    if hit.host == "collect.tell.app" and hit.method == "POST" and _path(hit) in ("/v1/events", "/v1/logs"):
        return _json({}, 202)
    return None


def mapp(hit: Arrived) -> Reply | None:
    """Mapp Intelligence's track domain: the pixel request answered with the 1x1 GIF a pixel endpoint returns."""
    if hit.host == "q3.webtrekk.net" and hit.method == "GET" and _path(hit).endswith("/wt"):
        return Reply(200, _GIF, "image/gif")
    return None

def bitmovin(hit: Arrived) -> Reply | None:
    """Bitmovin Analytics: the collector's licence call granted (it sends nothing but this call otherwise); samples
    acknowledged."""
    if hit.host != "analytics-ingress-global.bitmovin.com" or hit.method != "POST":
        return None
    if _path(hit) == "/licensing":
        return _json({"status": "granted", "message": "There is a tracking domain limit", "features": {}})
    return _json({})


def schematic(hit: Arrived) -> Reply | None:
    """Schematic: a flag check answered for the context it was asked for (on, by a plan entitlement); identify, track
    and flag-check events acknowledged."""
    path = _path(hit)
    m = re.fullmatch(r"/flags/([^/]+)/check", path)
    if hit.host == "api.schematichq.com" and hit.method == "POST" and m:
        return _json({"data": {"flag": m.group(1), "flag_id": "flag_2Nq8vK4xT7mR", "reason": "Matched plan entitlement",
                               "rule_type": "plan_entitlement", "value": True}, "params": {}})
    if hit.host == "c.schematichq.com" and path == "/e" and hit.method == "POST":
        return _json({"ok": True})
    return None


# --- the fourteenth blind set -------------------------------------------------------------------


_APXOR_CONFIG_HASH = "5c2e8a1f9d3b7e4a"


def apxor(hit: Arrived) -> Reply | None:
    """Apxor: the site's SDK enabled with its configuration's hash, the web configuration that turns monitoring on
    (without both the SDK sends nothing more), and posted chunks and user info acknowledged, as the SDK reads them."""
    if hit.host != "server.apxor.com":
        return None
    path = _path(hit)
    if hit.method == "GET" and re.fullmatch(r"/v2/api/sdk/[^/]+/enabled-status", path):
        return _json({"enabled": True, "hash": _APXOR_CONFIG_HASH})
    if hit.method == "GET" and re.fullmatch(r"/v2/api/config/[^/]+/web", path):
        return _json({"enable": True, "hash": _APXOR_CONFIG_HASH, "max_chunk_event_count": 20, "idle_time_out": 1800,
                      "events": {"stop": [], "action": [], "app": []}})
    if hit.method == "POST":
        return _json({"apxor_status": "APXOR_STATUS_SUCCESS"})
    return None


def humanbehavior(hit: Arrived) -> Reply | None:
    """HumanBehavior's ingestion API: each call answered with the body its README documents (the session and user the
    client sent, acknowledgements with counts and ids)."""
    if hit.host != "ingest.humanbehavior.co" or hit.method != "POST":
        return None
    path, body = _path(hit), _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if path == "/api/ingestion/init":
        return _json({"sessionId": body.get("sessionId"), "endUserId": body.get("endUserId")})
    if path == "/api/ingestion/events":
        events = body.get("events")
        return _json({"success": True, "appended": len(events) if isinstance(events, list) else 0,
                      "sessionCreated": False})
    if path in ("/api/ingestion/user", "/api/ingestion/user/auth"):
        return _json({"success": True, "userId": body.get("userId"), "sessionId": body.get("sessionId")})
    if path == "/api/ingestion/customEvent":
        return _json({"success": True, "eventId": str(uuid.uuid4())})
    if path == "/api/ingestion/customEvent/batch":
        events = body.get("events")
        return _json({"success": True, "eventIds": [str(uuid.uuid4()) for _ in (events if isinstance(events, list)
                                                                                    else [])]})
    return _json({"success": True})


def splunk_hec(hit: Arrived) -> Reply | None:
    """Splunk's HTTP Event Collector: events accepted with the collector's own success body."""
    if (hit.host.startswith("http-inputs-") and hit.host.endswith(".splunkcloud.com") and hit.method == "POST"
            and _path(hit).startswith("/services/collector")):
        return _json({"text": "Success", "code": 0})
    return None


def flagr(hit: Arrived) -> Reply | None:
    """The shop's Flagr: an evaluation answered as Flagr does, the evaluation context echoed with the variant it
    chose (on, from the flag's first segment)."""
    if hit.host != "flagr.shop.example" or hit.method != "POST" or _path(hit) != "/api/v1/evaluation":
        return None
    context = _body_json(hit)
    context = context if isinstance(context, dict) else {}
    return _json({"flagID": 3, "flagKey": context.get("flagKey") or "new-checkout", "flagSnapshotID": 17,
                  "segmentID": 5, "variantID": 9, "variantKey": "on", "variantAttachment": {},
                  "evalContext": context, "timestamp": _now_iso()})


def frontend_monitor(hit: Arrived) -> Reply | None:
    """The shop's front-end monitoring API: the ingest token the SDK asks for before it reports (a JWT it decodes for
    its expiry), and reports acknowledged."""
    if hit.host != "fe-monitor.shop.example" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/ingest/token":
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        ttl = body.get("ttlSeconds") if isinstance(body.get("ttlSeconds"), int) else 3600
        now = int(time.time())
        return _json({"token": _unsigned_jwt({"projectId": body.get("projectId"), "iat": now, "exp": now + ttl}),
                      "expiresIn": ttl})
    if path.startswith("/ingest"):
        return _json({"code": 0, "message": "ok"})
    return None


# --- the fifteenth blind set --------------------------------------------------------------------


def appbase(hit: Arrived) -> Reply | None:
    """appbase.io analytics on the shop's cluster: a recorded search answered with its query id (the SDK keeps it for
    the clicks and conversions that follow, and refuses a click without one); clicks and the rest acknowledged."""
    if not hit.host.endswith(".searchbase.io") or hit.method != "PUT" or "/_analytics/" not in _path(hit):
        return None
    if _path(hit).endswith("/_analytics/search"):
        return _json({"query_id": str(uuid.uuid4())})
    return _json({"result": "ok"})


def builderio(hit: Arrived) -> Reply | None:
    """Builder.io's Content API: each model asked for answered with one entry under A/B test (two variations, as the
    SDK picks one by their test ratios and tracks its impression); tracked events get the default answer."""
    m = re.fullmatch(r"/api/v3/query/[^/]+/([^/]+)", _path(hit))
    if hit.host != "cdn.builder.io" or hit.method != "GET" or m is None:
        return None
    answer: dict[str, Any] = {}
    for key in m.group(1).split(","):
        entry_id = hashlib.sha256(key.encode()).hexdigest()[:32]
        variant_id = hashlib.sha256(("b:" + key).encode()).hexdigest()[:32]
        default = {"text": "Winter sale: 20% off boots"}
        answer[key] = [{
            "id": entry_id, "name": "Winter sale bar", "modelId": "a7f3c9e2b41d4f8e9c6a2d5b8e1f4c70",
            "published": "published", "data": default,
            "variations": {
                entry_id: {"id": entry_id, "name": "Default variation", "testRatio": 0.5, "data": default},
                variant_id: {"id": variant_id, "name": "Free shipping", "testRatio": 0.5,
                             "data": {"text": "Free shipping on boots"}},
            },
        }]
    return _json(answer)


def _connect_frame(flags: int, message: dict[str, Any]) -> bytes:
    """One Connect streaming envelope: a flags byte, the length (4 bytes, big-endian), the JSON message."""
    data = json.dumps(message).encode()
    return bytes([flags]) + len(data).to_bytes(4, "big") + data


def flagd(hit: Arrived) -> Reply | None:
    """The shop's flagd over the Connect protocol: the event stream says the provider is ready (then ends, as a
    closed stream), and the bulk evaluation answers one boolean flag, on, for the context it was sent."""
    if hit.host != "flagd.shop.example" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/flagd.evaluation.v1.Service/EventStream":
        body = _connect_frame(0, {"type": "provider_ready", "data": {}}) + _connect_frame(2, {})
        return Reply(200, body, "application/connect+json")
    if path == "/flagd.evaluation.v1.Service/ResolveAll":
        flag = {"reason": "TARGETING_MATCH", "variant": "on", "boolValue": True}
        return _json({"flags": {"new-checkout": flag}})
    return None


# --- the sixteenth blind set --------------------------------------------------------------------


def goff(hit: Arrived) -> Reply | None:
    """The shop's GO Feature Flag relay proxy: all flags evaluated for the context sent (one boolean flag, on), the data
    collector's count of what it ingested, and the WebSocket for configuration changes accepted (and left quiet)."""
    if hit.host != "goff.shop.example":
        return None
    path = _path(hit)
    if path == "/ws/v1/flag/change" and hit.method == "GET":
        key = next((v for k, v in hit.headers if k.lower() == "sec-websocket-key"), "")
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
        return Reply(101, b"", "text/plain", {"Upgrade": "websocket", "Connection": "Upgrade",
                                              "Sec-WebSocket-Accept": accept.decode("ascii")})
    if path == "/v1/allflags" and hit.method == "POST":
        flag = {"value": True, "timestamp": int(time.time()), "variationType": "on", "trackEvents": True,
                "failed": False, "reason": "TARGETING_MATCH", "metadata": {}}
        return _json({"flags": {"new-checkout": flag}, "valid": True})
    if path == "/v1/data/collector" and hit.method == "POST":
        body = _body_json(hit)
        events = body.get("events") if isinstance(body, dict) else None
        return _json({"ingestedContentCount": len(events) if isinstance(events, list) else 0})
    return None


def singular(hit: Arrived) -> Reply | None:
    """Singular's SDK API: sessions, events and custom user ids acknowledged with the status the SDK checks."""
    if hit.host != "sdk-api-v1.singular.net" or not _path(hit).startswith("/api/v1/"):
        return None
    return _json({"status": "ok"})


# --- the seventeenth blind set -------------------------------------------------------------------


def gameanalytics(hit: Arrived) -> Reply | None:
    """GameAnalytics' API: the init call (remote configs) answered with the server time the SDK validates, and the
    events call acknowledged."""
    if hit.host != "api.gameanalytics.com":
        return None
    path = _path(hit)
    if path == "/remote_configs/v1/init" and hit.method == "POST":
        return _json({"server_ts": int(time.time()), "configs": [], "configs_hash": "", "ab_id": "",
                      "ab_variant_id": ""}, 201)
    if path.startswith("/v2/") and path.endswith("/events") and hit.method == "POST":
        return _json({})
    return None


# --- the eighteenth blind set --------------------------------------------------------------------


def _ws_accept(hit: Arrived) -> Reply:
    """A WebSocket handshake accepted (the fake internet then holds it open and sends nothing)."""
    key = next((v for k, v in hit.headers if k.lower() == "sec-websocket-key"), "")
    accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
    return Reply(101, b"", "text/plain", {"Upgrade": "websocket", "Connection": "Upgrade",
                                          "Sec-WebSocket-Accept": accept.decode("ascii")})


def gleap(hit: Arrived) -> Reply | None:
    """Gleap's API: a visitor's session (the gleapId and gleapHash the SDK waits for before identify, its config and
    events), kept by the calls that update it; the tooltips list (empty); the live WebSocket accepted (events stream
    only while it is open)."""
    if hit.host == "ws.gleap.io" and hit.method == "GET":
        return _ws_accept(hit)
    if hit.host != "api.gleap.io":
        return None
    path = _path(hit)
    if hit.method == "GET" and path.startswith("/config/") and path.endswith("/tooltips"):
        return _json([])  # the SDK filters the list it gets
    if hit.method != "POST":
        return None
    if path in ("/sessions", "/sessions/identify", "/sessions/partialupdate"):
        sent = {k.lower(): v for k, v in hit.headers}
        gleap_id = sent.get("gleap-id") or secrets.token_hex(12)
        gleap_hash = sent.get("gleap-hash") or secrets.token_hex(32)
        return _json({"gleapId": gleap_id, "gleapHash": gleap_hash})
    if path == "/sessions/events":
        return _json({})
    return None


def pubnub(hit: Arrived) -> Reply | None:
    """PubNub's REST API (ps<n>.pndsn.com): a publish acknowledged with its timetoken, App Context metadata stored."""
    if not (hit.host.startswith("ps") and hit.host.endswith(".pndsn.com")):
        return None
    path = _path(hit)
    timetoken = str(time.time_ns() // 100)
    if path.startswith("/publish/"):
        return Reply(200, json.dumps([1, "Sent", timetoken]).encode(), "text/javascript; charset=UTF-8")
    if path.startswith("/v2/objects/") and hit.method == "PATCH":
        return _json({"status": 200, "data": {"id": path.rsplit("/", 1)[-1], "updated": "2026-11-30T12:00:00.000Z",
                                              "eTag": secrets.token_hex(8)}})
    return None


# --- the nineteenth blind set --------------------------------------------------------------------


def shake(hit: Arrived) -> Reply | None:
    """Shake's live socket (socket.io over a WebSocket, ws.shakebugs.com): accepted and held open, as Gleap's."""
    if hit.host == "ws.shakebugs.com" and hit.method == "GET" and _path(hit).startswith("/socket.io/"):
        return _ws_accept(hit)
    return None


def connectycube(hit: Arrived) -> Reply | None:
    """ConnectyCube's REST API: an application session (the token the SDK keeps for the next calls)."""
    if hit.host != "api.connectycube.com" or hit.method != "POST" or _path(hit) != "/session.json":
        return None
    try:
        sent = json.loads(hit.body or b"{}")
    except ValueError:
        sent = {}
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return _json({"session": {"_id": secrets.token_hex(12), "id": 0, "application_id": sent.get("application_id", 0),
                              "user_id": 0, "nonce": sent.get("nonce", 0), "ts": int(time.time()),
                              "token": secrets.token_hex(20), "created_at": now, "updated_at": now}}, 201)


# --- the twentieth blind set ---------------------------------------------------------------------


def hyphen(hit: Arrived) -> Reply | None:
    """Hyphen's Horizon toggle service (<org>.toggle.hyphen.cloud): an evaluation answers every toggle of the
    application (the SDK reads the one it was asked for)."""
    if not _host_is(hit, "toggle.hyphen.cloud") or hit.method != "POST" or _path(hit) != "/toggle/evaluate":
        return None
    return _json({"toggles": {
        "new-checkout": {"key": "new-checkout", "value": True, "type": "boolean", "reason": "targeting rule match"},
        "size-guide-layout": {"key": "size-guide-layout", "value": "table", "type": "string", "reason": "default"},
    }})


def flows(hit: Arrived) -> Reply | None:
    """Flows' SDK API (api.flows-cloud.com): the block-updates WebSocket accepted and held open (the SDK asks for the
    user's blocks once it is open), no blocks, no workflows."""
    if hit.host != "api.flows-cloud.com":
        return None
    path = _path(hit)
    if hit.method == "GET" and path == "/ws/sdk/block-updates":
        return _ws_accept(hit)
    if hit.method == "POST" and path == "/v2/sdk/blocks":
        return _json({"blocks": []})
    if hit.method == "POST" and path == "/v2/sdk/workflows":
        return _json({"workflows": []})
    return None


# --- the twenty-first blind set ------------------------------------------------------------------


def botpress(hit: Arrived) -> Reply | None:
    """Botpress' Chat API (chat.botpress.cloud/<webhook id>): a new user gets its id and a user key (which the client
    sends as x-user-key from then on), a new conversation its id (the client posts its messages to it), a message and
    a user update are echoed back."""
    if hit.host != "chat.botpress.cloud" or hit.method not in ("POST", "PUT"):
        return None
    parts = _path(hit).strip("/").split("/")
    if len(parts) < 2:
        return None
    sent = _body_json(hit)
    sent = sent if isinstance(sent, dict) else {}
    now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    what = "/".join(parts[1:])
    if hit.method == "POST" and what == "users":
        user = {"id": sent.get("id") or f"user_{secrets.token_hex(12)}", "createdAt": now, "updatedAt": now}
        return _json({"user": user, "key": secrets.token_urlsafe(48)})
    if hit.method == "PUT" and what == "users/me":
        return _json({"user": {"id": f"user_{secrets.token_hex(12)}", "name": sent.get("name"),
                               "profile": sent.get("profile"), "createdAt": now, "updatedAt": now}})
    if hit.method == "POST" and what == "conversations":
        return _json({"conversation": {"id": f"conv_{secrets.token_hex(12)}", "createdAt": now, "updatedAt": now}})
    if hit.method == "POST" and what == "messages":
        return _json({"message": {"id": f"msg_{secrets.token_hex(12)}", "createdAt": now,
                                  "conversationId": sent.get("conversationId"), "payload": sent.get("payload"),
                                  "userId": f"user_{secrets.token_hex(12)}"}})
    return None


# --- the twenty-second blind set -----------------------------------------------------------------


def rupt(hit: Arrived) -> Reply | None:
    """Rupt's API (api.rupt.dev): an attach answers the device's id and its access (the SDK then listens for a logout
    of that device on an event stream, held here with a long retry); an evaluation allows the visitor."""
    if hit.host != "api.rupt.dev":
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/v2/device/attach":
        return _json({"success": True, "attached_devices": 1, "device_id": f"dev_{secrets.token_hex(10)}",
                      "default_device_limit": 3, "block_over_usage": False, "suspended": False,
                      "access": f"acc_{secrets.token_hex(10)}", "identity": f"idn_{secrets.token_hex(10)}"})
    if hit.method == "GET" and path.startswith("/v2/access/device/") and path.endswith("/listen"):
        return Reply(200, b"retry: 600000\n: connected\n\n", "text/event-stream", {"Cache-Control": "no-cache"})
    if hit.method == "POST" and path == "/v2/device/evaluate":
        return _json({"fingerprint_id": f"fp_{secrets.token_hex(10)}", "confidence": 0.98, "verdict": "allow",
                      "reasons": []})
    return None


def ory(hit: Arrived) -> Reply | None:
    """The Ory Network's frontend API (<project>.projects.oryapis.com): a new browser registration flow, with its id
    and the form's CSRF token node (the client posts the traits to that flow)."""
    if not hit.host.endswith(".projects.oryapis.com"):
        return None
    if hit.method == "GET" and _path(hit) == "/self-service/registration/browser":
        now = time.time()
        flow_id = str(uuid.uuid4())
        iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))  # noqa: E731
        base = f"https://{hit.host}"
        return _json({
            "id": flow_id, "type": "browser", "state": "choose_method", "issued_at": iso(now),
            "expires_at": iso(now + 3600), "request_url": f"{base}/self-service/registration/browser",
            "ui": {"action": f"{base}/self-service/registration?flow={flow_id}", "method": "POST", "nodes": [
                {"type": "input", "group": "default", "messages": [], "meta": {},
                 "attributes": {"name": "csrf_token", "type": "hidden", "value": secrets.token_urlsafe(32),
                                "required": True, "disabled": False, "node_type": "input"}},
            ]},
        })
    return None


# --- the twenty-third blind set ------------------------------------------------------------------


def _pb_varint(n: int) -> bytes:
    """A protobuf varint."""
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _pb_string(field: int, text: str) -> bytes:
    """A length-delimited protobuf field."""
    raw = text.encode()
    return _pb_varint(field << 3 | 2) + _pb_varint(len(raw)) + raw


def _pb_read_varint(body: bytes, pos: int) -> tuple[int, int]:
    """A protobuf varint at `pos`, and the position after it (IndexError past the end)."""
    value, shift = 0, 0
    while True:
        byte = body[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def _pb_first_string(body: bytes, field: int) -> str:
    """The first length-delimited `field` of a protobuf message, as text ('' when absent or unreadable)."""
    pos = 0
    try:
        while pos < len(body):
            key, pos = _pb_read_varint(body, pos)
            wire = key & 7
            if wire == 0:
                _, pos = _pb_read_varint(body, pos)
            elif wire == 2:
                size, pos = _pb_read_varint(body, pos)
                if key >> 3 == field:
                    return body[pos:pos + size].decode("utf-8", "replace")
                pos += size
            elif wire in (1, 5):
                pos += 8 if wire == 1 else 4
            else:
                return ""
    except IndexError:
        return ""
    return ""


def gojek_clickstream(hit: Arrived) -> Reply | None:
    """A Raccoon collector (raccoon.shop.example): a protobuf SendEventRequest is acknowledged with a SendEventResponse
    (status and code success, the request's req_guid in its data map), after which the SDK drops the batch from its
    IndexedDB store."""
    if hit.host != "raccoon.shop.example" or hit.method != "POST":
        return None
    guid = _pb_first_string(hit.body, 1)
    entry = _pb_string(1, "req_guid") + _pb_string(2, guid)
    status = _pb_varint(1 << 3) + _pb_varint(1)  # status = 1 (success)
    code = _pb_varint(2 << 3) + _pb_varint(1)  # code = 1 (OK)
    sent = _pb_varint(3 << 3) + _pb_varint(int(time.time()))
    data = _pb_varint(5 << 3 | 2) + _pb_varint(len(entry)) + entry
    return Reply(200, status + code + sent + data, "application/proto")


def typebot(hit: Arrived) -> Reply | None:
    """Typebot's chat API (typebot.io/api/v1): a started chat gets its session and result ids, the published bot's id,
    version, theme and settings, a first text bubble and a text input."""
    if hit.host != "typebot.io" or hit.method != "POST":
        return None
    m = re.fullmatch(r"/api/v1/typebots/([^/]+)/startChat", _path(hit))
    if m is None:
        return None
    return _json({
        "sessionId": secrets.token_urlsafe(18), "resultId": secrets.token_urlsafe(18),
        "typebot": {"id": f"cl{secrets.token_hex(12)}", "version": "6", "publishedAt": "2026-11-02T09:14:00.000Z",
                    "theme": {"general": {}, "chat": {}}, "settings": {"general": {"isBrandingEnabled": False}}},
        "messages": [{"id": secrets.token_hex(8), "type": "text", "content": {"type": "richText", "richText": [
            {"type": "p", "children": [{"text": "Hi! How can we help with your order today?"}]}]}}],
        "input": {"id": secrets.token_hex(8), "type": "text input", "options": {"labels": {
            "placeholder": "Type your answer...", "button": "Send"}}},
    })


def revenuecat(hit: Arrived) -> Reply | None:
    """RevenueCat's API (api.revenuecat.com/v1): a subscriber (its customer info, no entitlements yet), its offerings
    (none current), and attributes accepted."""
    if hit.host != "api.revenuecat.com":
        return None
    path = _path(hit)
    m = re.fullmatch(r"/v1/subscribers/([^/]+)(/offerings|/attributes)?", path)
    if m is None:
        return None
    now = time.time()
    iso = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))
    if m.group(2) == "/attributes" and hit.method == "POST":
        return _json({})
    if m.group(2) == "/offerings" and hit.method == "GET":
        return _json({"current_offering_id": None, "offerings": []})
    if m.group(2) is None and hit.method == "GET":
        return _json({"request_date": iso, "request_date_ms": int(now * 1000), "subscriber": {
            "entitlements": {}, "first_seen": iso, "last_seen": iso, "management_url": None, "non_subscriptions": {},
            "original_app_user_id": unquote(m.group(1)), "original_application_version": None,
            "original_purchase_date": None, "other_purchases": {}, "subscriptions": {}}})
    return None


def gotcha(hit: Arrived) -> Reply | None:
    """Gotcha's API (gotcha.cx/api/v1): a submitted response is created; an element's score is empty."""
    if hit.host != "gotcha.cx":
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/api/v1/responses":
        return _json({"id": str(uuid.uuid4()), "status": "created",
                      "createdAt": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())}, 201)
    return None


def web3forms(hit: Arrived) -> Reply | None:
    """Web3Forms (api.web3forms.com/submit): a submission is accepted and mailed."""
    if hit.host != "api.web3forms.com" or hit.method != "POST" or _path(hit) != "/submit":
        return None
    return _json({"success": True, "message": "Email sent successfully!", "data": _body_json(hit) or {}})


# --- the twenty-fourth blind set -----------------------------------------------------------------


def airtable(hit: Arrived) -> Reply | None:
    """Airtable's REST API (api.airtable.com/v0/<base>/<table>): created records come back with their ids and creation
    time; a table's first page has no records and no offset. (A JSON {} has no `records`, and the client throws.)"""
    if hit.host != "api.airtable.com":
        return None
    m = re.fullmatch(r"/v0/(app[A-Za-z0-9]+)/([^/]+)/?", _path(hit))
    if m is None:
        return None
    if hit.method == "POST":
        body = _body_json(hit) or {}
        records = body.get("records") if isinstance(body, dict) else None
        return _json({"records": [{"id": "rec" + secrets.token_hex(7)[:14], "createdTime": _now_iso(),
                                   "fields": r.get("fields", {}) if isinstance(r, dict) else {}}
                                  for r in (records or [])]})
    if hit.method == "GET":
        return _json({"records": []})
    return None


def commercelayer(hit: Arrived) -> Reply | None:
    """Commerce Layer's API (<organization>.commercelayer.io/api): JSON:API documents; a created resource comes back
    with its id and attributes (less the password), a list is empty with its page meta."""
    if not hit.host.endswith(".commercelayer.io"):
        return None
    m = re.fullmatch(r"/api/([a-z_]+)", _path(hit))
    if m is None:
        return None
    rtype = m.group(1)
    base = f"https://{hit.host}/api/{rtype}"
    if hit.method == "POST":
        body = _body_json(hit) or {}
        data = body.get("data") if isinstance(body, dict) else None
        attrs = dict(data.get("attributes") or {}) if isinstance(data, dict) else {}
        attrs.pop("password", None)
        rid = secrets.token_urlsafe(8)[:10]
        attrs.update({"created_at": _now_iso(), "updated_at": _now_iso()})
        return _json({"data": {"id": rid, "type": rtype, "links": {"self": f"{base}/{rid}"}, "attributes": attrs,
                               "relationships": {}, "meta": {"mode": "test", "organization_id": "WnNzvFZDqK"}}}, 201)
    if hit.method == "GET":
        return _json({"data": [], "meta": {"record_count": 0, "page_count": 0},
                      "links": {"first": f"{base}?page[number]=1", "last": f"{base}?page[number]=1"}})
    return None


def pocketbase(hit: Arrived) -> Reply | None:
    """PocketBase's REST API (pb.shop.example/api/collections/<name>/records): a created record comes back with its id,
    collection and timestamps (less the password fields); a list page is empty."""
    if hit.host != "pb.shop.example":
        return None
    m = re.fullmatch(r"/api/collections/([^/]+)/records", _path(hit))
    if m is None:
        return None
    if hit.method == "POST":
        body = _body_json(hit)
        record = {k: v for k, v in (body if isinstance(body, dict) else {}).items()
                  if k not in ("password", "passwordConfirm")}
        stamp = time.strftime("%Y-%m-%d %H:%M:%S.000Z", time.gmtime())
        collection_id = "pbc_" + str(int(hashlib.sha256(m.group(1).encode()).hexdigest()[:8], 16))
        record.update({"id": secrets.token_hex(8)[:15], "collectionId": collection_id, "collectionName": m.group(1),
                       "created": stamp, "updated": stamp})
        return _json(record)
    if hit.method == "GET":
        per_page = int((_query(hit).get("perPage") or ["30"])[0])
        return _json({"page": 1, "perPage": per_page, "totalItems": 0, "totalPages": 0, "items": []})
    return None


def frappe(hit: Arrived) -> Reply | None:
    """A Frappe site's REST API (<site>.frappe.cloud/api/resource/<DocType>): a created document comes back under
    "data" with its name and owner; a list is an empty "data"."""
    if not hit.host.endswith(".frappe.cloud"):
        return None
    m = re.fullmatch(r"/api/resource/([^/]+)", _path(hit))
    if m is None:
        return None
    if hit.method == "POST":
        body = _body_json(hit)
        doc = dict(body) if isinstance(body, dict) else {}
        stamp = time.strftime("%Y-%m-%d %H:%M:%S.000000", time.gmtime())
        doc.update({"name": f"CRM-LEAD-{time.gmtime().tm_year}-{secrets.randbelow(90000) + 10000}",
                    "doctype": unquote(m.group(1)), "owner": "api@example-shop.com", "creation": stamp,
                    "modified": stamp, "docstatus": 0})
        return _json({"data": doc})
    if hit.method == "GET":
        return _json({"data": []})
    return None


def feelback(hit: Arrived) -> Reply | None:
    """Feelback's API (api.feelback.dev/v0): a created feelback gets its id and a revoke token; a page's aggregates are
    its counts."""
    if hit.host != "api.feelback.dev":
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/v0/feelbacks/create":
        expire = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(time.time() + 3600))
        return _json({"feelbackId": str(uuid.uuid4()), "revokable": {"token": secrets.token_urlsafe(24),
                                                                     "expireAt": expire}})
    if hit.method == "GET" and path == "/v0/feelbacks/getAggregates":
        return _json({"helpful": 3, "not-helpful": 1})
    return None


# --- the twenty-fifth blind set ------------------------------------------------------------------


def commercetools(hit: Arrived) -> Reply | None:
    """commercetools (auth.<region>.gcp.commercetools.com, api.<region>.gcp.commercetools.com): an anonymous-session
    token (without a token the SDK sends no API request), a signed-up customer under "customer" less the password, an
    empty product search page."""
    if not hit.host.endswith(".commercetools.com"):
        return None
    path = _path(hit)
    if hit.host.startswith("auth.") and hit.method == "POST" and re.fullmatch(r"/oauth/[^/]+/anonymous/token", path):
        project = path.split("/")[2]
        return _json({"access_token": secrets.token_urlsafe(24), "token_type": "Bearer", "expires_in": 172800,
                      "scope": f"view_published_products:{project} manage_my_profile:{project} "
                               f"anonymous_id:{uuid.uuid4()}", "refresh_token": f"{project}:{secrets.token_urlsafe(32)}"})
    if not hit.host.startswith("api."):
        return None
    if hit.method == "POST" and re.fullmatch(r"/[^/]+/me/signup", path):
        body = _body_json(hit)
        customer = {k: v for k, v in (body if isinstance(body, dict) else {}).items() if k != "password"}
        customer.update({"id": str(uuid.uuid4()), "version": 1, "createdAt": _now_iso(), "lastModifiedAt": _now_iso(),
                         "isEmailVerified": False, "authenticationMode": "Password"})
        return _json({"customer": customer}, 201)
    if hit.method == "GET" and re.fullmatch(r"/[^/]+/product-projections/search", path):
        return _json({"limit": 12, "offset": 0, "count": 0, "total": 0, "results": [], "facets": {}})
    return None


def supertokens(hit: Arrived) -> Reply | None:
    """A SuperTokens backend (api.shop.example/auth): a session refresh with no session is 401 "unauthorised" (a 200
    without the front-token header makes the SDK log an error), a sign-up is OK with the new user."""
    if hit.host != "api.shop.example" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/auth/session/refresh":
        return _json({"message": "unauthorised"}, 401)
    if path == "/auth/signup":
        body = _body_json(hit)
        fields = {f.get("id"): f.get("value") for f in (body or {}).get("formFields", []) if isinstance(f, dict)} \
            if isinstance(body, dict) else {}
        user_id = str(uuid.uuid4())
        return _json({"status": "OK", "user": {
            "id": user_id, "isPrimaryUser": False, "tenantIds": ["public"], "emails": [fields.get("email")],
            "phoneNumbers": [], "thirdParty": [], "webauthn": {"credentialIds": []},
            "timeJoined": int(time.time() * 1000),
            "loginMethods": [{"recipeId": "emailpassword", "recipeUserId": user_id, "tenantIds": ["public"],
                              "email": fields.get("email"), "timeJoined": int(time.time() * 1000), "verified": False}]}})
    return None


# --- the twenty-sixth blind set ------------------------------------------------------------------


_PUSHWOOSH_ANSWERS: dict[str, Any] = {
    "getConfig": {"features": {"page_visit": {"enabled": False}, "events": [], "web_in_apps": {"enabled": False}}},
    "checkDevice": {"exist": True, "push_token_exist": False},
    "getInboxMessages": {"messages": [], "next": "", "deleted": [], "new_inbox": 0},
    "setTags": {"skipped": []},
}


def pushwoosh(hit: Arrived) -> Reply | None:
    """The Pushwoosh device API (api.pushwoosh.com/json/1.3/<method>): every answer is the `{status_code: 200,
    status_message: "OK", response}` envelope the SDK checks (anything else fails its init); the configuration has no
    VAPID key and no page-visit feature, the inbox is empty, the device has no push token."""
    if hit.host != "api.pushwoosh.com" or hit.method != "POST":
        return None
    method = re.fullmatch(r"/json/1\.3/(\w+)", _path(hit))
    if not method:
        return None
    return _json({"status_code": 200, "status_message": "OK", "response": _PUSHWOOSH_ANSWERS.get(method.group(1))})



# --- the twenty-seventh blind set ----------------------------------------------------------------


def tggl(hit: Arrived) -> Reply | None:
    """api.tggl.io/flags: one flag map per posted context, in order (a DataLoader batch: anything but an array of the
    same length is an error); the reporting's /report gets the default `{}`."""
    if hit.host != "api.tggl.io" or hit.method != "POST" or _path(hit) != "/flags":
        return None
    contexts = _body_json(hit)
    n = len(contexts) if isinstance(contexts, list) else 1
    return _json([{"new_checkout": True, "product_page_v2": "grid"} for _ in range(n)])


def zipy(hit: Arrived) -> Reply | None:
    """Zipy's session manager (services.zipy.ai/sdk-session-manager/v2/enduser-info/<API key>): the handshake's answer
    must echo the API key (else the SDK stops before any identify or recording) and carries the recording
    configuration, here with custom logs and events on and capture started without waiting for user activity; the
    end user gets an id. The collectors get the default `{}`."""
    if hit.host != "services.zipy.ai" or hit.method != "POST":
        return None
    m = re.fullmatch(r"/sdk-session-manager/v2/enduser-info/(\w+)", _path(hit))
    if not m:
        return None
    return _json({"api_key": m.group(1), "is_blocked": False, "blocked_till": 0,
                  "enduser_info": {"id": 48213, "zipy_eu_name": "Quiet Otter", "is_blocked": False},
                  "captureCustomZipyLogMessage": True, "captureCustomZipyLogError": True,
                  "captureCustomZipyLogException": True, "captureCustomEvents": True,
                  "startCaptureWithoutUserActivity": True})


# --- the twenty-eighth blind set -----------------------------------------------------------------


def onedollarstats(hit: Arrived) -> Reply | None:
    """collector.onedollarstats.com/events: the image beacon (a GET with the event as base64 in `data`) gets a 1x1 GIF,
    as an image collector gives (an error there makes the SDK send the event again by sendBeacon); the beacon's POST
    gets an empty 200."""
    if hit.host != "collector.onedollarstats.com" or _path(hit) != "/events":
        return None
    if hit.method == "GET":
        return Reply(200, _GIF, "image/gif", {"Cache-Control": "no-store"})
    return Reply(200, b"", "text/plain") if hit.method == "POST" else None


def notificationapi(hit: Arrived) -> Reply | None:
    """api.notificationapi.com/<client id>/users/<user id>/...: the in-app inbox page (GET notifications/INAPP_WEB)
    is an object with a `notifications` array (the SDK pages through it until a page brings nothing new; anything
    else throws); the user (POST to the user's own path) and the rest get the default `{}`."""
    if hit.host != "api.notificationapi.com" or hit.method != "GET":
        return None
    if not re.fullmatch(r"/[^/]+/users/[^/]+/notifications/INAPP_WEB", _path(hit)):
        return None
    return _json({"notifications": []})


def c15t(hit: Arrived) -> Reply | None:
    """A hosted c15t backend (<instance>.c15t.dev): GET /init answers the visitor's jurisdiction and location (here
    the EU's GDPR, so the banner's opt-in model) and the banner's language (the SDK merges its own English texts); a
    consent (POST /subjects) and the link of a subject to the site's user id (PATCH /subjects/<id>) are acknowledged
    with the subject's id, as the backend's schemas give them."""
    if not hit.host.endswith(".c15t.dev"):
        return None
    path = _path(hit)
    if hit.method == "GET" and path == "/init":
        return _json({"jurisdiction": "GDPR", "location": {"countryCode": "DE", "regionCode": None},
                      "translations": {"language": "en", "translations": {}}, "branding": "c15t", "gvl": None})
    body = _body_json(hit) or {}
    if hit.method == "POST" and path == "/subjects":
        subject = body.get("subjectId") or f"sub_{secrets.token_hex(8)}"
        return _json({"subjectId": subject, "consentId": f"cns_{secrets.token_hex(8)}",
                      "domainId": "dom_7f3a9c2e", "domain": body.get("domain") or "shop.example",
                      "type": body.get("type") or "cookie_banner", "metadata": body.get("metadata"),
                      "givenAt": _now_iso()})
    m = re.fullmatch(r"/subjects/([^/]+)", path)
    if hit.method == "PATCH" and m:
        return _json({"success": True, "subject": {"id": unquote(m.group(1)),
                                                   "externalId": body.get("externalId")}})
    return None


def visenze(hit: Arrived) -> Reply | None:
    """analytics.data.visenze.com/v3/__va.gif: each event's GET (a fetch) gets the pixel; only a 200 counts as sent.
    The SDK never reads a 200's body, so Chromium reports each of these fetches as aborted (net::ERR_ABORTED) when the
    page goes, after it arrived and was answered, whatever the body (an empty one too)."""
    if hit.host != "analytics.data.visenze.com" or hit.method != "GET" or not _path(hit).endswith("/__va.gif"):
        return None
    return Reply(200, _GIF, "image/gif", {"Cache-Control": "no-store"})


def stytch(hit: Arrived) -> Reply | None:
    """Stytch's SDK API (api.stytch.com/sdk/v1): every answer is wrapped in { data: ... } (the client reads only
    `data`). The bootstrap gives a consumer project with captcha, DFP and PKCE off, no password policy (the client
    maps `password_config` and fails on a missing one) and the default RBAC policy (without one the client logs an
    error); a magic link or an SMS passcode sent gets the request id, the
    user's and the method's ids; the telemetry batches (/events) get an empty `data`."""
    if hit.host != "api.stytch.com" or not _path(hit).startswith("/sdk/v1/"):
        return None
    path = _path(hit)[len("/sdk/v1"):]
    request_id = f"request-id-live-{uuid.uuid4()}"
    if hit.method == "GET" and path.startswith("/projects/bootstrap/"):
        return _json({"request_id": request_id, "status_code": 200, "data": {
            "project_name": "Example Shop", "disable_sdk_watermark": True, "cname_domain": None,
            "email_domains": ["shop.example"], "captcha_settings": {"enabled": False},
            "pkce_required_for_email_magic_links": False, "pkce_required_for_password_resets": False,
            "pkce_required_for_oauth": False, "pkce_required_for_sso": False, "slug_pattern": None,
            "create_organization_enabled": False, "password_config": None, "dfp_protected_auth_enabled": False,
            "rbac_policy": {"roles": [{"role_id": "stytch_user", "description": "Granted to every user",
                                       "permissions": []}], "resources": []},
            "siwe_required_for_crypto_wallets": False, "vertical": "CONSUMER"}})
    if hit.method != "POST":
        return None
    user_id = f"user-live-{uuid.uuid4()}"
    if path == "/magic_links/email/login_or_create":
        return _json({"request_id": request_id, "status_code": 200, "data": {
            "request_id": request_id, "user_id": user_id, "email_id": f"email-live-{uuid.uuid4()}",
            "user_created": True, "status_code": 200}})
    if path == "/otps/sms/login_or_create":
        return _json({"request_id": request_id, "status_code": 200, "data": {
            "request_id": request_id, "user_id": user_id, "phone_id": f"phone-number-live-{uuid.uuid4()}",
            "method_id": f"phone-number-live-{uuid.uuid4()}", "user_created": True, "status_code": 200}})
    if path == "/events":
        return _json({"request_id": request_id, "status_code": 200, "data": {}})
    return None

def helper(hit: Arrived) -> Reply | None:
    """A Helper instance (helper.shop.example): a session (POST /api/widget/session) gets a bearer token and the
    Supabase project its realtime replies would come from; a new conversation its slug (the SDK then posts the first
    message to /api/chat/conversation/<slug>/message, which gets the message's id)."""
    if hit.host != "helper.shop.example" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/api/widget/session":
        token = _unsigned_jwt({"sub": secrets.token_hex(8), "exp": int(time.time()) + 3600})
        return _json({"valid": True, "token": token,
                      "supabaseUrl": "https://helper-realtime.supabase.co", "supabaseAnonKey": "anon_8c4f2e"})
    if path == "/api/chat/conversation":
        return _json({"conversationSlug": secrets.token_hex(16)})
    if re.fullmatch(r"/api/chat/conversation/[0-9a-f]+/message", path):
        return _json({"messageId": secrets.randbelow(10**6), "conversationSlug": path.split("/")[4]})
    return None


# --- the twenty-ninth blind set ------------------------------------------------------------------


def flagsync(hit: Arrived) -> Reply | None:
    """FlagSync's SDK API (sdk.flagsync.com): POST /sdk/init-client registers the user context (the SDK does not read
    the answer), POST /sdk/flags gives the flag set evaluated for it (`flags`, a map of flag key to value); the update
    stream (GET /sse/sdk-updates/client) is an event stream that sends nothing and asks the client to come back in a
    minute (`retry`), as an idle stream closed by the server would; impressions and events are acknowledged (201)."""
    if hit.host != "sdk.flagsync.com":
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/sdk/init-client":
        return _json({"success": True}, 201)
    if hit.method == "POST" and path == "/sdk/flags":
        return _json({"flags": {"one-page-checkout": True, "free-shipping-banner": "control"}}, 201)
    if hit.method == "GET" and path == "/sse/sdk-updates/client":
        return Reply(200, b"retry: 60000\n\n", "text/event-stream", {"Cache-Control": "no-cache"})
    if hit.method == "POST" and path in ("/track/impressions/client", "/track/events/client"):
        return Reply(201, b"", "text/plain")
    return None


def flowise(hit: Arrived) -> Reply | None:
    """A Flowise server (flowise.shop.example): GET /api/v1/chatflows-streaming/<id> says the flow does not stream
    (so the SDK posts one prediction and reads its JSON), POST /api/v1/prediction/<id> answers the question with the
    chat's ids, as Flowise's prediction endpoint does."""
    if hit.host != "flowise.shop.example":
        return None
    path = _path(hit)
    if hit.method == "GET" and path.startswith("/api/v1/chatflows-streaming/"):
        return _json({"isStreaming": False})
    if hit.method == "POST" and path.startswith("/api/v1/prediction/"):
        body = _body_json(hit) or {}
        chat_id = body.get("chatId") or str(uuid.uuid4())
        return _json({"text": "Thanks for your message! A member of our team will look into it shortly.",
                      "question": body.get("question"), "chatId": chat_id, "chatMessageId": str(uuid.uuid4()),
                      "sessionId": (body.get("overrideConfig") or {}).get("sessionId") or chat_id})
    return None


def veriff(hit: Arrived) -> Reply | None:
    """Veriff's API (api.veriff.me): POST /v1/sessions creates the verification, answered 201 (the only status the SDK
    takes) with the session's id, the URL of the verification flow and its token; the form's stylesheet link (Google
    Fonts' Inter) gets an empty stylesheet."""
    if hit.host == "fonts.googleapis.com" and hit.method == "GET" and _path(hit) == "/css2":
        return Reply(200, b"", "text/css")
    if hit.host != "api.veriff.me" or hit.method != "POST" or _path(hit) != "/v1/sessions":
        return None
    sid = str(uuid.uuid4())
    return _json({"status": "success", "verification": {
        "id": sid, "url": f"https://alchemy.veriff.com/v/{secrets.token_urlsafe(24)}",
        "host": "https://alchemy.veriff.com", "status": "created", "sessionToken": _unsigned_jwt({"session_id": sid, "iid": secrets.token_hex(8)}),
        "vendorData": ((_body_json(hit) or {}).get("verification") or {}).get("vendorData")}}, 201)


# --- the thirtieth blind set ---------------------------------------------------------------------


def storytime(hit: Arrived) -> Reply | None:
    """Papercups' API (app.papercups.io): the Phoenix socket accepted (and left quiet: no agent joins, so nothing is
    recorded), no customer yet for the external id (`customer_id` null), the new customer's id, the new browser
    session's id, and `false` for a cached session that does not exist; every answer in Papercups' `{ data }` envelope
    (superagent parses it; without `data` the SDK throws before it opens a session)."""
    if hit.host != "app.papercups.io":
        return None
    path = _path(hit)
    if path == "/socket/websocket" and hit.method == "GET":
        return _ws_accept(hit)
    if path == "/api/customers/identify" and hit.method == "GET":
        return _json({"data": {"customer_id": None}})
    if path == "/api/customers" and hit.method == "POST":
        customer = ((_body_json(hit) or {}).get("customer") or {})
        return _json({"data": {"id": str(uuid.uuid4()), "object": "customer",
                               "account_id": customer.get("account_id")}}, 201)
    if path == "/api/browser_sessions" and hit.method == "POST":
        return _json({"data": {"id": str(uuid.uuid4()), "object": "browser_session"}}, 201)
    if path.startswith("/api/browser_sessions/") and path.endswith("/exists"):
        return _json({"data": False})
    if path.startswith("/api/browser_sessions/"):
        return _json({"data": {"ok": True}})
    return None


def databeat(hit: Arrived) -> Reply | None:
    """Databeat's webrpc API (databeat.sequence.app): Tick (the events) answered `{ ok: true }`, Ping with its
    status."""
    if hit.host != "databeat.sequence.app" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/rpc/Databeat/Tick":
        return _json({"ok": True})
    if path == "/rpc/Databeat/Ping":
        return _json({"status": True})
    return None


def blink(hit: Arrived) -> Reply | None:
    """Blink's auth host (blink.new): a headless sign-up answered with the new user (Blink's own id, the e-mail and
    display name sent) and its tokens (an access token the SDK only stores), as the SDK reads them; the analytics
    batches (core.blink.new) get the default answer."""
    if hit.host != "blink.new" or hit.method != "POST" or _path(hit) != "/api/auth/signup":
        return None
    body = _body_json(hit) or {}
    uid = "user_" + secrets.token_hex(10)
    user = {"id": uid, "email": body.get("email"), "displayName": body.get("displayName"), "emailVerified": False,
            "role": None, "metadata": body.get("metadata") or {}, "createdAt": time.strftime("%Y-%m-%dT%H:%M:%SZ")}
    token = _unsigned_jwt({"sub": uid, "project_id": body.get("projectId"), "type": "access",
                           "exp": int(time.time()) + 3600})
    return _json({"access_token": token, "refresh_token": secrets.token_urlsafe(40), "token_type": "Bearer",
                  "expires_in": 3600, "refresh_expires_in": 2592000, "user": user})


def dynamiq(hit: Arrived) -> Reply | None:
    """The shop's Dynamiq deployment (agents.shop.example): a non-streaming answer, `{ output }`, as the widget reads
    it (without `output` the widget answers that it has no response)."""
    if hit.host != "agents.shop.example" or hit.method != "POST":
        return None
    return _json({"output": "Thanks for your message! I have passed it on to our support team; "
                            "you will hear from us shortly."})


def cometchat(hit: Arrived) -> Reply | None:
    """CometChat's API (<app id>.api-<region>.cometchat.io with the Auth Key, <app id>.apiclient-<region>.cometchat.io
    with the user's token): every answer in its `{ data }` envelope (anything else is an error to the SDK): the app
    settings (the API, WebSocket and analytics hosts the SDK builds its URLs from: without a chat host it opens a
    WebSocket to `wss://undefined`), the user created (as sent), the user's auth token (which the SDK keeps for the next
    calls), the signed-in user (GET or PUT /me: no uid there and login throws), the message sent; the WebSocket accepted
    and left quiet; the analytics ping and anything else `{ data: {} }`."""
    if not hit.host.endswith(".cometchat.io"):
        return None
    if any(k.lower() == "upgrade" and v.lower() == "websocket" for k, v in hit.headers):
        return _ws_accept(hit)
    path = _path(hit)
    app_id = hit.host.split(".", 1)[0]
    m = re.match(r"^[^.]+\.api(?:client)?-([a-z]+)\.cometchat\.io$", hit.host)
    region = m.group(1) if m else "us"
    now = int(time.time())
    body = _body_json(hit) or {}
    if path.endswith("/settings") and hit.method == "GET":
        return _json({"data": {
            "ADMIN_API_HOST": f"{app_id}.api-{region}.cometchat.io",
            "CLIENT_API_HOST": f"{app_id}.apiclient-{region}.cometchat.io",
            "CHAT_API_VERSION": "v3.0", "WS_API_VERSION": "v3.0", "REGION": region, "MODE": "DEFAULT",
            "CHAT_HOST": f"websocket-{region}.cometchat.io",
            "CHAT_HOST_APP_SPECIFIC": f"{app_id}.websocket-{region}.cometchat.io", "CHAT_WSS_PORT": 443,
            "CHAT_USE_SSL": True, "MAIN_DOMAIN": "cometchat.io", "ANALYTICS_HOST": f"metrics-{region}.cometchat.io",
            "ANALYTICS_VERSION": "v1", "ANALYTICS_USE_SSL": True, "ANALYTICS_PING_DISABLED": False, "APP_VERSION": 3,
            "extensions": [], "settingsHash": secrets.token_hex(16), "settingsHashReceivedAt": now}})
    if path.endswith("/users") and hit.method == "POST":
        return _json({"data": {"uid": body.get("uid"), "name": body.get("name"), "metadata": body.get("metadata"),
                               "status": "offline", "role": "default", "createdAt": now}})
    m = re.search(r"/users/([^/]+)/auth_tokens$", path)
    if m and hit.method == "POST":
        uid = unquote(m.group(1))
        return _json({"data": {"uid": uid, "authToken": f"{uid}_{secrets.token_hex(20)}", "createdAt": now}})
    if path.endswith("/me") and hit.method in ("GET", "PUT"):
        token = next((v for k, v in hit.headers if k.lower() == "authtoken"), "")
        return _json({"data": {"uid": token.rsplit("_", 1)[0], "status": "online", "role": "default",
                               "lastActiveAt": now, "authToken": token, "createdAt": now}})
    if path.endswith("/messages") and hit.method == "POST":
        return _json({"data": {"id": str(now % 1000000), "conversationId": f"{body.get('receiver')}_user",
                               "receiver": body.get("receiver"), "receiverType": body.get("receiverType"),
                               "category": body.get("category", "message"), "type": body.get("type", "text"),
                               "data": body.get("data") or {}, "sentAt": now, "updatedAt": now}})
    return _json({"data": {}})


# --- the thirty-first blind set ------------------------------------------------------------------


def raindrop(hit: Arrived) -> Reply | None:
    """Raindrop's API (api.raindrop.ai/v1/): the AI events tracked, answered with their ids (`{ events: [{ event_id
    }] }`, which the SDK returns); identify and signals get the default answer (the SDK reads only the status)."""
    if hit.host != "api.raindrop.ai" or hit.method != "POST":
        return None
    if _path(hit) in ("/v1/events/track", "/v1/events/track_partial"):
        body = _body_json(hit)
        events = body if isinstance(body, list) else [body or {}]
        return _json({"events": [{"event_id": (e or {}).get("event_id") or f"evt_{secrets.token_hex(8)}"}
                                 for e in events]})
    return None


def pushfeedback(hit: Arrived) -> Reply | None:
    """PushFeedback's API (app.pushfeedback.com): the project's public settings (no white label, no reCAPTCHA: with
    it the widget loads Google's reCAPTCHA and waits for a token) and a feedback created, 201 with its id (the modal
    shows its success message on 201 or 202 only)."""
    if hit.host != "app.pushfeedback.com":
        return None
    path = _path(hit)
    if hit.method == "GET" and path.startswith("/api/v1/projects/"):
        return _json({"id": path.rstrip("/").rsplit("/", 1)[-1], "whitelabel": False, "recaptcha_enabled": False,
                      "recaptcha_site_key": None})
    if hit.method == "POST" and path == "/api/v1/feedback/":
        return _json(str(uuid.uuid4()), 201)
    return None


def genesys(hit: Arrived) -> Reply | None:
    """Genesys Cloud's guest chat API (api.mypurecloud.com): the chat created (its id, the guest member's id, a JWT for
    the next calls and the event stream's WebSocket URI), the guest's message echoed as the API does; the event
    stream (streaming.mypurecloud.com) accepted and left quiet (no agent joins)."""
    if hit.host == "streaming.mypurecloud.com" and hit.method == "GET":
        return _ws_accept(hit)
    if hit.host != "api.mypurecloud.com" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/api/v2/webchat/guest/conversations":
        body = _body_json(hit) or {}
        conversation_id, member_id = str(uuid.uuid4()), str(uuid.uuid4())
        jwt = _unsigned_jwt({"iss": "https://api.mypurecloud.com", "sub": member_id, "conversation": conversation_id,
                             "org": body.get("organizationId"), "exp": int(time.time()) + 3600})
        return _json({"id": conversation_id, "jwt": jwt,
                      "eventStreamUri": f"wss://streaming.mypurecloud.com/v2/conversations/{conversation_id}/"
                                        f"members/{member_id}/stream",
                      "member": {"id": member_id}, "selfUri": f"/api/v2/webchat/guest/conversations/{conversation_id}"})
    m = re.match(r"^/api/v2/webchat/guest/conversations/([^/]+)/members/([^/]+)/messages$", path)
    if m:
        body = _body_json(hit) or {}
        return _json({"id": str(uuid.uuid4()), "conversation": {"id": m.group(1)}, "sender": {"id": m.group(2)},
                      "body": body.get("body"), "bodyType": body.get("bodyType", "standard"),
                      "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())})
    return None


# --- the thirty-second blind set -----------------------------------------------------------------


def formio(hit: Arrived) -> Reply | None:
    """A Form.io project (<project>.form.io): a form's definition (a title, its path and a few components; the SDK reads
    only that it is JSON), and a submission saved, 201 with the submission as the API returns it (its id, the form's,
    the data echoed, timestamps)."""
    if not hit.host.endswith(".form.io") or hit.host == "api.form.io":
        return None
    path = _path(hit).rstrip("/")
    if hit.method == "POST" and path.endswith("/submission"):
        body = _body_json(hit) or {}
        now = _now_iso()
        return _json({"_id": secrets.token_hex(12), "form": secrets.token_hex(12), "owner": None,
                      "data": body.get("data") or {}, "metadata": {}, "state": "submitted", "access": [],
                      "externalIds": [], "roles": [], "created": now, "modified": now}, 201)
    if hit.method == "GET" and path.count("/") == 1:
        name = path.strip("/")
        return _json({"_id": secrets.token_hex(12), "title": name.title(), "name": name, "path": name, "type": "form",
                      "display": "form", "components": [
                          {"type": "textfield", "key": "page", "label": "Page", "input": True},
                          {"type": "radio", "key": "helpful", "label": "Was this page helpful?", "input": True,
                           "values": [{"label": "Yes", "value": "yes"}, {"label": "No", "value": "no"}]},
                          {"type": "button", "key": "submit", "label": "Submit", "action": "submit", "input": True}],
                      "created": _now_iso(), "modified": _now_iso()})
    return None


def chatwoot(hit: Arrived) -> Reply | None:
    """Chatwoot's public client API (app.chatwoot.com/public/api/v1/inboxes/<inbox>/...): the contact created (its id,
    the source_id the next calls use, the details echoed, a pubsub token), the conversation opened (its id) and the
    message (echoed as an incoming message)."""
    if hit.host != "app.chatwoot.com" or hit.method != "POST":
        return None
    path = _path(hit)
    m = re.match(r"^/public/api/v1/inboxes/([^/]+)/contacts(?:/([^/]+)/conversations(?:/([^/]+)/messages)?)?$", path)
    if m is None:
        return None
    body = _body_json(hit) or {}
    if m.group(3):
        return _json({"id": secrets.randbelow(10**6), "content": body.get("content"), "message_type": 0,
                      "content_type": "text", "created_at": int(time.time()), "conversation_id": int(m.group(3)),
                      "attachments": [], "sender": {"type": "contact"}})
    if m.group(2):
        return _json({"id": secrets.randbelow(10**5), "inbox_id": 7, "status": "open", "messages": [],
                      "contact": {"source_id": m.group(2)}})
    return _json({"id": secrets.randbelow(10**6), "source_id": str(uuid.uuid4()), "name": body.get("name"),
                  "email": body.get("email"), "phone_number": body.get("phone_number"),
                  "pubsub_token": secrets.token_urlsafe(18)})


def tinybird(hit: Arrived) -> Reply | None:
    """Tinybird's Events API (api.tinybird.co/v0/events): 202 with the rows counted (the tracker reads nothing)."""
    if hit.host != "api.tinybird.co" or hit.method != "POST" or _path(hit) != "/v0/events":
        return None
    return _json({"successful_rows": 1, "quarantined_rows": 0}, 202)


def multiplayer(hit: Arrived) -> Reply | None:
    """Multiplayer's API (api.multiplayer.app/v0/radar): a debug session opened (its id and short id, its name, when
    it started: the recorder keys everything on the short id), closed (204); its socket.io WebSocket accepted and left
    quiet (no agent asks for anything)."""
    if hit.host != "api.multiplayer.app":
        return None
    path = _path(hit)
    if hit.method == "GET" and path.startswith("/v0/radar/ws"):
        return _ws_accept(hit)
    if hit.method == "POST" and path == "/v0/radar/debug-sessions/start":
        body = _body_json(hit) or {}
        short_id = secrets.token_hex(4)
        return _json({"_id": secrets.token_hex(12), "shortId": short_id, "name": body.get("name"),
                      "startedAt": _now_iso(), "sessionAttributes": body.get("sessionAttributes") or {},
                      "url": f"https://app.multiplayer.app/sessions/{short_id}"}, 201)
    if hit.method in ("PATCH", "DELETE") and path.startswith("/v0/radar/debug-sessions/"):
        return Reply(204, b"", "text/plain")
    return None


def joystick(hit: Arrived) -> Reply | None:
    """Joystick's Multiple Content API (api.getjoystick.com/api/v1/combine/): each content id asked for (the query's
    `c`, a JSON list) with its config as `data`, a hash and the A/B and segment meta."""
    if hit.host != "api.getjoystick.com" or hit.method != "POST" or _path(hit).rstrip("/") != "/api/v1/combine":
        return None
    try:
        ids = json.loads((_query(hit).get("c") or ["[]"])[0])
    except ValueError:
        ids = []
    return _json({str(cid): {"data": {"enabled": True, "variant": "b", "freeShippingThreshold": 75},
                             "hash": secrets.token_hex(4), "meta": {"uid": 0, "mod": 0, "seg": [], "ab": []}}
                  for cid in ids if isinstance(cid, str)})


def directline(hit: Arrived) -> Reply | None:
    """Bot Framework Direct Line 3.0 (directline.botframework.com/v3/directline): a conversation started (its id, the
    token echoed, its WebSocket stream URL), an activity posted (its id); the stream accepted and left quiet (the bot
    does not answer)."""
    if hit.host != "directline.botframework.com":
        return None
    path = _path(hit)
    if hit.method == "GET" and path.endswith("/stream"):
        return _ws_accept(hit)
    if hit.method != "POST":
        return None
    if path == "/v3/directline/conversations":
        conversation = secrets.token_urlsafe(16) + "-us"
        auth = next((v for k, v in hit.headers if k.lower() == "authorization"), "")
        return _json({"conversationId": conversation, "token": auth.removeprefix("Bearer ").strip(),
                      "expires_in": 3600,
                      "streamUrl": f"wss://directline.botframework.com/v3/directline/conversations/{conversation}/"
                                   f"stream?watermark=-&t={secrets.token_urlsafe(24)}",
                      "referenceGrammarId": str(uuid.uuid4())}, 201)
    m = re.match(r"^/v3/directline/conversations/([^/]+)/activities$", path)
    if m:
        return _json({"id": f"{m.group(1)}|0000001"})
    return None


def dify(hit: Arrived) -> Reply | None:
    """Dify's app API (api.dify.ai/v1): a blocking chat message answered (the answer, the conversation's id Deep Chat
    keeps for the next message, the message's id); the app's parameters (what Deep Chat checks a typed-in key with)."""
    if hit.host != "api.dify.ai":
        return None
    path = _path(hit)
    if hit.method == "GET" and path == "/v1/parameters":
        return _json({"opening_statement": "", "suggested_questions": [], "user_input_form": [],
                      "file_upload": {"image": {"enabled": False}}})
    if hit.method == "POST" and path == "/v1/chat-messages":
        body = _body_json(hit) or {}
        conversation = body.get("conversation_id") or str(uuid.uuid4())
        return _json({"event": "message", "task_id": str(uuid.uuid4()), "id": str(uuid.uuid4()),
                      "message_id": str(uuid.uuid4()), "conversation_id": conversation,
                      "mode": "chat", "answer": "Thanks for asking! Let me look into that for you.",
                      "metadata": {"usage": {"total_tokens": 42}}, "created_at": int(time.time())})
    return None


# --- the thirty-third blind set ------------------------------------------------------------------


def nevision(hit: Arrived) -> Reply | None:
    """NEROOM's Nevision API (api.nevision.app/public/recordings): a recording opened (the session id the recorder
    puts in every chunk), each chunk and the end acknowledged."""
    if hit.host != "api.nevision.app" or hit.method != "POST":
        return None
    path = _path(hit)
    if path == "/public/recordings/start":
        return _json({"sessionId": str(uuid.uuid4())}, 201)
    if path in ("/public/recordings/chunk", "/public/recordings/end"):
        return _json({"ok": True})
    return None


def flagkit(hit: Arrived) -> Reply | None:
    """FlagKit's SDK API (api.flagkit.dev/api/v1/sdk): the environment's flags at init (two boolean flags, the polling
    interval, the server time the SDK keeps for its updates), updates (none) and an event batch accepted."""
    if hit.host != "api.flagkit.dev":
        return None
    path = _path(hit)
    now = _now_iso()
    if hit.method == "GET" and path == "/api/v1/sdk/init":
        flags = [{"key": key, "value": value, "enabled": True, "version": 3, "flagType": "boolean",
                  "lastModified": now} for key, value in (("express-checkout", True), ("new-product-gallery", False))]
        return _json({"environmentId": "env_" + secrets.token_hex(6), "environment": "production", "flags": flags,
                      "serverTime": now, "pollingIntervalSeconds": 30})
    if hit.method == "GET" and path == "/api/v1/sdk/updates":
        return _json({"flags": [], "checkedAt": now})
    if hit.method == "POST" and path == "/api/v1/sdk/events/batch":
        body = _body_json(hit) or {}
        return _json({"success": True, "recorded": len(body.get("events") or [])}, 202)
    return None


def cronitor(hit: Arrived) -> Reply | None:
    """Cronitor's RUM ingestion (rum.cronitor.io/api/rum/events): 202, nothing the client reads."""
    if hit.host != "rum.cronitor.io" or hit.method != "POST" or _path(hit) != "/api/rum/events":
        return None
    return Reply(202, b"", "text/plain")


def chatbotkit(hit: Arrived) -> Reply | None:
    """ChatBotKit's conversation API (api.chatbotkit.com/v1/conversation/<id>/complete: the client resolves the
    SDK's `/api/v1/...` paths to `/v1/...`): the bot's reply (its message id, text and usage), JSON as when not
    streamed."""
    if hit.host != "api.chatbotkit.com" or hit.method != "POST":
        return None
    m = re.match(r"^(?:/api)?/v1/conversation/([^/]+)/complete$", _path(hit))
    if m is None:
        return None
    return _json({"id": "msg_" + secrets.token_hex(8), "text": "Thanks! Let me look into that for you.",
                  "usage": {"token": 42}, "end": {"reason": "stop"}})


def fillout(hit: Arrived) -> Reply | None:
    """Fillout's embed host (embed.fillout.com/t/<form id>): the form's page, a small HTML document."""
    if hit.host != "embed.fillout.com" or hit.method != "GET" or not _path(hit).startswith("/t/"):
        return None
    page = (b"<!doctype html><html><head><title>Form</title></head>"
            b"<body><form><p>Loading form</p></form></body></html>")
    return Reply(200, page, "text/html; charset=utf-8")


def langfuse(hit: Arrived) -> Reply | None:
    """Langfuse's ingestion API (cloud.langfuse.com/api/public/ingestion): 207 with each event of the batch a success
    (its id, 201)."""
    if hit.host != "cloud.langfuse.com" or hit.method != "POST" or _path(hit) != "/api/public/ingestion":
        return None
    body = _body_json(hit) or {}
    events = body.get("batch") or []
    return _json({"successes": [{"id": e.get("id"), "status": 201} for e in events if isinstance(e, dict)],
                  "errors": []}, 207)


# --- the thirty-fourth blind set -----------------------------------------------------------------


def sheetdb(hit: Arrived) -> Reply | None:
    """SheetDB's API (sheetdb.io/api/v1/<api id>): a POST of rows answered with the count created, a search with the
    matching rows (a JSON list)."""
    if hit.host != "sheetdb.io" or not _path(hit).startswith("/api/v1/"):
        return None
    if hit.method == "POST":
        body = _body_json(hit) or {}
        rows = body.get("data") if isinstance(body, dict) else None
        return _json({"created": len(rows) if isinstance(rows, list) else 1}, 201)
    if hit.method == "GET":
        return _json([{"sku": "WB-39-BRN", "product": "winter-boots", "size": "39", "stock": "4"}])
    return None


def feedbackfarm(hit: Arrived) -> Reply | None:
    """Feedback.farm's API (api.feedback.farm/api/feedbacks/add): the feedback created (the client reads nothing)."""
    if hit.host != "api.feedback.farm" or hit.method != "POST" or _path(hit) != "/api/feedbacks/add":
        return None
    return _json({"id": secrets.token_hex(12), "status": "created"}, 201)


def magicbell(hit: Arrived) -> Reply | None:
    """MagicBell's API (api.magicbell.com): the user's inbox configuration (the real-time channel, inbox features),
    an empty first page of notifications with its counts, notifications marked seen (204) and the user's notification
    preferences (one category, read and saved)."""
    if hit.host != "api.magicbell.com":
        return None
    path = _path(hit)
    if hit.method == "GET" and path == "/config":
        return _json({"ws": {"channel": "user-" + secrets.token_hex(16)},
                      "inbox": {"features": {"notification_preferences": {"enabled": True}}},
                      "channels": {"web_push": {"enabled": False, "config": {}}},
                      "web_push_notifications": {"subscribe_url": "", "public_key": ""}})
    if hit.method == "GET" and path == "/notifications":
        return _json({"total": 0, "per_page": 15, "current_page": 1, "total_pages": 0, "unseen_count": 0,
                      "unread_count": 0, "notifications": []})
    if hit.method == "POST" and path in ("/notifications/seen", "/notifications/read"):
        return Reply(204, b"", "text/plain")
    if path == "/notification_preferences" and hit.method in ("GET", "PUT"):
        body = _body_json(hit) if hit.method == "PUT" else None
        saved = (body or {}).get("notification_preferences") if isinstance(body, dict) else None
        categories = (saved or {}).get("categories") or [
            {"slug": "order_updates", "label": "Order updates",
             "channels": [{"slug": "email", "label": "Email", "enabled": True},
                          {"slug": "in_app", "label": "In app", "enabled": True}]}]
        return _json({"notification_preferences": {"categories": categories}})
    return None


def calcom(hit: Arrived) -> Reply | None:
    """Cal.com's booking pages (app.cal.com/<user>/<event>): the embedded booking page, a small HTML document."""
    if hit.host != "app.cal.com" or hit.method != "GET" or _path(hit).startswith("/embed/"):
        return None
    page = (b"<!doctype html><html><head><title>Book a boot fitting</title></head>"
            b"<body><main><p>Select a date</p></main></body></html>")
    return Reply(200, page, "text/html; charset=utf-8")


def orama(hit: Arrived) -> Reply | None:
    """Orama Cloud: an index's deployment at init (the collector's URL, deployment and index ids, the point of presence)
    and search results (two help articles) on cloud.orama.run; the collector's telemetry and identify beacons; the
    answer engine's reply as server-sent events (the sources, then the answer's text)."""
    path = _path(hit)
    if hit.host == "cloud.orama.run" and path.startswith("/v1/indexes/"):
        if hit.method == "GET" and path.endswith("/init"):
            index = path.split("/")[3]
            return _json({"deploymentID": "dpl_" + secrets.token_hex(8), "deploymentDatetime": _now_iso(),
                          "collectUrl": "https://collect.orama.com/v1/collect", "index": index, "pop": "fra1"})
        if hit.method == "POST" and path.endswith("/search"):
            hits = [{"id": f"help-{i}", "score": 1.0 - i / 10,
                     "document": {"title": title, "path": "/help/" + slug, "content": title + "."}}
                    for i, (title, slug) in enumerate((("Returns and refunds", "returns"),
                                                       ("Delivery times", "delivery")))]
            return _json({"count": len(hits), "hits": hits, "elapsed": {"raw": 120000, "formatted": "120us"}})
        return _json({})
    if hit.host == "collect.orama.com" and hit.method == "POST":
        return Reply(200, b"", "text/plain")
    if hit.host == "answer.api.orama.com" and hit.method == "POST" and path == "/v1/answer":
        events = [("sources", {"count": 1, "hits": [{"id": "help-0", "score": 1.0,
                                                     "document": {"title": "Returns and refunds"}}]}),
                  ("text", "You can return unworn boots within 30 days. "),
                  ("text", "Start a return from your orders page.")]
        body = "".join(f"event: message\ndata: {json.dumps({'type': kind, 'message': message})}\n\n"
                       for kind, message in events)
        return Reply(200, body.encode(), "text/event-stream", {"Cache-Control": "no-cache"})
    return None


def knowbl(hit: Arrived) -> Reply | None:
    """Knowbl's Nexus API (nexus-api.knowbl.com/api/v2/query): the assistant's answer as JSON (the session id the widget
    keeps, the answer, its query id, no citations)."""
    if hit.host != "nexus-api.knowbl.com" or hit.method != "POST" or _path(hit) != "/api/v2/query":
        return None
    body = _body_json(hit) or {}
    session = body.get("sessionId") if isinstance(body, dict) else None
    return _json({"sessionId": session or str(uuid.uuid4()), "queryId": str(uuid.uuid4()),
                  "answer": "Thanks for reaching out! Let me check that for you.", "format": "markdown",
                  "citations": [], "timestamp": _now_iso()})


def markprompt(hit: Arrived) -> Reply | None:
    """Markprompt's API (api.markprompt.com): the assistant's events for a message (an event stream that ends), a chat
    answer as one JSON body (`stream: false`) with its thread and message ids in the `x-markprompt-data` header (the
    JSON's UTF-8 bytes, comma-separated, as the client decodes it), and a vote on a message accepted."""
    if hit.host != "api.markprompt.com":
        return None
    path = _path(hit)
    if hit.method == "GET" and path == "/chat/events":
        return Reply(200, b"", "text/event-stream", {"Cache-Control": "no-cache"})
    if hit.method == "POST" and path == "/chat":
        body = _body_json(hit) or {}
        meta = {"threadId": "thr_" + secrets.token_hex(8),
                "messageId": (body.get("messageId") if isinstance(body, dict) else None) or str(uuid.uuid4()),
                "references": []}
        header = ",".join(str(b) for b in json.dumps(meta).encode())
        return _json({"text": "I can help with that. Please share your order number.", "references": []},
                     headers={"x-markprompt-data": header})
    if hit.method == "POST" and path.startswith("/messages/"):
        return _json({"status": "ok"})
    return None


# --- the thirty-fifth blind set ------------------------------------------------------------------


def persona(hit: Arrived) -> Reply | None:
    """Persona's inquiry flow (inquiry.withpersona.com/widget?...): the embedded flow's page, a small HTML document."""
    if hit.host != "inquiry.withpersona.com" or hit.method != "GET" or _path(hit) != "/widget":
        return None
    page = (b"<!doctype html><html><head><title>Verify your identity</title></head>"
            b"<body><main><p>Let's verify your identity</p></main></body></html>")
    return Reply(200, page, "text/html; charset=utf-8")


def calendly(hit: Arrived) -> Reply | None:
    """Calendly's booking pages (calendly.com/<user>/<event>?...): the embedded booking page, a small HTML document."""
    if hit.host != "calendly.com" or hit.method != "GET":
        return None
    page = (b"<!doctype html><html><head><title>Boot fitting - Example Shop</title></head>"
            b"<body><main><p>Select a Date &amp; Time</p></main></body></html>")
    return Reply(200, page, "text/html; charset=utf-8")


def trieve(hit: Arrived) -> Reply | None:
    """Trieve's API (api.trieve.ai/api/...): a search's (empty) result with its id, the topic created (its id, which the
    page's message needs), the RAG message's answer (plain text, as the API streams it) and analytics events (204)."""
    if hit.host != "api.trieve.ai" or not _path(hit).startswith("/api/"):
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/api/chunk/search":
        return _json({"id": str(uuid.uuid4()), "chunks": [], "total_pages": 0})
    if hit.method == "POST" and path == "/api/topic":
        body = _body_json(hit) or {}
        return _json({"id": str(uuid.uuid4()), "name": (body.get("name") if isinstance(body, dict) else None) or "Chat",
                      "owner_id": body.get("owner_id") if isinstance(body, dict) else None,
                      "dataset_id": next((v for k, v in hit.headers if k.lower() == "tr-dataset"), ""),
                      "created_at": _now_iso(), "updated_at": _now_iso(), "deleted": False})
    if hit.method == "POST" and path == "/api/message":
        return Reply(200, b"[]||Yes, unworn boots can be returned within 30 days.", "text/plain; charset=utf-8")
    if hit.method == "PUT" and path == "/api/analytics/events":
        return Reply(204, b"", "text/plain")
    return _json({})


def langgraph(hit: Arrived) -> Reply | None:
    """A LangGraph Platform deployment (<name>.us.langgraph.app): the thread created (its id, the metadata it was given)
    and a run's final values (the conversation with the agent's answer)."""
    if not hit.host.endswith(".us.langgraph.app") or hit.method != "POST":
        return None
    path = _path(hit)
    body = _body_json(hit) or {}
    if path == "/threads":
        now = _now_iso()
        return _json({"thread_id": str(uuid.uuid4()), "created_at": now, "updated_at": now, "state_updated_at": now,
                      "metadata": body.get("metadata") if isinstance(body, dict) else {}, "status": "idle",
                      "config": {}, "values": None, "interrupts": {}})
    if path == "/runs/wait" or (path.startswith("/threads/") and path.endswith("/runs/wait")):
        messages = ((body.get("input") or {}).get("messages") if isinstance(body, dict) else None) or []
        reply = {"type": "ai", "id": "run-" + secrets.token_hex(8),
                 "content": "Thanks! I've passed this on to our support team, who will get back to you."}
        return _json({"messages": [*messages, reply]}, headers={"Content-Location": "/runs/" + str(uuid.uuid4())})
    return None


def commercejs(hit: Arrived) -> Reply | None:
    """Chec's API for Commerce.js (api.chec.io/v1): the catalogue (one product), a checkout token for a product, the
    captured order, the cart refreshed after it and the sign-in link sent."""
    if hit.host != "api.chec.io" or not _path(hit).startswith("/v1/"):
        return None
    path = _path(hit)
    product = {"id": "prod_7ZAMo1Kq9Ww5NJ", "name": "Winter boots", "permalink": "winter-boots",
               "price": {"raw": 129.0, "formatted": "129.00", "formatted_with_symbol": "$129.00"}}
    if hit.method == "GET" and path == "/v1/products":
        return _json({"data": [product], "meta": {"pagination": {"total": 1, "count": 1, "per_page": 12,
                                                                  "current_page": 1, "total_pages": 1}}})
    if hit.method == "GET" and path.startswith("/v1/checkouts/"):
        return _json({"id": "chkt_" + secrets.token_hex(7), "cart_id": None, "product_id": product["id"],
                      "line_items": [{"id": "item_" + secrets.token_hex(6), "product_id": product["id"],
                                      "name": product["name"], "quantity": 1}],
                      "shipping_methods": [{"id": "ship_standard", "description": "Standard",
                                            "price": {"raw": 0, "formatted": "0.00"}}],
                      "live": {"subtotal": product["price"], "total": product["price"]},
                      "expires": int(time.time()) + 3600})
    if hit.method == "POST" and path.startswith("/v1/checkouts/"):
        return _json({"id": "ord_" + secrets.token_hex(7), "checkout_token_id": path.rsplit("/", 1)[-1],
                      "customer_reference": "EXSHOP-" + str(secrets.randbelow(900000) + 100000), "status": "open",
                      "status_payment": "paid", "status_fulfillment": "not_fulfilled", "created": int(time.time())},
                     201)
    if path == "/v1/carts" or path.startswith("/v1/carts/"):
        return _json({"id": "cart_" + secrets.token_hex(7), "total_items": 0, "total_unique_items": 0,
                      "line_items": [], "subtotal": {"raw": 0, "formatted": "0.00"}, "created": int(time.time())})
    if hit.method == "POST" and path == "/v1/customers/email-token":
        return _json({"success": True})
    return _json({})


def _altcha_challenge() -> dict[str, Any]:
    """An ALTCHA proof-of-work challenge the client can solve (sha256(salt + n) for a small n)."""
    salt = secrets.token_hex(12)
    number = secrets.randbelow(500)
    challenge = hashlib.sha256(f"{salt}{number}".encode()).hexdigest()
    signature = hmac.new(b"fake-internet", challenge.encode(), hashlib.sha256).hexdigest()
    return {"algorithm": "SHA-256", "challenge": challenge, "salt": salt, "signature": signature, "maxnumber": 1000}


def inkeep(hit: Arrived) -> Reply | None:
    """Inkeep: the AI API's proof-of-work challenge (ALTCHA) and the chat completion as an OpenAI-style event stream
    (api.inkeep.com/v1/...); the analytics API's logged conversation and events (api.io.inkeep.com)."""
    path = _path(hit)
    if hit.host == "api.inkeep.com":
        if hit.method == "GET" and path == "/v1/challenge":
            return _json(_altcha_challenge())
        if hit.method == "POST" and path == "/v1/chat/completions":
            cid, created = "chatcmpl-" + secrets.token_hex(10), int(time.time())
            chunks = [{"role": "assistant", "content": ""}, {"content": "Thanks for reaching out! "},
                      {"content": "Our team will look into your order."}]
            lines = [{"id": cid, "object": "chat.completion.chunk", "created": created, "model": "inkeep-qa-expert",
                      "choices": [{"index": 0, "delta": delta, "finish_reason": None}]} for delta in chunks]
            lines.append({"id": cid, "object": "chat.completion.chunk", "created": created, "model": "inkeep-qa-expert",
                          "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
            body = "".join(f"data: {json.dumps(line)}\n\n" for line in lines) + "data: [DONE]\n\n"
            return Reply(200, body.encode(), "text/event-stream", {"Cache-Control": "no-cache"})
        return None
    if hit.host == "api.io.inkeep.com" and hit.method == "POST":
        body = _body_json(hit) or {}
        if path == "/conversations":
            now = _now_iso()
            conversation = (body.get("id") if isinstance(body, dict) else None) or "conv_" + secrets.token_hex(8)
            return _json({"id": conversation,
                          "type": "openai", "createdAt": now, "updatedAt": now,
                          "messages": body.get("messages", []) if isinstance(body, dict) else [],
                          "properties": {}, "userProperties": {}})
        if path == "/events":
            return _json({"type": (body.get("type") if isinstance(body, dict) else None) or "event",
                          "entityType": "event", "createdAt": _now_iso()})
        return _json({})
    return None


# --- the thirty-sixth blind set ------------------------------------------------------------------


def paystack(hit: Arrived) -> Reply | None:
    """Paystack: the inline checkout's transaction set up (api.paystack.co/checkout/request_inline: its id, access code
    and the merchant key the SDK logs with), an access code's transaction, the IP and log updates; the checkout iframe's
    page (checkout.paystack.com/popup, a small HTML document)."""
    path = _path(hit)
    if hit.host == "checkout.paystack.com" and hit.method == "GET":
        page = (b"<!doctype html><html><head><title>Paystack Checkout</title></head>"
                b"<body><main><p>Pay with card</p></main></body></html>")
        return Reply(200, page, "text/html; charset=utf-8")
    if hit.host != "api.paystack.co":
        return None
    resume = path.startswith("/transaction/verify_access_code/")
    if (hit.method == "POST" and path == "/checkout/request_inline") or resume:
        body = _body_json(hit) or {}
        key = (body.get("key") if isinstance(body, dict) else None) or "pk_test_" + secrets.token_hex(20)
        access = path.rsplit("/", 1)[-1] if resume else secrets.token_hex(8)
        return _json({"status": True, "message": "Access code validated" if resume else "Transaction initialized",
                      "data": {"id": 4000000000 + secrets.randbelow(99999999), "access_code": access,
                               "transaction_status": "abandoned", "merchant_key": key,
                               "merchant_id": 1847203, "merchant_name": "Example Shop", "domain": "test",
                               "channels": ["card", "bank", "bank_transfer"], "currency": "NGN", "log": None}})
    if hit.method == "POST" and path.startswith(("/transaction/set_ip/", "/transaction/update_log/")):
        return _json({"status": True, "message": "Transaction updated"})
    return None


def medusa(hit: Arrived) -> Reply | None:
    """A Medusa Cloud store (<project>.medusajs.app): the registration token, the customer created, carts (created and
    updated, with their ids) and the catalogue (one product)."""
    if not hit.host.endswith(".medusajs.app"):
        return None
    path, now = _path(hit), _now_iso()
    body = _body_json(hit) or {}
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and path.startswith("/auth/customer/") and path.endswith("/register"):
        header = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').rstrip(b"=").decode()
        claims = base64.urlsafe_b64encode(json.dumps({"actor_id": "", "actor_type": "customer",
                                                      "auth_identity_id": "authid_" + secrets.token_hex(13),
                                                      "iat": int(time.time())}).encode()).rstrip(b"=").decode()
        return _json({"token": f"{header}.{claims}.{secrets.token_urlsafe(32)}"})
    if hit.method == "POST" and path == "/store/customers":
        return _json({"customer": {"id": "cus_" + secrets.token_hex(13).upper(), "has_account": True,
                                   "created_at": now, "updated_at": now, "addresses": []}})
    if path == "/store/carts" or path.startswith("/store/carts/"):
        cart_id = (path.rsplit("/", 1)[-1] if path.startswith("/store/carts/")
                   else "cart_" + secrets.token_hex(13).upper())
        return _json({"cart": {"id": cart_id, "currency_code": "usd", "region_id": body.get("region_id"),
                               "items": [], "total": 0, "subtotal": 0, "created_at": now, "updated_at": now}})
    if hit.method == "GET" and path == "/store/products":
        return _json({"products": [{"id": "prod_01JQ8Z4B7C9D1E3F5G7H9J1K3M", "title": "Winter boots",
                                    "handle": "winter-boots", "variants": []}], "count": 1, "offset": 0, "limit": 12})
    return _json({})


def frontegg(hit: Arrived) -> Reply | None:
    """Frontegg (app-<id>.frontegg.com/frontegg/...): the public sign-up strategies, the vendor's public info, the SAML
    pre-login (no SSO for the domain) and the signed-up user waiting for activation (their user and tenant ids)."""
    if not hit.host.endswith(".frontegg.com"):
        return None
    path = _path(hit)
    if path.endswith("/identity/resources/configurations/v1/sign-up/strategies"):
        return _json({"email": {"active": True}, "phoneNumber": {"active": False}, "username": {"active": False}})
    if path.endswith("/vendors/public"):
        return _json({"name": "Example Shop", "logo": "", "allowSignups": True})
    if path.endswith("/identity/resources/auth/v1/user/saml/prelogin"):
        return _json({})
    if hit.method == "POST" and path.endswith("/identity/resources/users/v1/signUp"):
        return _json({"shouldActivate": True, "userId": str(uuid.uuid4()), "tenantId": str(uuid.uuid4())}, 201)
    return _json({})


def convex(hit: Arrived) -> Reply | None:
    """A Convex deployment (<name>.convex.cloud/api/...): each mutation's and query's result, in the HTTP API's
    envelope (status "success", the value, no log lines)."""
    if not hit.host.endswith(".convex.cloud") or hit.method != "POST":
        return None
    path = _path(hit)
    body = _body_json(hit) or {}
    name = body.get("path", "") if isinstance(body, dict) else ""
    if path == "/api/mutation":
        value: Any = ("tickets|" + secrets.token_hex(8)) if name.endswith("createTicket") else None
        return _json({"status": "success", "value": value, "logLines": []})
    if path in ("/api/query", "/api/query_at_ts"):
        product = {"_id": "products|" + secrets.token_hex(8), "name": "Winter boots", "sku": "WB-39-BRN", "price": 129}
        value = [product] if name.startswith("products") else []
        return _json({"status": "success", "value": value, "logLines": []})
    return None


def zep(hit: Arrived) -> Reply | None:
    """Zep's API (api.getzep.com/api/v2): the user added, the thread created, the messages' ids and a graph search's
    (empty) results."""
    if hit.host != "api.getzep.com" or not _path(hit).startswith("/api/v2/"):
        return None
    path, now = _path(hit)[len("/api/v2"):], _now_iso()
    body = _body_json(hit) or {}
    body = body if isinstance(body, dict) else {}
    project = "5f0c2b7e-8a4d-4e1f-9c6b-3d2a7e9f1b4c"
    if hit.method == "POST" and path == "/users":
        return _json({"uuid": str(uuid.uuid4()), "user_id": body.get("user_id"), "project_uuid": project,
                      "created_at": now, "updated_at": now}, 201)
    if hit.method == "POST" and path == "/threads":
        return _json({"uuid": str(uuid.uuid4()), "thread_id": body.get("thread_id"), "user_id": body.get("user_id"),
                      "project_uuid": project, "created_at": now}, 201)
    if hit.method == "POST" and path.startswith("/threads/") and path.endswith("/messages"):
        count = len(body.get("messages") or [])
        return _json({"message_uuids": [str(uuid.uuid4()) for _ in range(count)]})
    if hit.method == "POST" and path == "/graph/search":
        return _json({"edges": [], "nodes": [], "episodes": []})
    return _json({})


def strapi(hit: Arrived) -> Reply | None:
    """A Strapi Cloud project's Content API (<project>.strapiapp.com/api/...): collection reads (an empty page), the
    entry created (its ids) and single types (a homepage)."""
    if not hit.host.endswith(".strapiapp.com") or not _path(hit).startswith("/api/"):
        return None
    now = _now_iso()
    if hit.method == "POST":
        return _json({"data": {"id": 1 + secrets.randbelow(9999), "documentId": secrets.token_hex(12),
                               "createdAt": now, "updatedAt": now, "publishedAt": now}, "meta": {}}, 201)
    if hit.method == "GET" and _path(hit) == "/api/homepage":
        return _json({"data": {"id": 1, "documentId": "h0m3p4g3d0cum3nt1d", "title": "Winter boots are here",
                               "createdAt": now, "updatedAt": now, "publishedAt": now}, "meta": {}})
    if hit.method == "GET":
        return _json({"data": [], "meta": {"pagination": {"page": 1, "pageSize": 25, "pageCount": 0, "total": 0}}})
    return None


def backendless(hit: Arrived) -> Reply | None:
    """Backendless (api.backendless.com/<app id>/<api key>/...): the app's info (no real-time URL in use), the user
    registered (its object id, without the password), objects saved (their object ids) and a table's (empty) page."""
    if hit.host != "api.backendless.com":
        return None
    parts = _path(hit).strip("/").split("/")
    rest = "/".join(parts[2:])
    now = int(time.time() * 1000)
    body = _body_json(hit) or {}
    body = body if isinstance(body, dict) else {}
    if hit.method == "GET" and rest == "info":
        return _json({"rtURL": "https://api.backendless.com", "appId": parts[0] if parts else "",
                      "version": "8.0", "serverVersion": "8.0.0"})
    if hit.method == "POST" and rest == "users/register":
        return _json({"objectId": str(uuid.uuid4()).upper(), "___class": "Users", "userStatus": "ENABLED",
                      "created": now, "updated": None, "ownerId": None, "lastLogin": None,
                      "socialAccount": "BACKENDLESS", "accountType": "BACKENDLESS", "blUserLocale": "en"})
    if rest.startswith("data/") and rest.endswith("/find"):
        return _json([])
    if hit.method == "PUT" and rest.startswith("data/"):
        return _json({"objectId": str(uuid.uuid4()).upper(), "___class": rest.split("/")[1], "created": now,
                      "updated": None, "ownerId": None})
    return _json({})


# --- the thirty-seventh blind set ----------------------------------------------------------------


def _chat_completion(model: Any, reply: str) -> dict[str, Any]:
    """An OpenAI-style chat completion (one assistant message, finished)."""
    return {"id": "chatcmpl-" + secrets.token_hex(12), "object": "chat.completion", "created": int(time.time()),
            "model": model if isinstance(model, str) else "", "system_fingerprint": "fp_" + secrets.token_hex(5),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": reply}, "logprobs": None,
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 84, "completion_tokens": 27, "total_tokens": 111}}


def groq(hit: Arrived) -> Reply | None:
    """Groq's OpenAI-compatible API (api.groq.com/openai/v1): a chat completion, with Groq's request id."""
    if hit.host != "api.groq.com":
        return None
    if hit.method == "POST" and _path(hit) == "/openai/v1/chat/completions":
        body = _body_json(hit) or {}
        payload = _chat_completion(body.get("model") if isinstance(body, dict) else "",
                                   "Yes: unworn boots can be exchanged within 30 days; I have noted your request.")
        return _json({**payload, "x_groq": {"id": "req_" + secrets.token_hex(13)}})
    return _json({})


def letta(hit: Arrived) -> Reply | None:
    """Letta Cloud (api.letta.com/v1): the agent created (its id, no memory blocks echoed back) and an agent's reply
    to messages (an assistant message, the stop reason and the usage)."""
    if hit.host != "api.letta.com":
        return None
    path, now = _path(hit), _now_iso()
    body = _body_json(hit) or {}
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and path.rstrip("/") == "/v1/agents":
        return _json({"id": "agent-" + str(uuid.uuid4()), "name": body.get("name") or "agent", "agent_type":
                      "letta_v1_agent", "created_at": now, "updated_at": now, "tags": [], "metadata": None,
                      "memory": {"blocks": [], "prompt_template": ""}, "tools": [], "sources": [],
                      "message_ids": [], "project_id": None})
    if hit.method == "POST" and path.startswith("/v1/agents/") and path.endswith("/messages"):
        return _json({"messages": [{"id": "message-" + str(uuid.uuid4()), "date": now,
                                    "message_type": "assistant_message",
                                    "content": "Thanks! I have started an exchange for a bigger size."}],
                      "stop_reason": {"message_type": "stop_reason", "stop_reason": "end_turn"},
                      "usage": {"message_type": "usage_statistics", "completion_tokens": 24, "prompt_tokens": 1830,
                                "total_tokens": 1854, "step_count": 1}})
    return _json({})


def huggingface(hit: Arrived) -> Reply | None:
    """Hugging Face's inference router (router.huggingface.co): the auto route's chat completion."""
    if hit.host != "router.huggingface.co":
        return None
    if hit.method == "POST" and _path(hit).endswith("/v1/chat/completions"):
        body = _body_json(hit) or {}
        return _json(_chat_completion(body.get("model") if isinstance(body, dict) else "",
                                      "Your order shipped yesterday; take one size up from your sneakers."))
    return _json({})


def sanity(hit: Arrived) -> Reply | None:
    """A Sanity project's API (<project>.api.sanity.io/v<version>/data/...): a GROQ query's (empty) result and a
    mutation's transaction (the created document's id)."""
    if not hit.host.endswith(".api.sanity.io"):
        return None
    path = _path(hit)
    if "/data/query/" in path:
        return _json({"query": (_query(hit).get("query") or [""])[0], "result": [], "ms": 3})
    if hit.method == "POST" and "/data/mutate/" in path:
        body = _body_json(hit) or {}
        mutations = body.get("mutations", []) if isinstance(body, dict) else []
        return _json({"transactionId": secrets.token_urlsafe(16),
                      "results": [{"id": str(uuid.uuid4()), "operation": "create"} for _ in mutations]})
    return _json({})


def contentful(hit: Arrived) -> Reply | None:
    """Contentful's Content Management API (api.contentful.com/spaces/...): an (empty) entry collection and the entry
    created (its sys, the fields echoed)."""
    if hit.host != "api.contentful.com" or not _path(hit).startswith("/spaces/"):
        return None
    path, now = _path(hit), _now_iso()
    parts = path.strip("/").split("/")
    space = parts[1] if len(parts) > 1 else ""
    if path.endswith("/entries") and hit.method == "GET":
        return _json({"sys": {"type": "Array"}, "total": 0, "skip": 0, "limit": 100, "items": []})
    if path.endswith("/entries") and hit.method == "POST":
        body = _body_json(hit) or {}
        ctype = next((v for k, v in hit.headers if k.lower() == "x-contentful-content-type"), "")
        link = {"sys": {"type": "Link", "linkType": "ContentType", "id": ctype}}
        return _json({"sys": {"id": secrets.token_urlsafe(16)[:22], "type": "Entry", "version": 1,
                              "space": {"sys": {"type": "Link", "linkType": "Space", "id": space}},
                              "createdAt": now, "updatedAt": now, "contentType": link},
                      "fields": body.get("fields", {}) if isinstance(body, dict) else {}}, 201)
    return _json({})


def datocms(hit: Arrived) -> Reply | None:
    """DatoCMS's Content Management API (site-api.datocms.com): a page of records (empty) and the record created, in
    JSON:API (its id, model and meta)."""
    if hit.host != "site-api.datocms.com":
        return None
    path, now = _path(hit), _now_iso()
    if path == "/items" and hit.method == "GET":
        return _json({"data": [], "meta": {"total_count": 0}})
    if path == "/items" and hit.method == "POST":
        body = _body_json(hit) or {}
        data = body.get("data", {}) if isinstance(body, dict) else {}
        model = ((data.get("relationships") or {}).get("item_type") or {}).get("data") or {}
        return _json({"data": {"id": secrets.token_urlsafe(16)[:22], "type": "item",
                               "attributes": data.get("attributes", {}),
                               "relationships": {"item_type": {"data": model},
                                                 "creator": {"data": {"type": "access_token", "id": "41207"}}},
                               "meta": {"created_at": now, "updated_at": now, "published_at": None,
                                        "first_published_at": None, "publication_scheduled_at": None,
                                        "unpublishing_scheduled_at": None, "status": "draft", "is_valid": True,
                                        "is_current_version_valid": True, "is_published_version_valid": True,
                                        "current_version": secrets.token_urlsafe(16)[:22], "stage": None,
                                        "has_children": None}}}, 201)
    return _json({})


# --- the thirty-eighth blind set -----------------------------------------------------------------


def cerebras(hit: Arrived) -> Reply | None:
    """Cerebras Inference (api.cerebras.ai/v1): a chat completion."""
    if hit.host != "api.cerebras.ai":
        return None
    if hit.method == "POST" and _path(hit) == "/v1/chat/completions":
        body = _body_json(hit) or {}
        return _json(_chat_completion(body.get("model") if isinstance(body, dict) else "",
                                      "Your boots left our warehouse today; we will text you the tracking link."))
    return _json({})


def together(hit: Arrived) -> Reply | None:
    """Together AI (api.together.ai/v1): a chat completion."""
    if hit.host != "api.together.ai":
        return None
    if hit.method == "POST" and _path(hit) == "/v1/chat/completions":
        body = _body_json(hit) or {}
        return _json(_chat_completion(body.get("model") if isinstance(body, dict) else "",
                                      "Sorry about the damage; a replacement pair is on its way."))
    return _json({})


def replicate(hit: Arrived) -> Reply | None:
    """Replicate (api.replicate.com/v1): a prediction started (201, its id, status and URLs)."""
    if hit.host != "api.replicate.com":
        return None
    path = _path(hit)
    if hit.method == "POST" and path.endswith("/predictions"):
        body = _body_json(hit) or {}
        pid = secrets.token_hex(13)
        parts = path.strip("/").split("/")
        model = "/".join(parts[2:4]) if len(parts) >= 5 else ""
        return _json({"id": pid, "model": model, "version": "hidden", "status": "starting",
                      "input": body.get("input", {}) if isinstance(body, dict) else {}, "output": None,
                      "logs": "", "error": None, "created_at": _now_iso(), "data_removed": False,
                      "urls": {"get": f"https://api.replicate.com/v1/predictions/{pid}",
                               "cancel": f"https://api.replicate.com/v1/predictions/{pid}/cancel"}}, 201)
    return _json({})


def meilisearch(hit: Arrived) -> Reply | None:
    """A Meilisearch Cloud project (<project>.meilisearch.io): a document addition enqueued (202, its task) and a
    search's (empty) hits."""
    if not hit.host.endswith(".meilisearch.io"):
        return None
    path = _path(hit)
    parts = path.strip("/").split("/")
    uid = parts[1] if len(parts) > 1 else ""
    if hit.method == "POST" and path.endswith("/documents"):
        return _json({"taskUid": secrets.randbelow(90000) + 1000, "indexUid": uid, "status": "enqueued",
                      "type": "documentAdditionOrUpdate", "enqueuedAt": _now_iso()}, 202)
    if hit.method == "POST" and path.endswith("/search"):
        body = _body_json(hit) or {}
        query = body.get("q", "") if isinstance(body, dict) else ""
        return _json({"hits": [], "query": query or "", "processingTimeMs": 1, "limit": 20, "offset": 0,
                      "estimatedTotalHits": 0})
    return _json({})


def typesense(hit: Arrived) -> Reply | None:
    """A Typesense Cloud cluster (<cluster>.typesense.net): the document created (echoed with its id) and a search's
    (empty) hits."""
    if not hit.host.endswith(".typesense.net"):
        return None
    path = _path(hit)
    if hit.method == "POST" and path.endswith("/documents"):
        body = _body_json(hit) or {}
        doc = body if isinstance(body, dict) else {}
        return _json({"id": str(secrets.randbelow(100000)), **doc}, 201)
    if hit.method == "GET" and path.endswith("/documents/search"):
        return _json({"facet_counts": [], "found": 0, "hits": [], "out_of": 0, "page": 1,
                      "request_params": {"collection_name": path.strip("/").split("/")[1], "per_page": 10,
                                         "q": (_query(hit).get("q") or [""])[0]},
                      "search_cutoff": False, "search_time_ms": 1})
    return _json({})


def _upstash_result(command: Any) -> dict[str, Any]:
    """One Redis command's answer: HSET's field count, LPUSH's and INCR's integers, anything else null."""
    command = command if isinstance(command, list) else []
    name = str(command[0]).upper() if command else ""
    if name == "HSET":
        return {"result": max(0, (len(command) - 2) // 2)}
    if name in ("LPUSH", "RPUSH", "INCR", "INCRBY"):
        return {"result": 1}
    return {"result": None}


def upstash(hit: Arrived) -> Reply | None:
    """An Upstash Redis database's REST API (<name>.upstash.io): a command's `result`, or at /pipeline (the client's
    automatic pipelining) one `result` per command, in order."""
    if not hit.host.endswith(".upstash.io"):
        return None
    body = _body_json(hit)
    if _path(hit) == "/pipeline":
        commands = body if isinstance(body, list) else []
        return _json([_upstash_result(c) for c in commands])
    return _json(_upstash_result(body))


# --- the thirty-ninth blind set ------------------------------------------------------------------


def cohere(hit: Arrived) -> Reply | None:
    """Cohere (api.cohere.com/v2): a chat answer (one assistant message of text, finished, with its token usage)."""
    if hit.host != "api.cohere.com":
        return None
    if hit.method == "POST" and _path(hit) == "/v2/chat":
        return _json({"id": str(uuid.uuid4()), "finish_reason": "COMPLETE",
                      "message": {"role": "assistant", "content": [
                          {"type": "text", "text": "Sorry about the zip; a prepaid return label is on its way."}]},
                      "usage": {"billed_units": {"input_tokens": 84, "output_tokens": 27},
                                "tokens": {"input_tokens": 812, "output_tokens": 27}}})
    return _json({})


def resend(hit: Arrived) -> Reply | None:
    """Resend (api.resend.com): the contact created and the e-mail accepted (their ids)."""
    if hit.host != "api.resend.com":
        return None
    path = _path(hit)
    if hit.method == "POST" and (path == "/contacts" or path.endswith("/contacts")):
        return _json({"object": "contact", "id": str(uuid.uuid4())}, 201)
    if hit.method == "POST" and path == "/emails":
        return _json({"id": str(uuid.uuid4())})
    return _json({"object": "list", "has_more": False, "data": []})


def loops(hit: Arrived) -> Reply | None:
    """Loops (app.loops.so/api/v1): the contact created (its id), the event sent, the mailing lists."""
    if hit.host != "app.loops.so":
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/api/v1/contacts/create":
        return _json({"success": True, "id": "cm" + secrets.token_hex(11)})
    if path == "/api/v1/lists":
        return _json([{"id": "cm4q9xk2l00041amz7t3v8b2p", "name": "Newsletter",
                       "description": "News and offers from Example Shop", "isPublic": True},
                      {"id": "cm4q9xk2l00051amzq8r1d4vn", "name": "Restock alerts", "description": None,
                       "isPublic": True}])
    return _json({"success": True})


def notion(hit: Arrived) -> Reply | None:
    """Notion (api.notion.com/v1): a data source query's (empty) results and the page created (its id and parent)."""
    if hit.host != "api.notion.com":
        return None
    path = _path(hit)
    request_id = str(uuid.uuid4())
    if hit.method == "POST" and path.startswith("/v1/data_sources/") and path.endswith("/query"):
        return _json({"object": "list", "results": [], "next_cursor": None, "has_more": False,
                      "type": "page_or_data_source", "page_or_data_source": {}, "request_id": request_id})
    if hit.method == "POST" and path == "/v1/pages":
        body = _body_json(hit) or {}
        page_id, now = str(uuid.uuid4()), _now_iso()
        bot = {"object": "user", "id": "5e1b7c2a-94d3-4f0e-8a61-2c7d9b3e4f50"}
        return _json({"object": "page", "id": page_id, "created_time": now, "last_edited_time": now,
                      "created_by": bot, "last_edited_by": bot, "cover": None, "icon": None,
                      "parent": body.get("parent", {}) if isinstance(body, dict) else {},
                      "archived": False, "in_trash": False, "is_locked": False, "properties": {},
                      "url": "https://www.notion.so/" + page_id.replace("-", ""), "public_url": None,
                      "request_id": request_id})
    return _json({"object": "list", "results": [], "next_cursor": None, "has_more": False,
                  "request_id": request_id})


def _neon_result(query: Any) -> dict[str, Any]:
    """One statement's result as Neon's HTTP endpoint writes it (raw text, array mode): no rows."""
    text = query.get("query", "") if isinstance(query, dict) else ""
    command = (str(text).split() or ["SELECT"])[0].upper()
    return {"command": command, "rowCount": 1 if command in ("INSERT", "UPDATE", "DELETE") else 0,
            "rows": [], "fields": [], "rowAsArray": True}


def neon(hit: Arrived) -> Reply | None:
    """Neon's SQL-over-HTTP endpoint (api.<region>.<cloud>.neon.tech/sql): each statement's result, a transaction's
    in `results` in order."""
    if not (hit.host.startswith("api.") and hit.host.endswith(".neon.tech")):
        return None
    if hit.method == "POST" and _path(hit) == "/sql":
        body = _body_json(hit) or {}
        if isinstance(body, dict) and isinstance(body.get("queries"), list):
            return _json({"results": [_neon_result(q) for q in body["queries"]]})
        return _json(_neon_result(body))
    return _json({})


def planetscale(hit: Arrived) -> Reply | None:
    """PlanetScale's HTTP API (<region>.connect.psdb.cloud/psdb.v1alpha1.Database/...): a statement's result (rows
    affected, insert id, no rows) with the session handed back, or a new session."""
    if not hit.host.endswith(".psdb.cloud"):
        return None
    path = _path(hit)
    session = {"signature": base64.b64encode(secrets.token_bytes(32)).decode(),
               "vitessSession": {"autocommit": True, "options": {"includedFields": "ALL", "clientFoundRows": True},
                                 "foundRows": "0", "rowCount": "-1", "DDLStrategy": "direct",
                                 "SessionUUID": secrets.token_urlsafe(16), "enableSystemSettings": True}}
    if path == "/psdb.v1alpha1.Database/CreateSession":
        return _json({"branch": "main", "user": {"username": "k3v9xq2m7tzp4wb8nd1c", "psid": "planetscale-reader",
                                                 "role": "writer"}, "session": session})
    if path == "/psdb.v1alpha1.Database/Execute":
        body = _body_json(hit) or {}
        text = str(body.get("query", "")) if isinstance(body, dict) else ""
        insert = text.lstrip().upper().startswith("INSERT")
        result: dict[str, Any] = {"rowsAffected": "1", "insertId": str(secrets.randbelow(90000) + 1000)} if insert \
            else {"fields": [], "rows": []}
        return _json({"session": session, "result": result, "timing": 0.0014})
    return _json({})


def lemonsqueezy(hit: Arrived) -> Reply | None:
    """Lemon Squeezy (api.lemonsqueezy.com/v1, JSON:API): the checkout created (201, its URL), lists (empty) and a
    variant."""
    if hit.host != "api.lemonsqueezy.com":
        return None
    path = _path(hit)
    base = "https://api.lemonsqueezy.com"
    if hit.method == "POST" and path == "/v1/checkouts":
        body = _body_json(hit) or {}
        data = body.get("data", {}) if isinstance(body, dict) else {}
        attributes = data.get("attributes", {}) if isinstance(data, dict) else {}
        relationships = data.get("relationships", {}) if isinstance(data, dict) else {}
        store = ((relationships.get("store") or {}).get("data") or {}).get("id", "")
        variant = ((relationships.get("variant") or {}).get("data") or {}).get("id", "")
        cid, now = str(uuid.uuid4()), _now_iso()
        return _json({"jsonapi": {"version": "1.0"}, "links": {"self": f"{base}/v1/checkouts/{cid}"},
                      "data": {"type": "checkouts", "id": cid, "attributes": {
                          "store_id": int(store or 0), "variant_id": int(variant or 0), "custom_price": None,
                          "product_options": attributes.get("product_options", {}),
                          "checkout_options": attributes.get("checkout_options", {}), "expires_at": None,
                          "created_at": now, "updated_at": now, "test_mode": False,
                          "url": f"https://example-shop.lemonsqueezy.com/checkout/custom/{cid}?signature="
                                 + secrets.token_hex(32)},
                          "links": {"self": f"{base}/v1/checkouts/{cid}"}}}, 201)
    parts = path.strip("/").split("/")
    if hit.method == "GET" and len(parts) == 3 and parts[1] == "variants":
        return _json({"jsonapi": {"version": "1.0"}, "links": {"self": f"{base}{path}"},
                      "data": {"type": "variants", "id": parts[2], "attributes": {
                          "product_id": 201784, "name": "Winter boots (size 42)", "slug": secrets.token_hex(18),
                          "price": 12900, "is_subscription": False, "status": "published", "sort": 1,
                          "created_at": _now_iso(), "updated_at": _now_iso(), "test_mode": False},
                          "links": {"self": f"{base}{path}"}}})
    if hit.method == "GET" and len(parts) == 2:
        return _json({"meta": {"page": {"currentPage": 1, "from": 0, "lastPage": 1, "perPage": 10, "to": 0,
                                        "total": 0}},
                      "jsonapi": {"version": "1.0"},
                      "links": {"first": f"{base}{path}?page%5Bnumber%5D=1&page%5Bsize%5D=10",
                                "last": f"{base}{path}?page%5Bnumber%5D=1&page%5Bsize%5D=10"}, "data": []})
    return _json({"jsonapi": {"version": "1.0"}, "data": None})


# --- the fortieth blind set ----------------------------------------------------------------------


def openrouter(hit: Arrived) -> Reply | None:
    """OpenRouter (openrouter.ai/api/v1): a chat completion (OpenAI-style, one assistant message, finished)."""
    if hit.host != "openrouter.ai":
        return None
    if hit.method == "POST" and _path(hit) == "/api/v1/chat/completions":
        body = _body_json(hit) or {}
        return _json({**_chat_completion(body.get("model") if isinstance(body, dict) else "",
                                         "They run true to size; a 42 should fit, and exchanges are free for 30 days."),
                      "provider": "DeepInfra"})
    return _json({})


def perplexity(hit: Arrived) -> Reply | None:
    """Perplexity (api.perplexity.ai): a chat completion (OpenAI-style, one assistant message) with its (empty) search
    results and citations."""
    if hit.host != "api.perplexity.ai":
        return None
    if hit.method == "POST" and _path(hit) == "/chat/completions":
        body = _body_json(hit) or {}
        payload = _chat_completion(body.get("model") if isinstance(body, dict) else "",
                                   "A beeswax-based dressing suits oiled leather; let the boots dry before waxing.")
        return _json({**payload, "citations": [], "search_results": []})
    return _json({})


def supermemory(hit: Arrived) -> Reply | None:
    """Supermemory (api.supermemory.ai): the document added (its id, queued), a profile (empty) and a search (no
    results)."""
    if hit.host != "api.supermemory.ai":
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/v3/documents":
        return _json({"id": secrets.token_urlsafe(16), "status": "queued"})
    if hit.method == "POST" and path == "/v4/profile":
        return _json({"profile": {"static": [], "dynamic": []}})
    if hit.method == "POST" and path in ("/v3/search", "/v4/search"):
        return _json({"results": [], "timing": 42, "total": 0})
    return _json({})


def dodopayments(hit: Arrived) -> Reply | None:
    """Dodo Payments (live.dodopayments.com): the customer created (its id, the fields echoed), the checkout session
    (its id and URL), the product list and a product."""
    if hit.host not in ("live.dodopayments.com", "test.dodopayments.com"):
        return None
    path, now = _path(hit), _now_iso()
    body = _body_json(hit) or {}
    body = body if isinstance(body, dict) else {}
    business = "bus_7Hq2Lm9XwT4vKc8Nd3Pz1"
    if hit.method == "POST" and path == "/customers":
        return _json({"business_id": business, "created_at": now, "customer_id": "cus_" + secrets.token_hex(10),
                      "email": body.get("email", ""), "name": body.get("name", ""),
                      "phone_number": body.get("phone_number"), "metadata": body.get("metadata") or {}})
    if hit.method == "POST" and path == "/checkouts":
        session = "cks_" + secrets.token_hex(12)
        return _json({"session_id": session, "checkout_url": f"https://checkout.dodopayments.com/session/{session}"})
    product = {"product_id": "pdt_4kZ9qX2mWv7TnB3cR8yLd", "business_id": business, "name": "Leather winter boots",
               "description": "Waterproof oiled leather, lined.", "is_recurring": False, "price": 12900,
               "currency": "USD", "tax_category": "digital_products", "created_at": now, "updated_at": now,
               "image": None, "metadata": {}}
    if hit.method == "GET" and path == "/products":
        return _json({"items": [product]})
    if hit.method == "GET" and path.startswith("/products/"):
        return _json({**product, "product_id": path.rsplit("/", 1)[-1],
                      "price_detail": {"type": "one_time_price", "price": 12900, "currency": "USD", "discount": 0,
                                       "purchasing_power_parity": False, "tax_inclusive": False}})
    return _json({})


def tidb(hit: Arrived) -> Reply | None:
    """TiDB Cloud's serverless HTTP endpoint (http-gateway01.<region>.prod.aws.tidbcloud.com/v1beta/sql): a statement's
    result (rows affected and the insert id, or no rows) with a session handed back."""
    if not (hit.host.startswith("http-") and hit.host.endswith(".tidbcloud.com")):
        return None
    if hit.method == "POST" and _path(hit) == "/v1beta/sql":
        body = _body_json(hit) or {}
        text = str(body.get("query", "")) if isinstance(body, dict) else ""
        headers = {"TiDB-Session": base64.b64encode(secrets.token_bytes(24)).decode()}
        if text.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            return _json({"types": [], "rows": [], "rowsAffected": 1,
                          "sLastInsertID": str(secrets.randbelow(90000) + 1000)}, 200, headers)
        return _json({"types": [], "rows": [], "rowsAffected": 0, "sLastInsertID": "0"}, 200, headers)
    return _json({})


def umami(hit: Arrived) -> Reply | None:
    """Umami Cloud (cloud.umami.is/api/send): the session's cache token and ids."""
    if hit.host != "cloud.umami.is":
        return None
    if hit.method == "POST" and _path(hit) == "/api/send":
        claims = {"id": str(uuid.uuid4()), "websiteId": "4f9c2a7e-83b1-4d6e-9a25-c07e1b3d58f2",
                  "sessionId": str(uuid.uuid4()), "visitId": str(uuid.uuid4()), "iat": int(time.time())}
        return _json({"cache": _unsigned_jwt(claims), "sessionId": claims["sessionId"], "visitId": claims["visitId"]})
    return _json({})


_LINEAR_OPERATION = re.compile(r"\b(?:query|mutation)\b[^{]*\{\s*(\w+)")


def linear(hit: Arrived) -> Reply | None:
    """Linear's GraphQL API (api.linear.app/graphql): the issue created (its id and sync id) and an issue search (no
    results), by the operation's root field."""
    if hit.host != "api.linear.app":
        return None
    if hit.method == "POST" and _path(hit) == "/graphql":
        body = _body_json(hit) or {}
        query = str(body.get("query", "")) if isinstance(body, dict) else ""
        m = _LINEAR_OPERATION.search(query)
        root = m.group(1) if m else _graphql_root(query)
        sync_id = 2_000_000 + secrets.randbelow(900_000)
        if root.endswith("Create") or root.endswith("Update"):
            return _json({"data": {root: {"lastSyncId": sync_id, "success": True,
                                          "issue": {"id": str(uuid.uuid4())}}}})
        page_info = {"hasNextPage": False, "hasPreviousPage": False, "startCursor": None, "endCursor": None}
        return _json({"data": {root: {"totalCount": 0, "nodes": [], "pageInfo": page_info,
                                      "archivePayload": {"archive": "", "totalCount": 0, "databaseVersion": sync_id,
                                                         "includesDependencies": []}}}})
    return _json({})


# --- the forty-first blind set -------------------------------------------------------------------


def cosmic(hit: Arrived) -> Reply | None:
    """Cosmic (api.cosmicjs.com/v3/buckets/<slug>): the Object inserted (201, its id and slug, the fields echoed) and
    the Objects found (none)."""
    if hit.host not in ("api.cosmicjs.com", "workers.cosmicjs.com"):
        return None
    path = _path(hit)
    m = re.fullmatch(r"/v3/buckets/([^/]+)/objects", path)
    if m and hit.method == "POST":
        body = _body_json(hit) or {}
        body = body if isinstance(body, dict) else {}
        now = _now_iso()
        slug = re.sub(r"[^a-z0-9]+", "-", str(body.get("title", "object")).lower()).strip("-")[:60]
        return _json({"object": {"id": secrets.token_hex(12), "slug": slug, "title": body.get("title", ""),
                                 "type": body.get("type", ""), "status": "published", "bucket": m.group(1),
                                 "created_at": now, "modified_at": now, "metadata": body.get("metadata") or {}}}, 201)
    if m and hit.method == "GET":
        return _json({"objects": [], "total": 0, "limit": 10})
    return _json({})


def shopware(hit: Arrived) -> Reply | None:
    """Shopware's Store API (<shop>.shopware.store/store-api): the guest registered (the customer with its id, a new
    context token in sw-context-token), the newsletter subscription, the sales channel's context and a product search
    (no products)."""
    if not hit.host.endswith(".shopware.store"):
        return None
    path, now = _path(hit), _now_iso()
    token = {"sw-context-token": secrets.token_urlsafe(24)}
    if hit.method == "POST" and path == "/store-api/account/register":
        body = _body_json(hit) or {}
        body = body if isinstance(body, dict) else {}
        return _json({"id": uuid.uuid4().hex, "apiAlias": "customer", "guest": bool(body.get("guest")),
                      "customerNumber": str(10000 + secrets.randbelow(90000)), "firstName": body.get("firstName", ""),
                      "lastName": body.get("lastName", ""), "email": body.get("email", ""), "active": True,
                      "createdAt": now}, 200, token)
    if hit.method == "POST" and path == "/store-api/newsletter/subscription":
        return Reply(200, b"", "application/json", {})
    if hit.method == "GET" and path == "/store-api/context":
        return _json({"token": token["sw-context-token"], "apiAlias": "sales_channel_context",
                      "currency": {"isoCode": "USD", "symbol": "$", "apiAlias": "currency"},
                      "salesChannel": {"id": uuid.uuid4().hex, "name": "Example Shop", "apiAlias": "sales_channel"},
                      "customer": None}, 200, token)
    if hit.method == "POST" and path == "/store-api/product":
        return _json({"total": 0, "aggregations": [], "page": 1, "limit": 12, "elements": [],
                      "apiAlias": "dal_entity_search_result"})
    return _json({})


def qdrant(hit: Arrived) -> Reply | None:
    """Qdrant Cloud (<cluster>.<region>.aws.cloud.qdrant.io:6333): the server's version, an upsert (completed), a scroll
    and a query (no points), in Qdrant's `{ result, status, time }` envelope."""
    if not hit.host.endswith(".cloud.qdrant.io"):
        return None
    path = _path(hit)
    if hit.method == "GET" and path == "/":
        return _json({"title": "qdrant - vector search engine", "version": "1.19.0",
                      "commit": "3f4a9c2e7b1d8e5f6a0c9b2d4e7f1a3c5b8d0e2f"})
    if re.fullmatch(r"/collections/[^/]+/points", path) and hit.method == "PUT":
        return _json({"result": {"operation_id": secrets.randbelow(100000), "status": "completed"}, "status": "ok",
                      "time": 0.0021})
    if re.fullmatch(r"/collections/[^/]+/points/scroll", path) and hit.method == "POST":
        return _json({"result": {"points": [], "next_page_offset": None}, "status": "ok", "time": 0.0008})
    if re.fullmatch(r"/collections/[^/]+/points/query", path) and hit.method == "POST":
        return _json({"result": {"points": []}, "status": "ok", "time": 0.0012})
    return _json({"result": None, "status": "ok", "time": 0.0001})


def elasticpath(hit: Arrived) -> Reply | None:
    """Elastic Path Commerce Cloud (useast.api.elasticpath.com): the implicit token, the cart item added (the cart's
    items), the checkout (201, the order), the catalogue's products (none) and an empty cart."""
    if hit.host != "useast.api.elasticpath.com":
        return None
    path, now = _path(hit), _now_iso()
    if hit.method == "POST" and path == "/oauth/access_token":
        return _json({"identifier": "implicit", "token_type": "Bearer", "expires_in": 3600,
                      "expires": int(time.time()) + 3600, "access_token": secrets.token_hex(20)})
    price = {"amount": 12900, "currency": "USD", "formatted": "$129.00"}
    meta = {"display_price": {"with_tax": price, "without_tax": price, "tax": {**price, "amount": 0,
                                                                             "formatted": "$0.00"}},
            "timestamps": {"created_at": now, "updated_at": now}}
    m = re.fullmatch(r"/v2/carts/([^/]+)/(items|checkout)", path)
    if m and m.group(2) == "items" and hit.method == "POST":
        item = {"id": str(uuid.uuid4()), "type": "cart_item", "product_id": "9f2c4e7a-1b3d-4f6a-8c5e-2d7b9a1c3e5f",
                "name": "Leather winter boots", "sku": "BOOT-LW-42", "quantity": 1,
                "unit_price": price, "value": price, "meta": meta}
        return _json({"data": [item], "meta": meta}, 201)
    if m and m.group(2) == "items" and hit.method == "GET":
        return _json({"data": [], "meta": {**meta, "display_price": {"with_tax": {**price, "amount": 0,
                                                                                   "formatted": "$0.00"}}}})
    if m and m.group(2) == "checkout" and hit.method == "POST":
        return _json({"data": {"type": "order", "id": str(uuid.uuid4()), "status": "incomplete", "payment": "unpaid",
                               "shipping": "unfulfilled", "meta": meta}}, 201)
    if hit.method == "GET" and path == "/catalog/products":
        return _json({"data": [], "links": {}, "meta": {"results": {"total": 0}, "page": {"current": 1, "limit": 12,
                                                                                          "offset": 0, "total": 0}}})
    return _json({})


def writer(hit: Arrived) -> Reply | None:
    """Writer (api.writer.com/v1/chat): a chat completion (OpenAI-style, one assistant message)."""
    if hit.host != "api.writer.com":
        return None
    if hit.method == "POST" and _path(hit) == "/v1/chat":
        body = _body_json(hit) or {}
        return _json(_chat_completion(body.get("model") if isinstance(body, dict) else "",
                                      "Standard delivery takes three to five working days; you will get a tracking "
                                      "link by e-mail."))
    return _json({})


def _dust_user_message(body: dict[str, Any]) -> dict[str, Any]:
    """A Dust user message as the API gives it back: the message posted, with its ids."""
    context = body.get("context") if isinstance(body.get("context"), dict) else {}
    return {"id": 400000 + secrets.randbelow(99999), "created": int(time.time() * 1000), "type": "user_message",
            "sId": secrets.token_urlsafe(7)[:10], "visibility": "visible", "version": 0, "user": None,
            "mentions": body.get("mentions") if isinstance(body.get("mentions"), list) else [],
            "content": str(body.get("content", "")),
            "context": {"username": str(context.get("username") or "api"),
                        "timezone": str(context.get("timezone") or "UTC"), "fullName": context.get("fullName"),
                        "email": context.get("email"), "profilePictureUrl": context.get("profilePictureUrl"),
                        "origin": "api"}}


def dust(hit: Arrived) -> Reply | None:
    """Dust (dust.tt/api/v1/w/<workspace>): the conversation created (its ids, the workspace, the user message) and a
    message added (the user message)."""
    if hit.host != "dust.tt":
        return None
    path = _path(hit)
    m = re.fullmatch(r"/api/v1/w/([^/]+)/assistant/conversations(?:/([^/]+)/messages)?", path)
    if m and hit.method == "POST":
        body = _body_json(hit) or {}
        body = body if isinstance(body, dict) else {}
        message = body.get("message") if isinstance(body.get("message"), dict) else body
        user_message = _dust_user_message(message)
        if m.group(2):
            return _json({"message": user_message})
        workspace = {"id": 1742, "sId": m.group(1), "name": "Example Shop", "role": "user", "segmentation": None,
                     "whiteListedProviders": None, "defaultEmbeddingProvider": None}
        now = int(time.time() * 1000)
        sid = secrets.token_urlsafe(7)[:10]
        conversation = {"id": 900000 + secrets.randbelow(99999), "created": now, "updated": now, "unread": False,
                        "actionRequired": False, "owner": workspace, "sId": sid, "title": body.get("title"),
                        "visibility": body.get("visibility") or "unlisted", "content": [[user_message]],
                        "url": f"https://dust.tt/w/{m.group(1)}/assistant/{sid}"}
        return _json({"conversation": conversation, "message": user_message})
    return _json({})


# --- the forty-second blind set ------------------------------------------------------------------


def ollama(hit: Arrived) -> Reply | None:
    """Ollama's cloud API (ollama.com/api/chat): a chat answer, not streamed (one assistant message, done)."""
    if hit.host != "ollama.com":
        return None
    if hit.method == "POST" and _path(hit) == "/api/chat":
        body = _body_json(hit) or {}
        model = body.get("model") if isinstance(body, dict) else ""
        return _json({"model": model if isinstance(model, str) else "", "created_at": _now_iso(),
                      "message": {"role": "assistant", "content": "The leather winter boots run true to size; order "
                                                                  "your usual size."},
                      "done": True, "done_reason": "stop", "total_duration": 1832000000,
                      "load_duration": 21000000, "prompt_eval_count": 64, "prompt_eval_duration": 310000000,
                      "eval_count": 18, "eval_duration": 1490000000})
    return _json({})


def _turso_stmt_result(stmt: Any) -> dict[str, Any]:
    """A Hrana statement result: an INSERT's affected row and rowid, no rows for a query."""
    sql = str(stmt.get("sql", "")) if isinstance(stmt, dict) else ""
    if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
        return {"cols": [], "rows": [], "affected_row_count": 1,
                "last_insert_rowid": str(1000 + secrets.randbelow(9000)), "rows_read": 0, "rows_written": 1}
    return {"cols": [], "rows": [], "affected_row_count": 0, "last_insert_rowid": None, "rows_read": 0,
            "rows_written": 0}


def turso(hit: Arrived) -> Reply | None:
    """Turso (<db>-<org>.<region>.turso.io/v2/pipeline, the Hrana protocol over HTTP): one result per request of the
    pipeline, of its type (a statement's result, a batch's step results, the stream closed), and no baton."""
    if not hit.host.endswith(".turso.io"):
        return None
    if hit.method == "POST" and _path(hit) in ("/v2/pipeline", "/v3/pipeline"):
        body = _body_json(hit) or {}
        requests = body.get("requests") if isinstance(body, dict) else None
        results = []
        for req in requests if isinstance(requests, list) else []:
            kind = req.get("type") if isinstance(req, dict) else None
            if kind == "execute":
                results.append({"type": "ok", "response": {"type": "execute",
                                                           "result": _turso_stmt_result(req.get("stmt"))}})
            elif kind == "batch":
                steps = (req.get("batch") or {}).get("steps") or []
                results.append({"type": "ok", "response": {"type": "batch", "result": {
                    "step_results": [_turso_stmt_result(step.get("stmt") if isinstance(step, dict) else None)
                                     for step in steps],
                    "step_errors": [None for _ in steps]}}})
            elif kind == "get_autocommit":
                results.append({"type": "ok", "response": {"type": "get_autocommit", "is_autocommit": True}})
            elif kind in ("close", "sequence", "store_sql", "close_sql"):
                results.append({"type": "ok", "response": {"type": kind}})
            else:
                results.append({"type": "error", "error": {"message": "unsupported request", "code": "UNKNOWN"}})
        return _json({"baton": None, "base_url": None, "results": results})
    return _json({})


def pinecone(hit: Arrived) -> Reply | None:
    """Pinecone (<index>-<project>.svc.<env>.pinecone.io): records upserted (their count) and a query (no matches)."""
    if not hit.host.endswith(".pinecone.io"):
        return None
    path = _path(hit)
    body = _body_json(hit) or {}
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and path == "/vectors/upsert":
        vectors = body.get("vectors")
        return _json({"upsertedCount": len(vectors) if isinstance(vectors, list) else 0})
    if hit.method == "POST" and path == "/query":
        return _json({"results": [], "matches": [], "namespace": body.get("namespace", ""),
                      "usage": {"readUnits": 1}})
    return _json({})


def webflow(hit: Arrived) -> Reply | None:
    """Webflow's Data API (api.webflow.com/v2): a CMS item created live (its ids and dates, the fields echoed) and
    items listed (none)."""
    if hit.host != "api.webflow.com":
        return None
    m = re.fullmatch(r"/v2/collections/([0-9a-f]+)/items(?:/live)?", _path(hit))
    if m and hit.method == "POST":
        body = _body_json(hit) or {}
        body = body if isinstance(body, dict) else {}
        now = _now_iso()
        return _json({"id": secrets.token_hex(12), "cmsLocaleId": "6752b3f1c9e84a0012d4f5c0", "lastPublished": now,
                      "lastUpdated": now, "createdOn": now, "isArchived": bool(body.get("isArchived")),
                      "isDraft": bool(body.get("isDraft")), "fieldData": body.get("fieldData") or {}}, 202)
    if m and hit.method == "GET":
        limit = (_query(hit).get("limit") or ["100"])[0]
        return _json({"items": [], "pagination": {"limit": int(limit) if limit.isdigit() else 100, "offset": 0,
                                                  "total": 0}})
    return _json({})


def _storyblok_story(name: str, full_slug: str, content: dict[str, Any]) -> dict[str, Any]:
    """A Storyblok story as its APIs give it back."""
    now = _now_iso()
    return {"name": name, "created_at": now, "published_at": now, "updated_at": now,
            "id": 600000000 + secrets.randbelow(99999999), "uuid": str(uuid.uuid4()), "content": content,
            "slug": full_slug.rsplit("/", 1)[-1], "full_slug": full_slug, "sort_by_date": None, "position": 0,
            "tag_list": [], "is_startpage": False, "parent_id": None, "meta_data": None, "group_id": str(uuid.uuid4()),
            "first_published_at": now, "release_id": None, "lang": "default", "path": None,
            "alternates": [], "default_full_slug": None, "translated_slugs": None}


def storyblok(hit: Arrived) -> Reply | None:
    """Storyblok (api.storyblok.com): the Management API's created story (201, the content echoed), the Content
    Delivery API's stories (none) and a product story."""
    if hit.host not in ("api.storyblok.com", "api-us.storyblok.com", "mapi.storyblok.com"):
        return None
    path = _path(hit)
    cv = int(time.time()) - 3600
    m = re.fullmatch(r"/v1/spaces/(\d+)/stories", path)
    if m and hit.method == "POST":
        body = _body_json(hit) or {}
        story = body.get("story") if isinstance(body, dict) and isinstance(body.get("story"), dict) else {}
        created = _storyblok_story(str(story.get("name", "")), "returns/" + str(story.get("slug", "story")),
                                   story.get("content") if isinstance(story.get("content"), dict) else {})
        created["parent_id"] = story.get("parent_id")
        return _json({"story": created}, 201)
    if hit.method == "GET" and path == "/v2/cdn/stories":
        return _json({"stories": [], "cv": cv, "rels": [], "links": []}, 200, {"total": "0", "per-page": "5"})
    m = re.fullmatch(r"/v2/cdn/stories/(.+)", path)
    if m and hit.method == "GET":
        story = _storyblok_story("Leather winter boots", m.group(1),
                                 {"component": "product", "_uid": str(uuid.uuid4()), "title": "Leather winter boots",
                                  "price": "129.00", "sku": "BOOT-LW-42", "body": []})
        return _json({"story": story, "cv": cv, "rels": [], "links": []})
    return _json({})


def fal(hit: Arrived) -> Reply | None:
    """fal (fal.run/<owner>/<app>): the any-llm app's output (the model's answer), with fal's request id."""
    if hit.host != "fal.run":
        return None
    if hit.method == "POST":
        return _json({"output": "Standard delivery takes three to five working days; you will get a tracking link "
                                "by e-mail.", "reasoning": None, "partial": False, "error": None}, 200,
                     {"x-fal-request-id": str(uuid.uuid4())})
    return _json({})


def ai21(hit: Arrived) -> Reply | None:
    """AI21 (api.ai21.com/studio/v1/chat/completions): a chat completion (OpenAI-style, one assistant message)."""
    if hit.host != "api.ai21.com":
        return None
    if hit.method == "POST" and _path(hit) == "/studio/v1/chat/completions":
        body = _body_json(hit) or {}
        return _json(_chat_completion(body.get("model") if isinstance(body, dict) else "",
                                      "Boots that have been worn outside can be returned only if they are faulty; "
                                      "write to us with a photo."))
    return _json({})


# --- the forty-third blind set -------------------------------------------------------------------


def intercom(hit: Arrived) -> Reply | None:
    """Intercom's REST API (api.intercom.io): a created contact (its ids, the fields echoed), an event accepted (202, no
    body), a conversation's first message and an article search (no articles)."""
    if hit.host not in ("api.intercom.io", "api.eu.intercom.io", "api.au.intercom.io"):
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    now = int(time.time())
    if hit.method == "POST" and path == "/contacts":
        return _json({"type": "contact", "id": secrets.token_hex(12), "workspace_id": "ecahpwf5",
                      "external_id": body.get("external_id"), "role": body.get("role", "user"),
                      "email": body.get("email"), "phone": body.get("phone"), "name": body.get("name"),
                      "avatar": None, "owner_id": None, "social_profiles": {"type": "list", "data": []},
                      "has_hard_bounced": False, "marked_email_as_spam": False, "unsubscribed_from_emails": False,
                      "created_at": now, "updated_at": now, "signed_up_at": None, "last_seen_at": None,
                      "custom_attributes": body.get("custom_attributes") or {},
                      "tags": {"type": "list", "data": [], "url": "", "total_count": 0, "has_more": False},
                      "notes": {"type": "list", "data": [], "url": "", "total_count": 0, "has_more": False},
                      "companies": {"type": "list", "data": [], "url": "", "total_count": 0, "has_more": False}})
    if hit.method == "POST" and path == "/events":
        return Reply(202, b"", "application/json")
    if hit.method == "POST" and path == "/conversations":
        return _json({"type": "user_message", "id": str(400000000 + secrets.randbelow(99999999)), "created_at": now,
                      "body": body.get("body", ""), "message_type": "inapp",
                      "conversation_id": str(100000000000 + secrets.randbelow(99999999999))})
    if hit.method == "GET" and path == "/articles/search":
        return _json({"type": "list", "total_count": 0, "data": {"articles": [], "highlights": []},
                      "pages": {"type": "pages", "page": 1, "per_page": 10, "total_pages": 0}})
    return _json({})


def mailgun(hit: Arrived) -> Reply | None:
    """Mailgun (api.mailgun.net): an address validation, a mailing list member created, a message queued and a
    mailing list's details."""
    if hit.host not in ("api.mailgun.net", "api.eu.mailgun.net"):
        return None
    path = _path(hit)
    if hit.method == "GET" and path == "/v4/address/validate":
        address = (_query(hit).get("address") or [""])[0]
        return _json({"address": address, "is_disposable_address": False, "is_role_address": False, "reason": [],
                      "result": "deliverable", "risk": "low", "root_address": None})
    m = re.fullmatch(r"/v3/lists/([^/]+)/members", path)
    if m and hit.method == "POST":
        return _json({"member": {"address": "", "name": "", "subscribed": True, "vars": {}},
                      "message": "Mailing list member has been created"})
    if hit.method == "POST" and re.fullmatch(r"/v3/[^/]+/messages", path):
        stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime())
        domain = path.split("/")[2]
        return _json({"id": f"<{stamp}.{secrets.token_hex(8)}@{domain}>", "message": "Queued. Thank you."})
    m = re.fullmatch(r"/v3/lists/([^/]+)", path)
    if m and hit.method == "GET":
        return _json({"list": {"address": unquote(m.group(1)), "name": "Newsletter", "description": "Example Shop's "
                               "newsletter", "access_level": "readonly", "reply_preference": "list",
                               "members_count": 1284, "created_at": "Tue, 03 Jun 2025 09:12:44 -0000"}})
    return _json({})


def gitlab(hit: Arrived) -> Reply | None:
    """GitLab's REST API (gitlab.com/api/v4): an issue created (201, its ids, the title and labels echoed) and issue
    listings (none, with the pagination headers)."""
    if hit.host != "gitlab.com":
        return None
    m = re.fullmatch(r"/api/v4/projects/([^/]+)/issues", _path(hit))
    if m and hit.method == "POST":
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        iid = 100 + secrets.randbelow(900)
        labels = body.get("labels")
        project_id = int(m.group(1)) if m.group(1).isdigit() else 61283947
        now = _now_iso()
        return _json({"id": 160000000 + secrets.randbelow(9999999), "iid": iid, "project_id": project_id,
                      "title": body.get("title", ""), "description": body.get("description", ""), "state": "opened",
                      "created_at": now, "updated_at": now, "closed_at": None,
                      "labels": labels.split(",") if isinstance(labels, str) else [], "milestone": None,
                      "assignees": [], "author": {"id": 24117, "username": "support-bot", "name": "Support bot"},
                      "type": "ISSUE", "user_notes_count": 0, "upvotes": 0, "downvotes": 0, "confidential": False,
                      "web_url": f"https://gitlab.com/exampleshop/support/-/issues/{iid}"}, 201)
    if m and hit.method == "GET":
        per_page = (_query(hit).get("per_page") or ["20"])[0]
        return _json([], 200, {"x-total": "0", "x-total-pages": "0", "x-page": "1", "x-per-page": per_page,
                               "x-next-page": "", "x-prev-page": ""})
    return _json({})


def _kontent_item(name: str, codename: str, external_id: Any) -> dict[str, Any]:
    """A Kontent.ai content item as the Management API gives it back."""
    return {"id": str(uuid.uuid4()), "name": name, "codename": codename, "type": {"id": str(uuid.uuid4())},
            "collection": {"id": "00000000-0000-0000-0000-000000000000"}, "spaces": [], "sitemap_locations": [],
            "external_id": external_id, "last_modified": _now_iso()}


def kontent(hit: Arrived) -> Reply | None:
    """Kontent.ai's Management API (manage.kontent.ai/v2/projects/<environment>): a content item created (201), its
    language variant upserted (the elements echoed), an item read and items listed (none)."""
    if hit.host != "manage.kontent.ai":
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and re.fullmatch(r"/v2/projects/[^/]+/items", path):
        name = str(body.get("name", ""))
        return _json(_kontent_item(name, re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_"),
                                   body.get("external_id")), 201)
    m = re.fullmatch(r"/v2/projects/[^/]+/items/([^/]+)/variants/(?:codename/)?([^/]+)", path)
    if m and hit.method == "PUT":
        elements = body.get("elements") if isinstance(body.get("elements"), list) else []
        return _json({"item": {"id": m.group(1)}, "language": {"id": "00000000-0000-0000-0000-000000000000"},
                      "last_modified": _now_iso(), "due_date": {"value": None, "display_timezone": None},
                      "note": None, "contributors": [],
                      "schedule": {"publish_time": None, "publish_display_timezone": None, "unpublish_time": None,
                                   "unpublish_display_timezone": None},
                      "workflow": {"workflow_identifier": {"id": "00000000-0000-0000-0000-000000000000"},
                                   "step_identifier": {"id": "eee6db3b-545a-4785-8e86-e3772c8756f9"}},
                      "elements": [{"element": {"id": str(uuid.uuid4())}, "value": el.get("value")}
                                   for el in elements if isinstance(el, dict)]})
    m = re.fullmatch(r"/v2/projects/[^/]+/items/codename/([^/]+)", path)
    if m and hit.method == "GET":
        return _json(_kontent_item("Leather winter boots", m.group(1), None))
    if hit.method == "GET" and re.fullmatch(r"/v2/projects/[^/]+/items", path):
        return _json({"items": [], "pagination": {"continuation_token": None, "next_page": None}})
    return _json({})


def deepgram(hit: Arrived) -> Reply | None:
    """Deepgram (api.deepgram.com): a text analysis (summary, sentiment, intents, topics) and speech (a short MP3)."""
    if hit.host != "api.deepgram.com":
        return None
    path = _path(hit)
    request_id = str(uuid.uuid4())
    if hit.method == "POST" and path == "/v1/read":
        return _json({"metadata": {"request_id": request_id, "created": _now_iso(), "language": "en",
                                   "summary_info": {"model_uuid": str(uuid.uuid4()), "input_tokens": 64,
                                                    "output_tokens": 18},
                                   "sentiment_info": {"model_uuid": str(uuid.uuid4()), "input_tokens": 64,
                                                      "output_tokens": 64}},
                      "results": {"summary": {"text": "The customer wants to return boots that are too small."},
                                  "sentiments": {"segments": [], "average": {"sentiment": "neutral",
                                                                             "sentiment_score": 0.0}},
                                  "intents": {"segments": []}, "topics": {"segments": []}}},
                     200, {"dg-request-id": request_id})
    if hit.method == "POST" and path == "/v1/speak":
        audio = b"ID3\x04\x00\x00\x00\x00\x00\x00" + b"\xff\xf3\x44\xc4" + bytes(412)
        model = (_query(hit).get("model") or ["aura-2-thalia-en"])[0]
        return Reply(200, audio, "audio/mpeg", {"dg-request-id": request_id, "dg-model-name": model,
                                               "dg-char-count": "80"})
    return _json({})


def chroma(hit: Arrived) -> Reply | None:
    """Chroma Cloud (api.trychroma.com/api/v2): pre-flight checks (no base64), a collection got or created, records
    added and a query (no results)."""
    if hit.host != "api.trychroma.com":
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if hit.method == "GET" and path == "/api/v2/pre-flight-checks":
        return _json({"max_batch_size": 1000, "supports_base64_encoding": False})
    m = re.fullmatch(r"/api/v2/tenants/([^/]+)/databases/([^/]+)/collections", path)
    if m and hit.method == "POST":
        return _json({"id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"chroma:{m.group(1)}:{body.get('name')}")),
                      "name": body.get("name", ""), "configuration_json": {"hnsw": None, "spann": None,
                                                                           "embedding_function": {"type": "legacy"}},
                      "metadata": None, "dimension": None, "tenant": unquote(m.group(1)),
                      "database": unquote(m.group(2)), "log_position": 0, "version": 0, "schema": None})
    if hit.method == "POST" and re.fullmatch(r"/api/v2/tenants/[^/]+/databases/[^/]+/collections/[^/]+/add", path):
        return _json({}, 201)
    if hit.method == "POST" and re.fullmatch(r"/api/v2/tenants/[^/]+/databases/[^/]+/collections/[^/]+/query", path):
        n = len(body.get("query_embeddings") or [[]])
        return _json({"ids": [[] for _ in range(n)], "documents": [[] for _ in range(n)],
                      "metadatas": [[] for _ in range(n)], "distances": [[] for _ in range(n)],
                      "embeddings": None, "uris": None, "include": body.get("include") or []})
    return _json({})


def fusionauth(hit: Arrived) -> Reply | None:
    """FusionAuth Cloud (<name>.fusionauth.io): a user search (none), a registration (the user and the registration,
    their ids), the OpenID configuration and the password rules."""
    if not hit.host.endswith(".fusionauth.io"):
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    now = int(time.time() * 1000)
    base = f"https://{hit.host}"
    if hit.method == "POST" and path == "/api/user/search":
        return _json({"total": 0, "users": []})
    if hit.method == "POST" and re.fullmatch(r"/api/user/registration(?:/[^/]+)?", path):
        user = body.get("user") if isinstance(body.get("user"), dict) else {}
        registration = body.get("registration") if isinstance(body.get("registration"), dict) else {}
        user_id = str(uuid.uuid4())
        return _json({"user": {**user, "id": user_id, "active": True, "insertInstant": now, "lastUpdateInstant": now,
                               "passwordChangeRequired": False, "tenantId": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
                               "twoFactor": {}, "usernameStatus": "ACTIVE", "verified": False},
                      "registration": {**registration, "id": str(uuid.uuid4()), "insertInstant": now,
                                       "lastUpdateInstant": now, "usernameStatus": "ACTIVE", "verified": False}})
    if hit.method == "GET" and path == "/.well-known/openid-configuration":
        return _json({"issuer": base, "authorization_endpoint": f"{base}/oauth2/authorize",
                      "token_endpoint": f"{base}/oauth2/token", "userinfo_endpoint": f"{base}/oauth2/userinfo",
                      "end_session_endpoint": f"{base}/oauth2/logout", "jwks_uri": f"{base}/.well-known/jwks.json",
                      "response_types_supported": ["code", "token", "id_token", "id_token token"],
                      "scopes_supported": ["openid", "offline_access", "profile", "email", "phone", "address"],
                      "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["RS256"],
                      "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
                      "code_challenge_methods_supported": ["plain", "S256"]})
    if hit.method == "GET" and path == "/api/tenant/password-validation-rules":
        return _json({"passwordValidationRules": {"maxLength": 256, "minLength": 8,
                                                  "rememberPreviousPasswords": {"count": 1, "enabled": False},
                                                  "requireMixedCase": True, "requireNonAlpha": False,
                                                  "requireNumber": True, "validateOnLogin": False}})
    return _json({})


# --- the forty-fourth blind set ------------------------------------------------------------------


def stripe(hit: Arrived) -> Reply | None:
    """Stripe's API (api.stripe.com/v1): a created customer (its id, the form's fields echoed), a customer search
    (none), a setup intent (its client secret), product and price listings (one each)."""
    if hit.host != "api.stripe.com":
        return None
    path = _path(hit)
    form = {k: v[0] for k, v in parse_qs(hit.body.decode("utf-8", "replace")).items()}
    now = int(time.time())
    headers = {"Request-Id": "req_" + secrets.token_hex(7), "Stripe-Version": "2026-11-17.clover"}
    if hit.method == "POST" and path == "/v1/customers":
        metadata = {k[9:-1]: v for k, v in form.items() if k.startswith("metadata[")}
        return _json({"id": "cus_" + secrets.token_hex(7), "object": "customer", "address": None, "balance": 0,
                      "created": now, "currency": None, "default_source": None, "delinquent": False,
                      "description": form.get("description"), "email": form.get("email"),
                      "invoice_prefix": secrets.token_hex(4).upper(), "livemode": False, "metadata": metadata,
                      "name": form.get("name"), "phone": form.get("phone"), "preferred_locales": [],
                      "shipping": None, "tax_exempt": "none", "test_clock": None}, headers=headers)
    if hit.method == "GET" and path == "/v1/customers/search":
        return _json({"object": "search_result", "data": [], "has_more": False, "next_page": None,
                      "url": "/v1/customers/search"}, headers=headers)
    if hit.method == "POST" and path == "/v1/setup_intents":
        intent = "seti_" + secrets.token_hex(12)
        secret = f"{intent}_secret_{secrets.token_hex(12)}"
        return _json({"id": intent, "object": "setup_intent", "client_secret": secret, "created": now,
                      "customer": form.get("customer"), "livemode": False, "metadata": {},
                      "payment_method": None, "payment_method_types": ["card"], "status": "requires_payment_method",
                      "usage": form.get("usage", "off_session")}, headers=headers)
    if hit.method == "GET" and path == "/v1/products":
        return _json({"object": "list", "url": "/v1/products", "has_more": False, "data": [
            {"id": "prod_R7mZp2Lr9TbV4n", "object": "product", "active": True, "created": 1733300000,
             "default_price": "price_1QmZp2Lr9TbV4nWx", "description": "Waterproof full-grain leather, wool lining.",
             "images": [], "livemode": False, "metadata": {}, "name": "Leather winter boots", "type": "service",
             "updated": 1733300000, "url": None}]}, headers=headers)
    if hit.method == "GET" and path == "/v1/prices":
        return _json({"object": "list", "url": "/v1/prices", "has_more": False, "data": [
            {"id": "price_1QmZp2Lr9TbV4nWx", "object": "price", "active": True, "currency": "usd",
             "product": "prod_R7mZp2Lr9TbV4n", "type": "one_time", "unit_amount": 18900, "livemode": False,
             "metadata": {}, "created": 1733300000}]}, headers=headers)
    return _json({}, headers=headers)


def spree(hit: Arrived) -> Reply | None:
    """A Spree store's Store API v3 (<backend>/api/v3/store): the registered customer's tokens, a newsletter
    subscription, a cart (its id and guest token) created and updated, categories and products (none)."""
    path = _path(hit)
    if not path.startswith("/api/v3/store/") or not hit.host.endswith(".onrender.com"):
        return None
    path = path[len("/api/v3/store"):]
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    if hit.method == "POST" and path == "/customers":
        user = {"id": "cus_" + secrets.token_hex(8), "email": body.get("email"), "first_name": body.get("first_name"),
                "last_name": body.get("last_name")}
        return _json({"token": _unsigned_jwt({"sub": user["id"], "exp": int(time.time()) + 3600}),
                      "refresh_token": secrets.token_urlsafe(32), "user": user}, 201)
    if hit.method == "POST" and path == "/newsletter_subscribers":
        return _json({"id": "sub_" + secrets.token_hex(8), "email": body.get("email"), "verified": False,
                      "verified_at": None, "created_at": stamp, "updated_at": stamp}, 201)
    m = re.fullmatch(r"/carts(?:/([^/]+))?", path)
    if m and hit.method in ("POST", "PATCH"):
        cart_id = m.group(1) or "cart_" + secrets.token_hex(8)
        number = "R" + str(100000000 + secrets.randbelow(899999999))
        return _json({"id": cart_id, "token": secrets.token_urlsafe(16), "number": number, "state": "cart",
                      "email": body.get("email"), "currency": "USD", "item_count": 0, "items": [],
                      "item_total": "0.0", "total": "0.0", "ship_address": body.get("shipping_address"),
                      "bill_address": body.get("shipping_address") if body.get("use_shipping") else None,
                      "created_at": stamp, "updated_at": stamp}, 201 if hit.method == "POST" else 200)
    if hit.method == "GET" and path in ("/categories", "/products"):
        return _json({"data": [], "meta": {"page": 1, "limit": 10, "count": 0, "pages": 0}})
    return _json({})


def pipedrive(hit: Arrived) -> Reply | None:
    """Pipedrive's API (api.pipedrive.com): the added person (its id, the fields echoed), the added note, and person and
    product searches and listings (none)."""
    if hit.host != "api.pipedrive.com":
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if hit.method == "POST" and path == "/api/v2/persons":
        return _json({"success": True, "data": {"id": 1000 + secrets.randbelow(9000), "name": body.get("name"),
                                                "emails": body.get("emails") or [], "phones": body.get("phones") or [],
                                                "owner_id": 13052841, "org_id": None, "add_time": stamp,
                                                "update_time": stamp, "visible_to": 3,
                                                "custom_fields": body.get("custom_fields") or {}}})
    if hit.method == "POST" and path == "/v1/notes":
        return _json({"success": True, "data": {"id": 1000 + secrets.randbelow(9000), "content": body.get("content"),
                                                "person_id": body.get("person_id"), "user_id": 13052841,
                                                "add_time": stamp.replace("T", " ").rstrip("Z"), "active_flag": True}},
                     201)
    if hit.method == "GET" and path in ("/api/v2/persons/search", "/api/v2/products/search"):
        return _json({"success": True, "data": {"items": []}, "additional_data": {"next_cursor": None}})
    if hit.method == "GET" and path == "/api/v2/products":
        return _json({"success": True, "data": [], "additional_data": {"next_cursor": None}})
    return _json({"success": True, "data": None})


def brevo(hit: Arrived) -> Reply | None:
    """Brevo's API (api.brevo.com/v3): a created contact's id, an event (204), a transactional e-mail's message id,
    contact lists and segments."""
    if hit.host != "api.brevo.com":
        return None
    path = _path(hit)
    if hit.method == "POST" and path == "/v3/contacts":
        return _json({"id": 100 + secrets.randbelow(9900)}, 201)
    if hit.method == "POST" and path == "/v3/events":
        return Reply(204, b"", "application/json")
    if hit.method == "POST" and path == "/v3/smtp/email":
        return _json({"messageId": f"<{time.strftime('%Y%m%d%H%M%S', time.gmtime())}.{secrets.token_hex(8)}"
                                   "@smtp-relay.mailin.fr>"}, 201)
    if hit.method == "GET" and path == "/v3/contacts/lists":
        return _json({"lists": [{"id": 7, "name": "Newsletter", "folderId": 1, "uniqueSubscribers": 1284,
                                 "totalBlacklisted": 3, "totalSubscribers": 1281}], "count": 1})
    if hit.method == "GET" and path == "/v3/contacts/segments":
        return _json({"segments": [{"id": 3, "segmentName": "Winter boots buyers", "categoryName": "Purchases",
                                    "updatedAt": "2026-11-30T09:12:44.000Z"}], "count": 1})
    return _json({})


def telnyx(hit: Arrived) -> Reply | None:
    """Telnyx's API (api.telnyx.com/v2): a number lookup (a mobile carrier), a queued message, the balance and the
    messaging profiles."""
    if hit.host != "api.telnyx.com":
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000+00:00", time.gmtime())
    m = re.fullmatch(r"/v2/number_lookup/([^/]+)", path)
    if m and hit.method == "GET":
        number = unquote(m.group(1))
        return _json({"data": {"record_type": "number_lookup", "phone_number": number, "country_code": "US",
                               "national_format": None, "fraud": None, "caller_name": None, "portability": None,
                               "carrier": {"name": "T-Mobile USA, Inc.", "type": "mobile", "mobile_country_code": "310",
                                           "mobile_network_code": "260", "error_code": None}}})
    if hit.method == "POST" and path == "/v2/messages":
        return _json({"data": {"record_type": "message", "id": str(uuid.uuid4()), "direction": "outbound",
                               "type": "SMS", "messaging_profile_id": body.get("messaging_profile_id"),
                               "from": {"phone_number": body.get("from"), "carrier": "Telnyx", "line_type": "Wireless"},
                               "to": [{"phone_number": body.get("to"), "status": "queued",
                                       "carrier": "T-MOBILE USA, INC.", "line_type": "Wireless"}],
                               "text": body.get("text"), "parts": 1, "encoding": "GSM-7", "media": [], "tags": [],
                               "received_at": stamp, "sent_at": None, "completed_at": None, "errors": []}})
    if hit.method == "GET" and path == "/v2/balance":
        return _json({"data": {"record_type": "balance", "balance": "124.50", "credit_limit": "0.00",
                               "available_credit": "124.50", "pending": "0.00", "currency": "USD"}})
    if hit.method == "GET" and path == "/v2/messaging_profiles":
        return _json({"data": [{"record_type": "messaging_profile", "id": "40019a7e-5c3b-4f6d-9e2a-8b1c7d4f0e52",
                                "name": "Order updates", "enabled": True, "webhook_url": None,
                                "whitelisted_destinations": ["US"], "created_at": "2026-06-03T09:12:44.000+00:00",
                                "updated_at": "2026-06-03T09:12:44.000+00:00"}],
                      "meta": {"page_number": 1, "page_size": 20, "total_pages": 1, "total_results": 1}})
    return _json({"data": {}})


def voyage(hit: Arrived) -> Reply | None:
    """Voyage AI's API (api.voyageai.com/v1): embeddings (short vectors, one per text) and a reranking (the first
    documents)."""
    if hit.host != "api.voyageai.com":
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and path == "/v1/embeddings":
        texts = body.get("input") or []
        texts = [texts] if isinstance(texts, str) else texts
        data = [{"object": "embedding", "index": i,
                 "embedding": [round((b - 128) / 512, 4) for b in hashlib.sha256(str(t).encode()).digest()[:16]]}
                for i, t in enumerate(texts)]
        return _json({"object": "list", "data": data, "model": body.get("model"),
                      "usage": {"total_tokens": sum(len(str(t).split()) for t in texts)}})
    if hit.method == "POST" and path == "/v1/rerank":
        docs = body.get("documents") or []
        top = min(len(docs), int(body.get("top_k") or len(docs)))
        return _json({"object": "list", "model": body.get("model"),
                      "data": [{"index": i, "relevance_score": round(0.9 - 0.2 * i, 2)} for i in range(top)],
                      "usage": {"total_tokens": sum(len(str(d).split()) for d in docs)}})
    return _json({})


def keycloak(hit: Arrived) -> Reply | None:
    """A hosted Keycloak (<cluster>.cloud-iam.com/auth): a client-credentials token (a JWT valid five minutes), a
    created user (201 with its Location, where the client reads the new id), user searches (none), the realm's groups
    and roles. The client never reads the created user's (empty) body, so Chromium reports that fetch as aborted
    (net::ERR_ABORTED) when the page goes, after it arrived and was answered."""
    if not hit.host.endswith(".cloud-iam.com"):
        return None
    path = _path(hit)
    m = re.fullmatch(r"/auth/realms/([^/]+)/protocol/openid-connect/token", path)
    if m and hit.method == "POST":
        now = int(time.time())
        issuer = f"https://{hit.host}/auth/realms/{m.group(1)}"
        token = _unsigned_jwt({"exp": now + 300, "iat": now, "jti": str(uuid.uuid4()), "iss": issuer, "typ": "Bearer",
                               "azp": "shop-backend", "scope": "profile email"})
        return _json({"access_token": token,
                      "expires_in": 300, "refresh_expires_in": 0, "token_type": "Bearer", "not-before-policy": 0,
                      "scope": "profile email"})
    m = re.fullmatch(r"/auth/admin/realms/([^/]+)/(users|groups|roles)/?", path)  # the client ends some with "/"
    if m and hit.method == "POST" and m.group(2) == "users":
        location = f"https://{hit.host}/auth/admin/realms/{m.group(1)}/users/{uuid.uuid4()}"
        return Reply(201, b"", "application/json", {"Location": location})
    if m and hit.method == "GET":
        realm, what = m.groups()
        if what == "groups":
            return _json([{"id": "5b0f4a7d-1e9c-4b6f-a8d5-e0c9c4b1e7f2", "name": "customers", "path": "/customers",
                           "subGroupCount": 0, "subGroups": []}])
        if what == "roles":
            return _json([{"id": "2e7a9c4f-1b6d-4e3a-9c0f-7b2d9e4a1c6f", "name": f"default-roles-{realm}",
                           "description": "${role_default-roles}", "composite": True, "clientRole": False,
                           "containerId": realm}])
        return _json([])
    return _json({})


# --- the forty-fifth blind set -------------------------------------------------------------------


def chargebee(hit: Arrived) -> Reply | None:
    """A Chargebee site's API (<site>.chargebee.com/api/v2): the created customer (the form's fields echoed), a comment,
    customer searches (none), items and item prices (one plan each)."""
    if not hit.host.endswith(".chargebee.com") or not _path(hit).startswith("/api/v2/"):
        return None
    path = _path(hit)[len("/api/v2"):]
    form = {k: v[0] for k, v in parse_qs(hit.body.decode("utf-8", "replace")).items()}
    now = int(time.time())
    if hit.method == "POST" and path == "/customers":
        meta: Any = None
        try:
            meta = json.loads(form.get("meta_data") or "null")
        except ValueError:
            meta = None
        customer = {"id": "AzZj" + secrets.token_hex(6), "first_name": form.get("first_name"),
                    "last_name": form.get("last_name"), "email": form.get("email"), "phone": form.get("phone"),
                    "auto_collection": form.get("auto_collection", "on"), "net_term_days": 0,
                    "allow_direct_debit": False,
                    "created_at": now, "taxability": "taxable", "updated_at": now, "pii_cleared": "active",
                    "channel": "web", "resource_version": now * 1000, "deleted": False, "object": "customer",
                    "card_status": "no_card", "promotional_credits": 0, "refundable_credits": 0,
                    "excess_payments": 0, "unbilled_charges": 0, "preferred_currency_code": "USD",
                    "mrr": 0, "meta_data": meta}
        return _json({"customer": customer})
    if hit.method == "POST" and path == "/comments":
        return _json({"comment": {"id": "cmt_" + secrets.token_hex(8), "entity_type": form.get("entity_type"),
                                  "entity_id": form.get("entity_id"), "notes": form.get("notes"), "added_by": "API",
                                  "type": "user", "created_at": now, "object": "comment"}})
    if hit.method == "GET" and path == "/customers":
        return _json({"list": []})
    if hit.method == "GET" and path == "/items":
        return _json({"list": [{"item": {
            "id": "pro-plan", "name": "Pro plan", "external_name": "Pro plan", "status": "active",
            "resource_version": 1733300000000, "updated_at": 1733300000, "item_family_id": "shop-memberships",
            "type": "plan", "is_shippable": False, "is_giftable": False, "enabled_for_checkout": True,
            "enabled_in_portal": True, "item_applicability": "all", "metered": False, "channel": "web",
            "object": "item"}}]})
    if hit.method == "GET" and path == "/item_prices":
        return _json({"list": [{"item_price": {
            "id": "pro-plan-USD-Monthly", "name": "Pro plan USD Monthly", "item_family_id": "shop-memberships",
            "item_id": "pro-plan", "status": "active", "external_name": "Pro plan", "pricing_model": "flat_fee",
            "price": 900, "period": 1, "currency_code": "USD", "period_unit": "month", "free_quantity": 0,
            "channel": "web", "resource_version": 1733300000000, "updated_at": 1733300000, "created_at": 1733300000,
            "is_taxable": True, "item_type": "plan", "show_description_in_invoices": False,
            "show_description_in_quotes": False, "object": "item_price"}}]})
    return _json({})


def square(hit: Arrived) -> Reply | None:
    """Square's API (connect.squareup.com/v2): the created customer (the fields echoed), customer searches (none), a
    catalog search (none) and the shop's location."""
    if hit.host != "connect.squareup.com":
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    if hit.method == "POST" and path == "/v2/customers":
        fields = ("given_name", "family_name", "email_address", "phone_number", "reference_id", "note", "address")
        customer = {"id": "".join(secrets.choice("ABCDEFGHJKMNPQRSTVWXYZ0123456789") for _ in range(26)),
                    "created_at": stamp, "updated_at": stamp, "preferences": {"email_unsubscribed": False},
                    "creation_source": "THIRD_PARTY", "version": 0,
                    **{k: body[k] for k in fields if k in body}}
        return _json({"customer": customer})
    if hit.method == "POST" and path == "/v2/customers/search":
        return _json({})
    if hit.method == "POST" and path == "/v2/catalog/search-catalog-items":
        return _json({"items": [], "matched_variation_ids": []})
    if hit.method == "GET" and path == "/v2/locations":
        return _json({"locations": [{
            "id": "L8Q2M7Z4KX1TV", "name": "Example Shop", "address": {
                "address_line_1": "1 Market Street", "locality": "San Francisco",
                "administrative_district_level_1": "CA", "postal_code": "94105", "country": "US"},
            "timezone": "America/Los_Angeles", "capabilities": ["CREDIT_CARD_PROCESSING"], "status": "ACTIVE",
            "created_at": "2026-03-02T17:41:09.000Z", "merchant_id": "ML2QZ7XK4V9TB", "country": "US",
            "language_code": "en-US", "currency": "USD", "business_name": "Example Shop", "type": "PHYSICAL",
            "mcc": "5661"}]})
    return _json({})


def orb(hit: Arrived) -> Reply | None:
    """Orb's API (api.withorb.com/v1): the created customer (the fields echoed), accepted usage events, a customer read
    by its external id, plans and items (none)."""
    if hit.host != "api.withorb.com":
        return None
    path = _path(hit)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())

    def customer(external_id: Any, fields: dict[str, Any]) -> dict[str, Any]:
        return {"id": secrets.token_urlsafe(16)[:22], "external_customer_id": external_id, "name": fields.get("name"),
                "email": fields.get("email"), "currency": fields.get("currency", "USD"),
                "timezone": fields.get("timezone", "Etc/UTC"), "metadata": fields.get("metadata") or {},
                "billing_address": fields.get("billing_address"), "shipping_address": None, "balance": "0.00",
                "created_at": stamp, "email_delivery": True, "auto_collection": True, "additional_emails": [],
                "payment_provider": None, "payment_provider_id": None, "portal_url": None, "tax_id": None,
                "hierarchy": {"children": [], "parent": None}, "accounting_sync_configuration": None,
                "reporting_configuration": None, "exempt_from_automated_tax": False}

    if hit.method == "POST" and path == "/v1/customers":
        return _json(customer(body.get("external_customer_id"), body))
    if hit.method == "POST" and path == "/v1/ingest":
        return _json({"validation_failed": [], "debug": None})
    m = re.fullmatch(r"/v1/customers/external_customer_id/([^/]+)", path)
    if m and hit.method == "GET":
        return _json(customer(unquote(m.group(1)), {}))
    if hit.method == "GET" and path in ("/v1/plans", "/v1/items"):
        return _json({"data": [], "pagination_metadata": {"has_more": False, "next_cursor": None}})
    return _json({})


def shippo(hit: Arrived) -> Reply | None:
    """Shippo's API (api.goshippo.com): the created address (the fields echoed, validated), the created order (its
    address and line items echoed), carrier accounts (one) and parcel templates (one)."""
    if hit.host != "api.goshippo.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    owner = "shipping@shop.example"

    def address(fields: Any) -> dict[str, Any]:
        fields = fields if isinstance(fields, dict) else {}
        keep = {k: v for k, v in fields.items() if k != "validate" and isinstance(v, (str, bool))}
        return {**keep, "country": str(fields.get("country") or "US"), "object_id": secrets.token_hex(16),
                "object_owner": owner, "object_created": stamp, "object_updated": stamp, "is_complete": True,
                "test": False, "validation_results": {"is_valid": True, "messages": []}}

    if hit.method == "POST" and path == "/addresses":
        return _json(address(body), 201)
    if hit.method == "POST" and path == "/orders":
        items = [{**i, "object_id": secrets.token_hex(16)} for i in body.get("line_items") or [] if isinstance(i, dict)]
        order = {k: v for k, v in body.items() if isinstance(v, str)}
        return _json({**order, "placed_at": str(body.get("placed_at") or stamp),
                      "to_address": address(body.get("to_address")), "line_items": items,
                      "object_id": secrets.token_hex(16), "object_owner": owner,
                      "shop_app": "Shippo", "transactions": []}, 201)
    if hit.method == "GET" and path == "/carrier_accounts":
        return _json({"results": [{"account_id": "exampleshop-usps", "carrier": "usps", "active": True,
                                   "is_shippo_account": True, "object_id": "b741b99f95e841639b54272834bc478c",
                                   "object_owner": owner, "test": False, "parameters": {}}]})
    if hit.method == "GET" and path == "/parcel-templates":
        return _json({"results": [{"carrier": "USPS", "name": "Flat Rate Box - Medium",
                                   "token": "USPS_MediumFlatRateBox1", "length": "11.25", "width": "8.75",
                                   "height": "6", "distance_unit": "in",
                                   "is_variable_dimensions": False}]})
    return _json({})


def klaviyo(hit: Arrived) -> Reply | None:
    """Klaviyo's API (a.klaviyo.com/api): a created or updated profile (its id, the attributes echoed), an accepted
    event (202), profile searches (none), the account's lists and segments (one each)."""
    if hit.host != "a.klaviyo.com" or not _path(hit).startswith("/api/"):
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    data = body.get("data") if isinstance(body, dict) else None
    data = data if isinstance(data, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
    base = "https://a.klaviyo.com/api"
    if hit.method == "POST" and path == "/api/profile-import":
        profile_id = "01K" + "".join(secrets.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(23))
        attributes = {**(data.get("attributes") or {}), "created": stamp, "updated": stamp}
        return _json({"data": {"type": "profile", "id": profile_id, "attributes": attributes,
                               "links": {"self": f"{base}/profiles/{profile_id}/"}}}, 201)
    if hit.method == "POST" and path == "/api/events":
        return Reply(202, b"", "application/vnd.api+json")
    if hit.method == "GET" and path == "/api/profiles":
        return _json({"data": [], "links": {"self": f"{base}/profiles/", "next": None, "prev": None}})
    if hit.method == "GET" and path == "/api/lists":
        return _json({"data": [{"type": "list", "id": "Xk7pQ2", "attributes": {
            "name": "Newsletter", "created": "2026-03-02T17:41:09+00:00", "updated": "2026-11-30T09:12:44+00:00",
            "opt_in_process": "double_opt_in"}, "links": {"self": f"{base}/lists/Xk7pQ2/"}}],
            "links": {"self": f"{base}/lists/", "next": None, "prev": None}})
    if hit.method == "GET" and path == "/api/segments":
        return _json({"data": [{"type": "segment", "id": "Rt4mZ9", "attributes": {
            "name": "Winter boots buyers", "created": "2026-06-03T09:12:44+00:00",
            "updated": "2026-11-30T09:12:44+00:00", "is_active": True, "is_processing": False, "is_starred": False},
            "links": {"self": f"{base}/segments/Rt4mZ9/"}}],
            "links": {"self": f"{base}/segments/", "next": None, "prev": None}})
    return _json({"data": []})


def clerk(hit: Arrived) -> Reply | None:
    """Clerk's Backend API (api.clerk.com/v1): the created user (its e-mail and phone as verified-later identifiers,
    the fields echoed), user searches and counts (none), organizations (none)."""
    if hit.host != "api.clerk.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    now = int(time.time() * 1000)
    if hit.method == "POST" and path == "/v1/users":
        user_id = "user_" + secrets.token_urlsafe(20)[:27]
        emails = [{"id": "idn_" + secrets.token_hex(12), "object": "email_address", "email_address": e,
                   "reserved": False, "verification": None, "linked_to": [], "created_at": now, "updated_at": now}
                  for e in body.get("email_address") or []]
        phones = [{"id": "idn_" + secrets.token_hex(12), "object": "phone_number", "phone_number": n,
                   "reserved_for_second_factor": False, "default_second_factor": False, "reserved": False,
                   "verification": None, "linked_to": [], "backup_codes": None, "created_at": now, "updated_at": now}
                  for n in body.get("phone_number") or []]
        return _json({"id": user_id, "object": "user", "username": None, "first_name": body.get("first_name"),
                      "last_name": body.get("last_name"), "image_url": "https://img.clerk.com/default.png",
                      "has_image": False, "primary_email_address_id": emails[0]["id"] if emails else None,
                      "primary_phone_number_id": phones[0]["id"] if phones else None, "primary_web3_wallet_id": None,
                      "password_enabled": False, "two_factor_enabled": False, "totp_enabled": False,
                      "backup_code_enabled": False, "email_addresses": emails, "phone_numbers": phones,
                      "web3_wallets": [], "passkeys": [], "external_accounts": [], "saml_accounts": [],
                      "enterprise_accounts": [], "public_metadata": body.get("public_metadata") or {},
                      "private_metadata": {}, "unsafe_metadata": {}, "external_id": body.get("external_id"),
                      "last_sign_in_at": None, "banned": False, "locked": False, "created_at": now, "updated_at": now,
                      "last_active_at": None, "create_organization_enabled": True, "delete_self_enabled": True,
                      "legal_accepted_at": None})
    if hit.method == "GET" and path == "/v1/users":
        return _json([])
    if hit.method == "GET" and path == "/v1/users/count":
        return _json({"object": "total_count", "total_count": 0})
    if hit.method == "GET" and path == "/v1/organizations":
        return _json({"data": [], "total_count": 0})
    return _json({})


def workos(hit: Arrived) -> Reply | None:
    """WorkOS's API (api.workos.com): the created user (the fields echoed), user searches (none), organizations
    (one)."""
    if hit.host != "api.workos.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    empty = {"before": None, "after": None}
    if hit.method == "POST" and path == "/user_management/users":
        ulid = "".join(secrets.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(26))
        return _json({"object": "user", "id": "user_" + ulid, "email": body.get("email"),
                      "email_verified": bool(body.get("email_verified")), "first_name": body.get("first_name"),
                      "last_name": body.get("last_name"), "profile_picture_url": None, "last_sign_in_at": None,
                      "locale": None, "external_id": body.get("external_id"), "metadata": body.get("metadata") or {},
                      "created_at": stamp, "updated_at": stamp}, 201)
    if hit.method == "GET" and path == "/user_management/users":
        return _json({"object": "list", "data": [], "list_metadata": empty})
    if hit.method == "GET" and path == "/organizations":
        return _json({"object": "list", "data": [{
            "object": "organization", "id": "org_01JD8Z4KX1TVQ2M7L8R5N3P6W9", "name": "Example Shop Wholesale",
            "allow_profiles_outside_organization": False, "domains": [], "stripe_customer_id": None,
            "external_id": None, "metadata": {}, "created_at": "2026-03-02T17:41:09.000Z",
            "updated_at": "2026-03-02T17:41:09.000Z"}], "list_metadata": empty})
    return _json({})


# --- the forty-sixth blind set -------------------------------------------------------------------


def assemblyai(hit: Arrived) -> Reply | None:
    """AssemblyAI's API (api.assemblyai.com/v2) and LLM gateway (llm-gateway.assemblyai.com/v1): a queued transcript
    (the request's fields echoed), the transcript list (none), a chat completion (a one-line summary) and the gateway's
    models."""
    if hit.host not in ("api.assemblyai.com", "llm-gateway.assemblyai.com"):
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if hit.host == "api.assemblyai.com":
        if hit.method == "POST" and path == "/v2/transcript":
            return _json({**body, "id": str(uuid.uuid4()), "status": "queued", "text": None, "words": None,
                          "utterances": None, "confidence": None, "audio_duration": None, "punctuate": True,
                          "format_text": True, "speech_model": None, "language_model": "assemblyai_default",
                          "acoustic_model": "assemblyai_default", "webhook_url": None, "webhook_status_code": None,
                          "webhook_auth": False, "auto_highlights": False, "redact_pii": False, "summarization": False,
                          "error": None})
        if hit.method == "GET" and path == "/v2/transcript":
            limit = (_query(hit).get("limit") or ["10"])[0]
            return _json({"page_details": {"limit": int(limit) if limit.isdigit() else 10, "result_count": 0,
                                           "current_url": f"https://api.assemblyai.com{hit.target}",
                                           "prev_url": None, "next_url": None}, "transcripts": []})
        return _json({})
    if hit.method == "POST" and path == "/v1/chat/completions":
        return _json({"id": "chatcmpl-" + secrets.token_hex(12), "object": "chat.completion",
                      "created": int(time.time()),
                      "model": body.get("model") or "claude-haiku-4-5-20251001",
                      "choices": [{"index": 0, "finish_reason": "stop", "message": {
                          "role": "assistant",
                          "content": "The customer wants to return boots that are too small and asks to be "
                                     "contacted."}}],
                      "usage": {"prompt_tokens": 96, "completion_tokens": 18, "total_tokens": 114}})
    if hit.method == "GET" and path == "/v1/models":
        return _json({"object": "list", "data": [
            {"id": "claude-haiku-4-5-20251001", "object": "model", "owned_by": "anthropic"},
            {"id": "gpt-4.1-mini", "object": "model", "owned_by": "openai"},
            {"id": "gemini-2.5-flash", "object": "model", "owned_by": "google"}]})
    return _json({})


def lago(hit: Arrived) -> Reply | None:
    """Lago's API (api.getlago.com/api/v1): the created customer (the fields echoed), the created event, a customer read
    by its external id (its id only), plans and billable metrics (one each)."""
    if hit.host != "api.getlago.com" or not _path(hit).startswith("/api/v1/"):
        return None
    path = _path(hit)[len("/api/v1"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    meta = {"current_page": 1, "next_page": None, "prev_page": None, "total_pages": 1, "total_count": 1}

    def customer(fields: dict[str, Any]) -> dict[str, Any]:
        keys = ("external_id", "name", "firstname", "lastname", "email", "phone", "currency", "timezone",
                "address_line1", "address_line2", "city", "state", "zipcode", "country", "legal_name")
        return {"lago_id": str(uuid.uuid4()), "sequential_id": 1, "slug": "EXA-0001", "created_at": stamp,
                "updated_at": stamp, "customer_type": None, "account_type": "customer", "applicable_timezone":
                fields.get("timezone") or "UTC", "billing_configuration": {"invoice_grace_period": 0,
                                                                              "payment_provider": None},
                "metadata": [{"lago_id": str(uuid.uuid4()), "created_at": stamp, **m}
                             for m in fields.get("metadata") or [] if isinstance(m, dict)],
                "taxes": [], **{k: fields.get(k) for k in keys}}

    if hit.method == "POST" and path == "/customers":
        fields = body.get("customer")
        return _json({"customer": customer(fields if isinstance(fields, dict) else {})})
    if hit.method == "POST" and path == "/events":
        event = body.get("event")
        event = event if isinstance(event, dict) else {}
        return _json({"event": {"lago_id": str(uuid.uuid4()), "lago_subscription_id": None, "lago_customer_id": None,
                                "created_at": stamp, **event}})
    m = re.fullmatch(r"/customers/([^/]+)", path)
    if m and hit.method == "GET":
        return _json({"customer": customer({"external_id": unquote(m.group(1))})})
    if hit.method == "GET" and path == "/plans":
        return _json({"plans": [{
            "lago_id": "1a901a90-1a90-1a90-1a90-1a901a901a90", "name": "Pro membership", "invoice_display_name": None,
            "created_at": "2026-03-02T17:41:09Z", "code": "pro", "interval": "monthly", "description": None,
            "amount_cents": 900, "amount_currency": "USD", "trial_period": 0, "pay_in_advance": True,
            "bill_charges_monthly": None, "active_subscriptions_count": 0, "draft_invoices_count": 0,
            "charges": [], "taxes": [], "minimum_commitment": None}], "meta": meta})
    if hit.method == "GET" and path == "/billable_metrics":
        return _json({"billable_metrics": [{
            "lago_id": "2b812b81-2b81-2b81-2b81-2b812b812b81", "name": "Return requests", "code": "return_requests",
            "description": None, "aggregation_type": "count_agg", "field_name": None, "recurring": False,
            "weighted_interval": None, "expression": None, "rounding_function": None, "rounding_precision": None,
            "created_at": "2026-03-02T17:41:09Z", "filters": [], "active_subscriptions_count": 0,
            "draft_invoices_count": 0, "plans_count": 1}], "meta": meta})
    return _json({})


def dub(hit: Arrived) -> Reply | None:
    """Dub's API (api.dub.co): the tracked lead (its click and the customer's fields echoed), customer searches (none),
    link tags and folders (one each)."""
    if hit.host != "api.dub.co":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and path == "/track/lead":
        return _json({"click": {"id": str(body.get("clickId") or "")}, "link": None,
                      "customer": {"name": body.get("customerName"), "email": body.get("customerEmail"),
                                   "avatar": body.get("customerAvatar"), "externalId": body.get("customerExternalId")}})
    if hit.method == "GET" and path == "/customers":
        return _json([])
    if hit.method == "GET" and path == "/tags":
        return _json([{"id": "tag_1KD8Z4KX1TVQ2M7L8R5N3P6W9", "name": "Winter campaign", "color": "blue"}])
    if hit.method == "GET" and path == "/folders":
        return _json([{"id": "fold_1KD8Z4KX1TVQ2M7L8R5N3P6W9", "name": "Campaigns", "description": None,
                       "type": "default", "accessLevel": "write", "createdAt": "2026-03-02T17:41:09.000Z",
                       "updatedAt": "2026-03-02T17:41:09.000Z"}])
    return _json({})


def plain(hit: Arrived) -> Reply | None:
    """Plain's GraphQL API (core-api.uk.plain.com/graphql/v1), answered by the operation's root field: the upserted
    customer (created; the fields echoed), the created thread (the title echoed), the workspace and its label types
    (one)."""
    if hit.host != "core-api.uk.plain.com" or _path(hit) != "/graphql/v1":
        return None
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    query = str(body.get("query") or "")
    variables = body.get("variables") if isinstance(body.get("variables"), dict) else {}
    given = variables.get("input") if isinstance(variables.get("input"), dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    at = {"__typename": "DateTime", "iso8601": stamp, "unixTimestamp": str(int(time.time() * 1000))}
    actor = {"__typename": "MachineUserActor", "machineUserId": "mu_01JD8Z4KX1TVQ2M7L8R5N3P6W9"}

    def plain_id(prefix: str) -> str:
        return prefix + "".join(secrets.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(26))

    if re.search(r"\bupsertCustomer\s*\(", query):
        create = given.get("onCreate") if isinstance(given.get("onCreate"), dict) else {}
        email = create.get("email") if isinstance(create.get("email"), dict) else {}
        customer = {"__typename": "Customer", "id": plain_id("c_"), "fullName": create.get("fullName"),
                    "shortName": create.get("shortName"), "externalId": create.get("externalId"),
                    "email": {"__typename": "EmailAddress", "email": email.get("email"),
                              "isVerified": bool(email.get("isVerified")), "verifiedAt": at if email.get("isVerified")
                              else None},
                    "status": None, "statusChangedAt": None, "assignedToUser": None, "assignedAt": None,
                    "markedAsSpamAt": None, "markedAsSpamBy": None, "company": None,
                    "createdAt": at, "createdBy": actor, "updatedAt": at, "updatedBy": actor}
        return _json({"data": {"upsertCustomer": {"__typename": "UpsertCustomerOutput", "result": "CREATED",
                                                  "customer": customer, "error": None}}})
    if re.search(r"\bcreateThread\s*\(", query):
        thread = {"__typename": "Thread", "id": plain_id("th_"), "externalId": None, "title": given.get("title"),
                  "description": None, "previewText": None, "priority": 2, "status": "TODO", "statusChangedAt": at,
                  "statusDetail": None, "labels": [], "assignee": None, "assignedAt": None, "threadFields": [],
                  "createdAt": at, "createdBy": actor, "updatedAt": at, "updatedBy": actor,
                  "customer": {"__typename": "Customer", "id": plain_id("c_")}}
        return _json({"data": {"createThread": {"__typename": "CreateThreadOutput", "thread": thread, "error": None}}})
    if re.search(r"\bmyWorkspace\b", query):
        return _json({"data": {"myWorkspace": {"__typename": "Workspace", "id": "w_01JD8Z4KX1TVQ2M7L8R5N3P6W9",
                                               "name": "Example Shop", "publicName": "Example Shop",
                                               "isDemoWorkspace": False, "createdAt": at, "createdBy": actor,
                                               "updatedAt": at, "updatedBy": actor}}})
    if re.search(r"\blabelTypes\s*[({]", query):
        node = {"__typename": "LabelType", "id": "lt_01JD8Z4KX1TVQ2M7L8R5N3P6W9", "name": "Returns", "icon": None,
                "color": None, "type": None, "externalId": None, "isArchived": False, "archivedAt": None,
                "archivedBy": None, "createdAt": at, "createdBy": actor, "updatedAt": at, "updatedBy": actor}
        return _json({"data": {"labelTypes": {"__typename": "LabelTypeConnection",
                                              "edges": [{"__typename": "LabelTypeEdge", "cursor": "Y3Vyc29yOjA=",
                                                         "node": node}],
                                              "pageInfo": {"__typename": "PageInfo", "hasNextPage": False,
                                                           "hasPreviousPage": False, "startCursor": "Y3Vyc29yOjA=",
                                                           "endCursor": "Y3Vyc29yOjA="}}}})
    return _json({"data": {}})


def postmark(hit: Arrived) -> Reply | None:
    """Postmark's API (api.postmarkapp.com): a sent e-mail's receipt (the recipient echoed), outbound message searches
    (none), the server and its message streams (one)."""
    if hit.host != "api.postmarkapp.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.0000000Z", time.gmtime())
    if hit.method == "POST" and path == "/email":
        return _json({"To": body.get("To"), "SubmittedAt": stamp, "MessageID": str(uuid.uuid4()), "ErrorCode": 0,
                      "Message": "OK"})
    if hit.method == "GET" and path == "/messages/outbound":
        return _json({"TotalCount": 0, "Messages": []})
    if hit.method == "GET" and path == "/server":
        return _json({"ID": 11635731, "Name": "Example Shop", "ApiTokens": ["7c1e4f2a-9b3d-4e8f-a6c2-d4b8e1f3a5c7"],
                      "Color": "blue", "SmtpApiActivated": True, "RawEmailEnabled": False, "DeliveryType": "Live",
                      "ServerLink": "https://account.postmarkapp.com/servers/11635731/streams",
                      "InboundAddress": "4f2a9b3de8f0a6c2d4b8e1f3a5c7d9e0@inbound.postmarkapp.com",
                      "InboundHookUrl": "", "BounceHookUrl": "", "OpenHookUrl": "", "DeliveryHookUrl": "",
                      "PostFirstOpenOnly": False, "InboundDomain": "",
                      "InboundHash": "4f2a9b3de8f0a6c2d4b8e1f3a5c7d9e0",
                      "InboundSpamThreshold": 0, "TrackOpens": False, "TrackLinks": "None",
                      "IncludeBounceContentInHook": False, "ClickHookUrl": "", "EnableSmtpApiErrorHooks": False})
    if hit.method == "GET" and path == "/message-streams":
        return _json({"MessageStreams": [{
            "ID": "outbound", "ServerID": 11635731, "Name": "Default Transactional Stream",
            "Description": "Default transactional message stream", "MessageStreamType": "Transactional",
            "CreatedAt": "2026-03-02T17:41:09-05:00", "UpdatedAt": None, "ArchivedAt": None,
            "ExpectedPurgeDate": None, "SubscriptionManagementConfiguration": {"UnsubscribeHandlingType": "None"}}],
            "TotalCount": 1})
    return _json({})


def astradb(hit: Arrived) -> Reply | None:
    """Astra DB's Data API (<database id>-<region>.apps.astra.datastax.com/api/json/v1/<keyspace>[/<collection>]),
    answered by the command's name: an inserted document's id, findOne (no match), findCollections (two) and find
    (none)."""
    if not hit.host.endswith(".apps.astra.datastax.com") or not _path(hit).startswith("/api/json/v1/"):
        return None
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    command = next(iter(body), "")
    args = body.get(command) if isinstance(body.get(command), dict) else {}
    if command == "insertOne":
        doc = args.get("document") if isinstance(args.get("document"), dict) else {}
        return _json({"status": {"insertedIds": [doc.get("_id") or str(uuid.uuid4())]}})
    if command == "insertMany":
        docs = [d for d in args.get("documents") or [] if isinstance(d, dict)]
        return _json({"status": {"insertedIds": [d.get("_id") or str(uuid.uuid4()) for d in docs]}})
    if command == "findOne":
        return _json({"data": {"document": None}})
    if command == "find":
        return _json({"data": {"documents": [], "nextPageState": None}})
    if command == "findCollections":
        names = ["customers", "products"]
        if (args.get("options") or {}).get("explain"):
            return _json({"status": {"collections": [{"name": n, "options": {}} for n in names]}})
        return _json({"status": {"collections": names}})
    if command == "countDocuments":
        return _json({"status": {"count": 0}})
    return _json({"status": {}})


def paddle(hit: Arrived) -> Reply | None:
    """Paddle's Billing API (api.paddle.com): the created customer (the fields echoed), customer searches (none), the
    active products and prices (one each)."""
    if hit.host != "api.paddle.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
    request_id = str(uuid.uuid4())

    def page(items: list[dict[str, Any]]) -> Reply:
        per_page = (_query(hit).get("per_page") or ["50"])[0]
        return _json({"data": items, "meta": {"request_id": request_id, "pagination": {
            "per_page": int(per_page) if per_page.isdigit() else 50,
            "next": f"https://api.paddle.com{path}?after={items[-1]['id'] if items else ''}",
            "has_more": False, "estimated_total": len(items)}}})

    if hit.method == "POST" and path == "/customers":
        ident = "ctm_01" + "".join(secrets.choice("0123456789abcdefghjkmnpqrstvwxyz") for _ in range(24))
        return _json({"data": {"id": ident, "status": "active", "custom_data": body.get("custom_data"),
                               "name": body.get("name"), "email": body.get("email"), "marketing_consent": False,
                               "locale": body.get("locale") or "en", "created_at": stamp, "updated_at": stamp,
                               "import_meta": None}, "meta": {"request_id": request_id}}, 201)
    if hit.method == "GET" and path == "/customers":
        return page([])
    price = {"id": "pri_01jd8z4kx1tvq2m7l8r5n3p6w9", "product_id": "pro_01jd8z4kx1tvq2m7l8r5n3p6w9",
             "type": "standard", "description": "Monthly", "name": "Pro membership (monthly)",
             "tax_mode": "account_setting", "billing_cycle": {"frequency": 1, "interval": "month"},
             "trial_period": None, "unit_price": {"amount": "900", "currency_code": "USD"},
             "unit_price_overrides": [], "custom_data": None, "status": "active",
             "quantity": {"minimum": 1, "maximum": 1}, "import_meta": None,
             "created_at": "2026-03-02T17:41:09.000000Z", "updated_at": "2026-03-02T17:41:09.000000Z"}
    if hit.method == "GET" and path == "/products":
        return page([{"id": "pro_01jd8z4kx1tvq2m7l8r5n3p6w9", "name": "Pro membership", "type": "standard",
                      "tax_category": "standard", "description": "Free returns and early access to sales.",
                      "image_url": None, "custom_data": None, "status": "active", "import_meta": None,
                      "created_at": "2026-03-02T17:41:09.000000Z", "updated_at": "2026-03-02T17:41:09.000000Z"}])
    if hit.method == "GET" and path == "/prices":
        return page([price])
    return _json({})



# --- the forty-seventh blind set -----------------------------------------------------------------


def clickhouse(hit: Arrived) -> Reply | None:
    """ClickHouse Cloud's HTTPS interface (<service>.<region>.aws.clickhouse.cloud:8443), answered by the statement (in
    the query string for an insert, else in the body): an insert's empty answer with its query id and summary headers,
    and JSONEachRow rows for a select (orders by e-mail: none; best-selling boots: two; products in stock: a count)."""
    if not hit.host.endswith(".clickhouse.cloud"):
        return None
    query = _query(hit)
    statement = (query.get("query") or [""])[0] or hit.body.decode("utf-8", "replace")
    query_id = (query.get("query_id") or [str(uuid.uuid4())])[0]
    head = {"X-ClickHouse-Query-Id": query_id, "X-ClickHouse-Server-Display-Name": "c-kx7m2q9v4t-server-0",
            "X-ClickHouse-Timezone": "UTC"}
    if re.match(r"\s*INSERT\b", statement, re.I):
        rows = len([ln for ln in hit.body.splitlines() if ln.strip()])
        summary = {"read_rows": "0", "read_bytes": "0", "written_rows": str(rows), "written_bytes": str(len(hit.body)),
                   "total_rows_to_read": "0", "result_rows": str(rows), "result_bytes": str(len(hit.body)),
                   "elapsed_ns": "2841706"}
        return Reply(200, b"", "text/plain; charset=UTF-8", {**head, "X-ClickHouse-Summary": json.dumps(summary)})
    if re.search(r"\bFROM\s+order_items\b", statement, re.I):
        rows = [{"sku": "BT-LW-039", "name": "Leather winter boots", "sold": "184"},
                {"sku": "BT-SN-041", "name": "Suede ankle boots", "sold": "97"}]
    elif re.search(r"\bcount\(\)", statement, re.I):
        rows = [{"in_stock": "42"}]
    else:
        rows = []
    body = "".join(json.dumps(r) + "\n" for r in rows).encode()
    return Reply(200, body, "application/x-ndjson; charset=UTF-8", {**head, "X-ClickHouse-Format": "JSONEachRow"})


def monday(hit: Arrived) -> Reply | None:
    """monday.com's GraphQL API (api.monday.com/v2), answered by the operation's root field: the created item (its id,
    the name echoed), the created update (its id), the board's groups and its name and item count."""
    if hit.host != "api.monday.com" or _path(hit).rstrip("/") != "/v2":
        return None
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    query = str(body.get("query") or "")
    variables = body.get("variables") if isinstance(body.get("variables"), dict) else {}
    extensions = {"request_id": str(uuid.uuid4())}
    if re.search(r"\bcreate_item\s*\(", query):
        return _json({"data": {"create_item": {"id": str(1842057316 + secrets.randbelow(10000)),
                                               "name": variables.get("name")}},
                      "account_id": 48172936, "extensions": extensions})
    if re.search(r"\bcreate_update\s*\(", query):
        return _json({"data": {"create_update": {"id": str(3907215548 + secrets.randbelow(10000))}},
                      "account_id": 48172936, "extensions": extensions})
    if re.search(r"\bboards\s*\(", query):
        board: dict[str, Any] = {}
        if re.search(r"\bgroups\b", query):
            board["groups"] = [{"id": "topics", "title": "New requests"}, {"id": "group_done", "title": "Done"}]
        if re.search(r"\bname\b", query):
            board["name"] = "Returns"
        if re.search(r"\bitems_count\b", query):
            board["items_count"] = 128
        return _json({"data": {"boards": [board]}, "account_id": 48172936, "extensions": extensions})
    return _json({"data": {}, "account_id": 48172936, "extensions": extensions})


def pagerduty(hit: Arrived) -> Reply | None:
    """PagerDuty's Events API v2 (events.pagerduty.com/v2/enqueue: 202, processed, the dedup key echoed) and REST API
    (api.pagerduty.com: incidents found by key (none), services and priorities (one each))."""
    if hit.host == "events.pagerduty.com":
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        if hit.method == "POST" and _path(hit).rstrip("/") in ("/v2/enqueue", "/v2/change/enqueue"):
            return _json({"status": "success", "message": "Event processed",
                          "dedup_key": body.get("dedup_key") or secrets.token_hex(16)}, 202)
        return _json({})
    if hit.host != "api.pagerduty.com":
        return None
    path = _path(hit).rstrip("/")
    limit = (_query(hit).get("limit") or ["25"])[0]
    page = {"limit": int(limit) if limit.isdigit() else 25, "offset": 0, "total": None, "more": False}
    if hit.method == "GET" and path == "/incidents":
        return _json({"incidents": [], **page})
    if hit.method == "GET" and path == "/services":
        return _json({"services": [{
            "id": "PX7K2QM", "type": "service", "summary": "Checkout", "name": "Checkout",
            "self": "https://api.pagerduty.com/services/PX7K2QM", "html_url": "https://exampleshop.pagerduty.com/"
            "service-directory/PX7K2QM", "description": "Payments and checkout", "status": "active",
            "auto_resolve_timeout": 14400, "acknowledgement_timeout": 1800, "created_at": "2026-03-02T17:41:09Z",
            "alert_creation": "create_alerts_and_incidents", "teams": [], "integrations": []}], **page})
    if hit.method == "GET" and path == "/priorities":
        return _json({"priorities": [{"id": "P1B4KQZ", "type": "priority", "summary": "P1", "name": "P1",
                                      "self": "https://api.pagerduty.com/priorities/P1B4KQZ",
                                      "description": "Customers cannot pay", "order": 1, "color": "a8171c"}],
                      **page})
    return _json({})


def plunk(hit: Arrived) -> Reply | None:
    """Plunk's API (api.useplunk.com/v1): a tracked event (its contact's and event's ids) and a sent e-mail (the
    recipient's contact and the e-mail's id)."""
    if hit.host != "api.useplunk.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = _now_iso()
    if hit.method == "POST" and path == "/v1/track":
        return _json({"success": True, "contact": str(uuid.uuid4()), "event": str(uuid.uuid4()), "timestamp": stamp})
    if hit.method == "POST" and path == "/v1/send":
        to = body.get("to") if isinstance(body.get("to"), list) else [body.get("to")]
        return _json({"success": True, "emails": [{"contact": {"id": str(uuid.uuid4()), "email": t},
                                                   "email": str(uuid.uuid4())} for t in to],
                      "timestamp": stamp})
    return _json({})


def svix(hit: Arrived) -> Reply | None:
    """Svix's API (api.<region>.svix.com/api/v1): the application got or created (its id, the name and uid echoed),
    the created message (its id, the event echoed), event types (two) and the application's endpoints (one)."""
    if not re.fullmatch(r"api(\.(us|eu|in|ca|au))?\.svix\.com", hit.host) or not _path(hit).startswith("/api/v1/"):
        return None
    path = _path(hit)[len("/api/v1"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())

    def ksuid(prefix: str) -> str:
        return prefix + "".join(secrets.choice("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
                                for _ in range(27))

    def listing(items: list[dict[str, Any]]) -> Reply:
        return _json({"data": items, "iterator": None, "prevIterator": None, "done": True})

    if hit.method == "POST" and path == "/app":
        return _json({"id": "app_2xJGtEh9B3sOptpW4thRObvtlh9", "name": body.get("name"), "uid": body.get("uid"),
                      "throttleRate": None, "metadata": body.get("metadata") or {},
                      "createdAt": "2026-03-02T17:41:09.000000Z", "updatedAt": "2026-03-02T17:41:09.000000Z"})
    m = re.fullmatch(r"/app/([^/]+)/msg", path)
    if m and hit.method == "POST":
        return _json({"id": ksuid("msg_"), "eventType": body.get("eventType"), "eventId": body.get("eventId"),
                      "payload": body.get("payload"), "channels": body.get("channels"), "tags": body.get("tags"),
                      "timestamp": stamp}, 202)
    if hit.method == "GET" and path == "/event-type":
        return listing([{"name": n, "description": d, "archived": False, "deprecated": False, "schemas": None,
                         "createdAt": "2026-03-02T17:41:09.000000Z", "updatedAt": "2026-03-02T17:41:09.000000Z",
                         "groupName": None, "featureFlag": None, "featureFlags": None}
                        for n, d in (("customer.return_requested", "A customer asked to return an item"),
                                     ("order.shipped", "An order left the warehouse"))])
    m = re.fullmatch(r"/app/([^/]+)/endpoint", path)
    if m and hit.method == "GET":
        return listing([{"id": "ep_2xJGtKp4M9vQ1wR7sT3uY6zB8cD", "url": "https://hooks.courier.example/shop",
                         "description": "Courier pick-ups", "version": 1, "throttleRate": None, "uid": None,
                         "disabled": False, "eventTypes": ["customer.return_requested"], "channels": None,
                         "metadata": {}, "createdAt": "2026-03-02T17:41:09.000000Z",
                         "updatedAt": "2026-03-02T17:41:09.000000Z"}])
    return _json({})


def polarsh(hit: Arrived) -> Reply | None:
    """Polar's API (api.polar.sh/v1): the created customer (its id, the fields echoed), ingested events (their count)
    and the products and meters (one each)."""
    if hit.host != "api.polar.sh" or not _path(hit).startswith("/v1/"):
        return None
    path = _path(hit)[len("/v1"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
    org = "9d4e1c2a-6b3f-4a8e-b5c7-2f1d8e9a0b34"

    def listing(items: list[dict[str, Any]]) -> Reply:
        return _json({"items": items, "pagination": {"total_count": len(items), "max_page": 1}})

    if hit.method == "POST" and path == "/customers":
        return _json({"id": str(uuid.uuid4()), "created_at": stamp, "modified_at": None,
                      "metadata": body.get("metadata") or {}, "external_id": body.get("external_id"),
                      "email": body.get("email"), "email_verified": False, "name": body.get("name"),
                      "billing_address": body.get("billing_address"), "tax_id": None, "organization_id": org,
                      "deleted_at": None, "avatar_url": None, "type": "individual"}, 201)
    if hit.method == "POST" and path == "/events/ingest":
        events = body.get("events") if isinstance(body.get("events"), list) else []
        return _json({"inserted": len(events), "duplicates": 0})
    if hit.method == "GET" and path == "/products":
        return listing([{"id": "5c1e8a2d-3f4b-4e6a-9d7c-1b2a3c4d5e6f", "created_at": "2026-03-02T17:41:09.000000Z",
                         "modified_at": None, "trial_interval": None, "trial_interval_count": None,
                         "name": "Pro membership", "description": "Free returns and early access to sales.",
                         "visibility": "public", "recurring_interval": "month", "recurring_interval_count": 1,
                         "is_recurring": True, "is_archived": False, "organization_id": org, "metadata": {},
                         "prices": [{"id": "7e2f9b3c-4a5d-4c6e-8f1a-2b3c4d5e6f70", "created_at":
                                     "2026-03-02T17:41:09.000000Z", "modified_at": None, "source": "catalog",
                                     "amount_type": "fixed", "price_currency": "usd", "price_amount": 900,
                                     "is_archived": False, "product_id": "5c1e8a2d-3f4b-4e6a-9d7c-1b2a3c4d5e6f",
                                     "type": "recurring", "recurring_interval": "month"}],
                         "benefits": [], "medias": [], "attached_custom_fields": []}])
    if hit.method == "GET" and path == "/meters":
        return listing([{"id": "8f3a0c4d-5b6e-4d7f-9a2b-3c4d5e6f7081", "created_at": "2026-03-02T17:41:09.000000Z",
                         "modified_at": None, "name": "Return requests", "metadata": {},
                         "filter": {"conjunction": "and", "clauses": [{"property": "name", "operator": "eq",
                                                                       "value": "return_request"}]},
                         "aggregation": {"func": "count"}, "organization_id": org, "archived_at": None}])
    return _json({})


def moderntreasury(hit: Arrived) -> Reply | None:
    """Modern Treasury's API (app.moderntreasury.com/api): the created counterparty (201, its ids, the fields and
    account echoed), counterparty searches (none), internal accounts and ledgers (one each), lists with their page
    size header."""
    if hit.host != "app.moderntreasury.com" or not _path(hit).startswith("/api/"):
        return None
    path = _path(hit)[len("/api"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    live = {"object": None, "live_mode": True, "created_at": stamp, "updated_at": stamp, "discarded_at": None}

    def listing(items: list[dict[str, Any]]) -> Reply:
        per_page = (_query(hit).get("per_page") or ["25"])[0]
        return Reply(200, json.dumps(items).encode(), "application/json",
                     {"X-Per-Page": per_page if per_page.isdigit() else "25"})

    if hit.method == "POST" and path == "/counterparties":
        accounts = [{**live, "object": "external_account", "id": str(uuid.uuid4()),
                     **{k: a.get(k) for k in ("party_name", "party_type", "account_type", "metadata")},
                     "contact_details": [{**live, "object": "contact_detail", "id": str(uuid.uuid4()), **c}
                                         for c in a.get("contact_details") or [] if isinstance(c, dict)],
                     "account_details": [], "routing_details": [], "verification_status": "unverified"}
                    for a in body.get("accounts") or [] if isinstance(a, dict)]
        return _json({**live, "object": "counterparty", "id": str(uuid.uuid4()), "name": body.get("name"),
                      "email": body.get("email"), "metadata": body.get("metadata") or {},
                      "send_remittance_advice": bool(body.get("send_remittance_advice")), "accounts": accounts,
                      "legal_entity_id": None, "verification_status": "unverified"}, 201)
    if hit.method == "GET" and path == "/counterparties":
        return listing([])
    if hit.method == "GET" and path == "/internal_accounts":
        return listing([{**live, "created_at": "2026-03-02T17:41:09Z", "updated_at": "2026-03-02T17:41:09Z",
                         "object": "internal_account", "id": "0f6a2c4e-8b1d-4e3f-a5c7-9d2b4f6a8c10",
                         "name": "Operating account", "account_type": "checking", "party_name": "Example Shop Inc.",
                         "party_type": "business", "currency": "USD", "metadata": {}, "account_details": [],
                         "routing_details": [], "connection": {"id": "conn_01", "vendor_name": "Example Bank"},
                         "counterparty_id": None, "parent_account_id": None, "ledger_account_id": None}])
    if hit.method == "GET" and path == "/ledgers":
        return listing([{**live, "created_at": "2026-03-02T17:41:09Z", "updated_at": "2026-03-02T17:41:09Z",
                         "object": "ledger", "id": "1a7b3d5f-9c2e-4f4a-b6d8-0e2c4a6b8d21", "name": "Shop ledger",
                         "description": "Refunds and store credit", "metadata": {}}])
    return _json({})


# --- the forty-eighth blind set ------------------------------------------------------------------


def retell(hit: Arrived) -> Reply | None:
    """Retell AI's API (api.retellai.com): the queued phone call (201, its ids, the numbers, metadata and dynamic
    variables echoed), the call read back by id (registered), the agents and the phone numbers (one each)."""
    if hit.host != "api.retellai.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    agent = "agent_7c1e4a9f2b6d8e0a3c5f1b7d"
    if hit.method == "POST" and path == "/v2/create-phone-call":
        return _json({"call_type": "phone_call", "call_id": "call_" + secrets.token_hex(14),
                      "agent_id": body.get("override_agent_id") or agent, "agent_version": 1,
                      "agent_name": "Returns agent", "call_status": "registered", "direction": "outbound",
                      "from_number": body.get("from_number"), "to_number": body.get("to_number"),
                      "metadata": body.get("metadata"),
                      "retell_llm_dynamic_variables": body.get("retell_llm_dynamic_variables"),
                      "latency": {}, "start_timestamp": None, "data_storage_setting": "everything"}, 201)
    m = re.fullmatch(r"/v2/get-call/([A-Za-z0-9_-]+)", path)
    if m and hit.method == "GET":
        return _json({"call_type": "phone_call", "call_id": m.group(1), "agent_id": agent, "agent_version": 1,
                      "agent_name": "Returns agent", "call_status": "registered", "direction": "outbound",
                      "from_number": "+14155550100", "latency": {}, "data_storage_setting": "everything"})
    if hit.method == "POST" and path == "/v2/list-agents":
        return _json({"items": [{"agent_id": agent, "agent_name": "Returns agent", "version": 1, "is_published": True,
                                 "channel": "voice", "voice_id": "11labs-Adrian", "language": "en-US",
                                 "response_engine": {"type": "retell-llm", "llm_id": "llm_3b8e1f6a9c2d4e7f0a1b5c8d",
                                                     "version": 1},
                                 "last_modification_timestamp": 1772473269000}], "has_more": False})
    if hit.method == "GET" and path == "/v2/list-phone-numbers":
        return _json({"items": [{"phone_number": "+14155550100", "phone_number_pretty": "+1 (415) 555-0100",
                                 "phone_number_type": "retell-twilio", "area_code": 415, "nickname": "Returns line",
                                 "inbound_agent_id": agent, "outbound_agent_id": agent, "inbound_agent_version": 1,
                                 "outbound_agent_version": 1, "last_modification_timestamp": 1772473269000}],
                      "has_more": False})
    return _json({})


def lithic(hit: Arrived) -> Reply | None:
    """Lithic's API (api.lithic.com/v1): the account holder registered (accepted, its tokens, the external id echoed),
    the virtual card issued (open, its token and last four, the memo and limit echoed), card programs and balances
    (one each)."""
    if hit.host != "api.lithic.com" or not _path(hit).startswith("/v1/"):
        return None
    path = _path(hit)[len("/v1"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    account = "a3f1c9d2-7b4e-4a8c-9e2f-6d1b5c8a0e47"
    if hit.method == "POST" and path == "/account_holders":
        return _json({"token": str(uuid.uuid4()), "account_token": str(uuid.uuid4()), "status": "ACCEPTED",
                      "status_reasons": [], "created": stamp, "external_id": body.get("external_id"),
                      "required_documents": []}, 201)
    if hit.method == "POST" and path == "/cards":
        return _json({"token": str(uuid.uuid4()), "account_token": body.get("account_token") or account,
                      "card_program_token": "5e9b2c7a-1d4f-4e8b-a3c6-0f2d7e9a1b54", "type": body.get("type"),
                      "state": "OPEN", "last_four": "4187", "memo": body.get("memo"),
                      "spend_limit": body.get("spend_limit") or 0,
                      "spend_limit_duration": body.get("spend_limit_duration") or "FOREVER",
                      "pin_status": "OK", "created": stamp, "funding": None, "auth_rules_tokens": [],
                      "cardholder_currency": "USD"}, 201)
    if hit.method == "GET" and path == "/card_programs":
        return _json({"data": [{"token": "5e9b2c7a-1d4f-4e8b-a3c6-0f2d7e9a1b54", "name": "Store credit",
                                "pan_range_start": "52304100", "pan_range_end": "52304199",
                                "cardholder_currency": "USD", "settlement_currencies": ["USD"],
                                "created": "2026-03-02T17:41:09Z"}], "has_more": False})
    if hit.method == "GET" and path == "/balances":
        return _json({"data": [{"financial_account_token": "7d2e4f6a-8b1c-4d3e-9f5a-2c4e6a8b0d13",
                                "financial_account_type": "ISSUING", "currency": "USD", "available_amount": 1250000,
                                "pending_amount": 18900, "total_amount": 1268900,
                                "created": "2026-03-02T17:41:09Z", "updated": stamp,
                                "last_transaction_event_token": str(uuid.uuid4()),
                                "last_transaction_token": str(uuid.uuid4())}]})
    return _json({})


def plaid(hit: Arrived) -> Reply | None:
    """Plaid's API (production.plaid.com, JSON POSTs): the Link token created and read back (its expiry, the Link
    settings echoed), supported institutions (two) and one read by id."""
    if not re.fullmatch(r"(production|sandbox)\.plaid\.com", hit.host) or hit.method != "POST":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    request_id = secrets.token_hex(8)[:15]
    expiry = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 4 * 3600))

    def institution(iid: str, name: str, routing: str) -> dict[str, Any]:
        return {"institution_id": iid, "name": name, "products": ["assets", "auth", "balance", "transactions"],
                "country_codes": ["US"], "routing_numbers": [routing], "oauth": True, "dtc_numbers": []}

    if path == "/link/token/create":
        env = hit.host.split(".")[0]
        return _json({"link_token": f"link-{env}-{uuid.uuid4()}", "expiration": expiry, "request_id": request_id})
    if path == "/link/token/get":
        return _json({"link_token": body.get("link_token"), "created_at": _now_iso(), "expiration": expiry,
                      "metadata": {"initial_products": ["auth"], "webhook": None, "country_codes": ["US"],
                                   "language": "en", "redirect_uri": "https://shop.example/checkout/bank",
                                   "client_name": "Example Shop", "account_filters": None},
                      "link_sessions": [], "request_id": request_id})
    if path == "/institutions/get":
        return _json({"institutions": [institution("ins_109508", "First Platypus Bank", "011401533"),
                                       institution("ins_109509", "First Gingham Credit Union", "021000021")],
                      "total": 2, "request_id": request_id})
    if path == "/institutions/get_by_id":
        return _json({"institution": institution(str(body.get("institution_id") or "ins_109508"),
                                                 "First Platypus Bank", "011401533"), "request_id": request_id})
    return _json({"request_id": request_id})


def _form_field(hit: Arrived, name: str) -> str | None:
    """One text field of a multipart/form-data body, or None."""
    ctype = next((v for k, v in hit.headers if k.lower() == "content-type"), "")
    m = re.search(r'boundary="?([^";]+)"?', ctype)
    if m is None:
        return None
    for part in hit.body.split(b"--" + m.group(1).encode()):
        head, _, value = part.partition(b"\r\n\r\n")
        if re.search(rb'name="' + re.escape(name.encode()) + rb'"', head):
            return value.rstrip(b"\r\n").decode("utf-8", "replace")
    return None


def documenso(hit: Arrived) -> Reply | None:
    """Documenso's API v2 (app.documenso.com/api/v2): the envelope created from the template (its id, each recipient
    echoed with a signing token and URL), the templates (none) and the folders (one)."""
    if hit.host != "app.documenso.com" or not _path(hit).startswith("/api/v2/"):
        return None
    path = _path(hit)[len("/api/v2"):].rstrip("/")
    if hit.method == "POST" and path == "/envelope/use":
        try:
            payload = json.loads(_form_field(hit, "payload") or "{}")
        except ValueError:
            payload = {}
        payload = payload if isinstance(payload, dict) else {}
        recipients = []
        for r in payload.get("recipients") or []:
            if not isinstance(r, dict):
                continue
            token = secrets.token_urlsafe(16)
            recipients.append({"id": r.get("id"), "name": r.get("name") or "", "email": r.get("email"),
                               "token": token, "role": "SIGNER", "signingOrder": r.get("signingOrder"),
                               "signingUrl": f"https://app.documenso.com/sign/{token}"})
        return _json({"id": "envelope_" + secrets.token_hex(8), "recipients": recipients})
    page = {"count": 0, "currentPage": 1, "perPage": 10, "totalPages": 0}
    if hit.method == "GET" and path == "/envelope":
        return _json({"data": [], **page})
    if hit.method == "GET" and path == "/folder":
        return _json({"data": [{"id": "fld_2bT7sR1nW4xKq9mV", "name": "Returns", "userId": 4182, "teamId": 917,
                                "parentId": None, "pinned": True, "createdAt": "2026-03-02T17:41:09.000Z",
                                "updatedAt": "2026-03-02T17:41:09.000Z", "visibility": "EVERYONE",
                                "type": "TEMPLATE"}], **{**page, "count": 1, "totalPages": 1}})
    return _json({})


def moov(hit: Arrived) -> Reply | None:
    """Moov's API (api.moov.io): the individual account created (its id, the profile, foreign id and metadata echoed,
    unverified), accounts found by foreign id (none), the industries (one) and the ping (empty)."""
    if hit.host != "api.moov.io":
        return None
    path = _path(hit).rstrip("/")
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if hit.method == "POST" and path == "/accounts":
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        profile = body.get("profile") if isinstance(body.get("profile"), dict) else {}
        person = profile.get("individual") if isinstance(profile.get("individual"), dict) else {}
        name = person.get("name") if isinstance(person.get("name"), dict) else {}
        display = " ".join(str(name.get(k)) for k in ("firstName", "lastName") if name.get(k))
        return _json({"mode": "production", "accountID": str(uuid.uuid4()),
                      "accountType": body.get("accountType") or "individual", "displayName": display,
                      "profile": profile, "metadata": body.get("metadata") or {}, "foreignID": body.get("foreignID"),
                      "verification": {"status": "unverified", "verificationStatus": "unverified"},
                      "capabilities": [], "createdOn": stamp, "updatedOn": stamp})
    if hit.method == "GET" and path == "/accounts":
        return _json([])
    if hit.method == "GET" and path == "/industries":
        return _json({"industries": [{"industry": "clothing-accessories", "displayName": "Clothing & accessories",
                                      "category": "retail", "categoryDisplayName": "Retail", "defaultMcc": "5661"}]})
    if path == "/ping":
        return Reply(200, b"", "text/plain")
    return _json({})


def beehiiv(hit: Arrived) -> Reply | None:
    """beehiiv's API v2 (api.beehiiv.com/v2): the subscription created (active, its id, the e-mail, UTM fields and
    custom fields echoed), its tags set, the latest posts (one) and the publication."""
    if hit.host != "api.beehiiv.com" or not _path(hit).startswith("/v2/"):
        return None
    path = _path(hit)[len("/v2"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    now = int(time.time())
    m = re.fullmatch(r"/publications/([^/]+)(/subscriptions(?:/([^/]+)/tags)?|/posts)?", path)
    if m is None:
        return _json({})
    pub, rest, sub = m.groups()
    if hit.method == "POST" and rest == "/subscriptions":
        return _json({"data": {"id": f"sub_{uuid.uuid4()}", "email": body.get("email"), "status": "active",
                               "created": now, "subscription_tier": "free", "subscription_premium_tier_names": [],
                               "utm_source": body.get("utm_source") or "", "utm_medium": body.get("utm_medium") or "",
                               "utm_channel": "api", "utm_campaign": body.get("utm_campaign") or "",
                               "referring_site": body.get("referring_site") or "", "referral_code": "Qm7vT2xK",
                               "custom_fields": body.get("custom_fields") or [], "tags": []}}, 201)
    if hit.method == "POST" and sub:
        return _json({"data": {"id": sub, "status": "active", "created": now, "subscription_tier": "free",
                               "tags": body.get("tags") or []}}, 201)
    if hit.method == "GET" and rest == "/posts":
        return _json({"data": [{"id": "post_9c2d4e6f-8a1b-4c3d-9e5f-1a2b3c4d5e6f", "title": "Winter boots are back",
                                "subtitle": "Leather, suede and free returns", "authors": ["Example Shop"],
                                "created": 1772473269, "status": "confirmed", "publish_date": 1772473269,
                                "displayed_date": 1772473269, "split_tested": False, "subject_line":
                                "Winter boots are back", "preview_text": "Free returns on every pair",
                                "slug": "winter-boots-are-back", "thumbnail_url": "", "web_url":
                                "https://news.shop.example/p/winter-boots-are-back", "audience": "free",
                                "platform": "both", "content_tags": ["boots"], "hidden_from_feed": False,
                                "enforce_gated_content": False, "email_capture_popup": False}],
                      "limit": 3, "page": 1, "total_results": 1, "total_pages": 1})
    if hit.method == "GET" and rest is None:
        return _json({"data": {"id": pub, "name": "Example Shop News", "organization_name": "Example Shop Inc.",
                               "referral_program_enabled": False, "created": 1772473269}})
    return _json({})


def turbopuffer(hit: Arrived) -> Reply | None:
    """turbopuffer's API (<region>.turbopuffer.com): a write (OK, the rows upserted counted), queries (rows near the
    vector: the shop's products) and the namespaces (two)."""
    if not hit.host.endswith(".turbopuffer.com"):
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    m = re.fullmatch(r"/v2/namespaces/([A-Za-z0-9_.-]+)(/query)?", path)
    if m and hit.method == "POST" and not m.group(2):
        rows = body.get("upsert_rows") if isinstance(body.get("upsert_rows"), list) else []
        n = len(rows)
        return _json({"status": "OK", "message": f"{n} row{'s' if n != 1 else ''} affected", "rows_affected": n,
                      "rows_upserted": n, "billing": {"billable_logical_bytes_written": len(hit.body)}})
    if m and hit.method == "POST":
        top_k = body.get("top_k") if isinstance(body.get("top_k"), int) else 10
        rows = [{"id": sku, "$dist": dist, "name": name, "price": price}
                for sku, dist, name, price in (("BT-LW-039", 0.0412, "Leather winter boots", 189.0),
                                               ("BT-SN-041", 0.0877, "Suede ankle boots", 149.0),
                                               ("BT-RB-040", 0.1309, "Rubber rain boots", 79.0))][:max(top_k, 0)]
        return _json({"rows": rows, "billing": {"billable_logical_bytes_queried": 524288,
                                                "billable_logical_bytes_returned": 412},
                      "performance": {"approx_namespace_size": 1284, "cache_hit_ratio": 1.0,
                                      "cache_temperature": "hot", "exhaustive_search_count": 0,
                                      "query_execution_ms": 3.1, "server_total_ms": 6.4}})
    if hit.method == "GET" and path == "/v1/namespaces":
        return _json({"namespaces": [{"id": "shop-customers"}, {"id": "shop-products"}], "next_cursor": None})
    return _json({})


# --- the forty-ninth blind set -------------------------------------------------------------------


def arangodb(hit: Arrived) -> Reply | None:
    """An ArangoDB deployment (<id>.arangodb.cloud:8529, /_db/<db>/_api/...): a saved document (202, its id, key and
    revision), AQL cursors answered by the statement (a customer's orders: none; boots in stock: three) and the
    server's version."""
    if not hit.host.endswith(".arangodb.cloud"):
        return None
    m = re.fullmatch(r"/_db/([^/]+)(/_api/.*)", _path(hit).rstrip("/"))
    if m is None:
        return _json({"error": True, "errorNum": 404, "errorMessage": "unknown path", "code": 404}, 404)
    api = m.group(2)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    doc = re.fullmatch(r"/_api/document/([A-Za-z0-9_-]+)", api)
    if hit.method == "POST" and doc:
        key = str(body.get("_key") or secrets.token_hex(6))
        return _json({"_id": f"{doc.group(1)}/{key}", "_key": key, "_rev": "_" + secrets.token_urlsafe(8)[:10]}, 202)
    if hit.method == "POST" and api == "/_api/cursor":
        statement = str(body.get("query") or "")
        rows: list[dict[str, Any]] = []
        if re.search(r"\bproducts\b", statement) or "boots" in statement:
            rows = [{"sku": sku, "name": name, "price": price}
                    for sku, name, price in (("BT-RB-040", "Rubber rain boots", 79.0),
                                             ("BT-SN-041", "Suede ankle boots", 149.0),
                                             ("BT-LW-039", "Leather winter boots", 189.0))]
        stats = {"writesExecuted": 0, "writesIgnored": 0, "scannedFull": 0, "scannedIndex": len(rows),
                 "cursorsCreated": 0, "cursorsRearmed": 0, "cacheHits": 0, "cacheMisses": 0, "filtered": 0,
                 "httpRequests": 0, "executionTime": 0.00041, "peakMemoryUsage": 32768, "intermediateCommits": 0}
        return _json({"result": rows, "hasMore": False, "cached": False, "extra": {"warnings": [], "stats": stats},
                      "error": False, "code": 201}, 201)
    if hit.method == "GET" and api == "/_api/version":
        return _json({"server": "arango", "version": "3.12.4", "license": "enterprise"})
    return _json({"error": False, "code": 200})


def apideck(hit: Arrived) -> Reply | None:
    """Apideck's Unify API (unify.apideck.com/crm): the contact created (201, its id), the CRM's sales pipeline (one,
    with its stages) and companies (two), in Apideck's envelope (status, service, resource, operation)."""
    if hit.host != "unify.apideck.com" or not _path(hit).startswith("/crm/"):
        return None
    resource = _path(hit)[len("/crm/"):].strip("/")
    service = next((v for k, v in hit.headers if k.lower() == "x-apideck-service-id"), "") or "hubspot"

    def envelope(code: int, status: str, operation: str, data: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"status_code": code, "status": status, "service": service, "resource": resource,
                               "operation": operation, "data": data}
        if isinstance(data, list):
            out["meta"] = {"items_on_page": len(data), "cursors": {"previous": None, "current": None, "next": None}}
            out["links"] = {"previous": None, "current": f"https://unify.apideck.com/crm/{resource}", "next": None}
        return out

    if hit.method == "POST" and resource == "contacts":
        return _json(envelope(201, "Created", "add", {"id": str(10000 + secrets.randbelow(89999)) + "0417"}), 201)
    if hit.method == "GET" and resource == "pipelines":
        stages = [{"id": sid, "name": name, "value": sid, "win_probability": prob, "display_order": i}
                  for i, (sid, name, prob) in enumerate((("appointmentscheduled", "Appointment scheduled", 20),
                                                         ("qualifiedtobuy", "Qualified to buy", 40),
                                                         ("closedwon", "Closed won", 100)))]
        return _json(envelope(200, "OK", "all", [{"id": "default", "name": "Sales pipeline", "currency": "USD",
                                                  "archived": False, "active": True, "display_order": 0,
                                                  "win_probability_enabled": True, "stages": stages}]))
    if hit.method == "GET" and resource == "companies":
        return _json(envelope(200, "OK", "all", [
            {"id": "12345", "name": "Example Shop Inc.", "industry": "Retail", "status": "active"},
            {"id": "12346", "name": "Northwind Footwear", "industry": "Wholesale", "status": "active"}]))
    return _json(envelope(200, "OK", "one", {}))


def bento(hit: Arrived) -> Reply | None:
    """Bento's API v1 (app.bentonow.com/api/v1): batch events counted as imported, the site's tags and fields (two
    each, in Bento's JSON:API shape)."""
    if hit.host != "app.bentonow.com" or not _path(hit).startswith("/api/v1/"):
        return None
    path = _path(hit)[len("/api/v1"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and path == "/batch/events":
        events = body.get("events") if isinstance(body.get("events"), list) else []
        return _json({"results": len(events), "failed": 0})
    if hit.method == "GET" and path == "/fetch/tags":
        return _json({"data": [{"id": str(i), "type": "tags",
                                "attributes": {"name": name, "created_at": "2026-03-02T17:41:09.000Z",
                                               "discarded_at": None, "site_id": 4182}}
                               for i, name in ((7311, "customer"), (7312, "boots"))]})
    if hit.method == "GET" and path == "/fetch/fields":
        return _json({"data": [{"id": str(i), "type": "visitors-fields",
                                "attributes": {"name": name, "key": key, "whitelisted": True,
                                               "created_at": "2026-03-02T17:41:09.000Z"}}
                               for i, name, key in ((5120, "First name", "first_name"), (5121, "Plan", "plan"))]})
    return _json({})


def unkey(hit: Arrived) -> Reply | None:
    """Unkey's API v2 (api.unkey.com, RPC-style POSTs): the identity and the key created (their ids, the key itself),
    the API read by id and the permissions (one), each with its request id."""
    if hit.host != "api.unkey.com" or not _path(hit).startswith("/v2/"):
        return None
    op = _path(hit)[len("/v2/"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    meta = {"requestId": "req_" + secrets.token_hex(8)}
    if op == "identities.createIdentity":
        return _json({"meta": meta, "data": {"identityId": "id_" + secrets.token_hex(8)}})
    if op == "keys.createKey":
        prefix = str(body.get("prefix") or "")
        return _json({"meta": meta, "data": {"keyId": "key_" + secrets.token_hex(8),
                                             "key": (prefix + "_" if prefix else "") + secrets.token_urlsafe(18)}})
    if op == "apis.getApi":
        return _json({"meta": meta, "data": {"id": str(body.get("apiId") or "api_4Hq7Zt2Lm9Xv3Kc8"),
                                             "name": "storefront"}})
    if op == "permissions.listPermissions":
        return _json({"meta": meta, "data": [{"id": "perm_2Rk8Tq1Vx6Wn", "name": "orders.read", "slug": "orders.read",
                                              "description": "Read the customer's own orders"}],
                      "pagination": {"hasMore": False}})
    return _json({"meta": meta, "data": {}})


def vapi(hit: Arrived) -> Reply | None:
    """Vapi's API (api.vapi.ai): the outbound call queued (201, its id, the customer and overrides echoed), the
    assistants and the phone numbers (one each)."""
    if hit.host != "api.vapi.ai":
        return None
    path = _path(hit).rstrip("/")
    org = "5d1f8a3c-9e2b-4c7a-b6d4-0f3e8a1c7b29"
    stamp = _now_iso()
    if hit.method == "POST" and path == "/call":
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        return _json({"id": str(uuid.uuid4()), "orgId": org, "type": "outboundPhoneCall", "status": "queued",
                      "name": body.get("name"), "assistantId": body.get("assistantId"),
                      "phoneNumberId": body.get("phoneNumberId"), "customer": body.get("customer"),
                      "assistantOverrides": body.get("assistantOverrides"), "phoneCallProvider": "twilio",
                      "phoneCallTransport": "pstn", "createdAt": stamp, "updatedAt": stamp, "cost": 0, "costs": []},
                     201)
    if hit.method == "GET" and path == "/assistant":
        return _json([{"id": "7b2e9f4a-1c6d-4e8b-a3f5-9d0c2e7b4a16", "orgId": org, "name": "Returns assistant",
                       "voice": {"provider": "vapi", "voiceId": "Elliot"},
                       "model": {"provider": "openai", "model": "gpt-4o-mini"},
                       "firstMessage": "Hi, this is Example Shop calling about your return.",
                       "createdAt": "2026-03-02T17:41:09.000Z", "updatedAt": "2026-03-02T17:41:09.000Z"}])
    if hit.method == "GET" and path == "/phone-number":
        return _json([{"provider": "vapi", "id": "c4a8e1f6-2b9d-4c7e-8a3f-5e1b9d6c0a27", "orgId": org,
                       "number": "+14155550100", "name": "Returns line", "status": "active",
                       "assistantId": "7b2e9f4a-1c6d-4e8b-a3f5-9d0c2e7b4a16",
                       "createdAt": "2026-03-02T17:41:09.000Z", "updatedAt": "2026-03-02T17:41:09.000Z"}])
    return _json({})


def agentmail(hit: Arrived) -> Reply | None:
    """AgentMail's API (api.agentmail.to/v0): the message sent (its message and thread ids), the inbox read and the
    inboxes listed (one)."""
    if hit.host != "api.agentmail.to" or not _path(hit).startswith("/v0/"):
        return None
    path = unquote(_path(hit)[len("/v0"):].rstrip("/"))

    def inbox(address: str) -> dict[str, Any]:
        return {"pod_id": "pod_3c7e1a9f", "inbox_id": address, "email": address, "display_name": "Example Shop returns",
                "updated_at": "2026-03-02T17:41:09.000Z", "created_at": "2026-03-02T17:41:09.000Z"}

    m = re.fullmatch(r"/inboxes/([^/]+)(/messages/send)?", path)
    if m and hit.method == "POST" and m.group(2):
        return _json({"message_id": f"<{uuid.uuid4()}@agentmail.to>", "thread_id": str(uuid.uuid4())})
    if m and hit.method == "GET" and not m.group(2):
        return _json(inbox(m.group(1)))
    if hit.method == "GET" and path == "/inboxes":
        return _json({"count": 1, "limit": 5, "inboxes": [inbox("returns@shop-example.agentmail.to")]})
    return _json({})


def mixedbread(hit: Arrived) -> Reply | None:
    """Mixedbread's API (api.mixedbread.com): embeddings (one float vector per input, 1024 dimensions), store search
    results (two chunks of the shop's own guides) and the API's info."""
    if hit.host != "api.mixedbread.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    if hit.method == "POST" and path == "/v1/embeddings":
        texts = body.get("input") if isinstance(body.get("input"), list) else [body.get("input") or ""]
        dims = 1024
        data = []
        for i, text in enumerate(texts):
            seed = hashlib.sha256(str(text).encode()).digest()
            data.append({"object": "embedding", "index": i,
                         "embedding": [round((seed[j % 32] - 127.5) / 4096 + (j % 7) * 1e-4, 6) for j in range(dims)]})
        tokens = sum(len(str(t).split()) for t in texts)
        return _json({"object": "list", "model": body.get("model") or "mixedbread-ai/mxbai-embed-large-v1",
                      "data": data, "usage": {"prompt_tokens": tokens, "total_tokens": tokens}, "normalized": True,
                      "encoding_format": "float", "dimensions": dims})
    if hit.method == "POST" and path == "/v1/stores/search":
        stores = body.get("store_identifiers") if isinstance(body.get("store_identifiers"), list) else []
        store = str(stores[0]) if stores else "product-guides"
        chunks = [("Leather care: clean with a damp cloth, let dry away from heat, then apply wax.", 0.8127),
                  ("Returns: unworn shoes can be returned within 30 days for a full refund.", 0.7431)]
        top_k = body.get("top_k") if isinstance(body.get("top_k"), int) else 10
        return _json({"object": "list", "data": [
            {"type": "text", "chunk_index": i, "score": score, "file_id": f"file_{i + 1}a2b3c4d5e6f",
             "filename": f"{store}-{i + 1}.md", "store_id": f"store_{store}", "metadata": {}, "text": text,
             "mime_type": "text/markdown"} for i, (text, score) in enumerate(chunks[:max(top_k, 0)])]})
    if hit.method == "GET" and path == "":
        return _json({"name": "mixedbread-ai API", "version": "1.0.0"})
    return _json({})

# --- the fiftieth blind set ----------------------------------------------------------------------


def onesignal(hit: Arrived) -> Reply | None:
    """OneSignal's API (api.onesignal.com): the user created (201, its OneSignal id, the subscriptions given ids), the
    notification queued (its id), the app's segments (two) and e-mail templates (one)."""
    if hit.host != "api.onesignal.com":
        return None
    path = _path(hit).rstrip("/")
    stamp = _now_iso()
    if hit.method == "POST" and re.fullmatch(r"/apps/[^/]+/users", path):
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        identity = body.get("identity") if isinstance(body.get("identity"), dict) else {}
        subscriptions = body.get("subscriptions") if isinstance(body.get("subscriptions"), list) else []
        return _json({"properties": body.get("properties") if isinstance(body.get("properties"), dict) else {},
                      "identity": {**identity, "onesignal_id": str(uuid.uuid4())},
                      "subscriptions": [{**s, "id": str(uuid.uuid4())} for s in subscriptions if isinstance(s, dict)]},
                     201)
    if hit.method == "POST" and path == "/notifications":
        return _json({"id": str(uuid.uuid4()), "external_id": None})
    m = re.fullmatch(r"/apps/([^/]+)/segments", path)
    if hit.method == "GET" and m:
        made = "2026-03-02T17:41:09Z"
        segments = [{"id": sid, "name": name, "created_at": made, "updated_at": made, "app_id": m.group(1),
                     "read_only": False, "is_active": True}
                    for sid, name in (("0b5c7e2a-4f1d-4a8e-9c3b-6d2e1f7a8b90", "Subscribed Users"),
                                      ("7e1a9c4f-2b6d-4e8a-b3c5-1f0d9e8a7c62", "Pro plan"))]
        return _json({"total_count": len(segments), "offset": 0, "limit": 10, "segments": segments})
    if hit.method == "GET" and path == "/templates":
        return _json({"templates": [{"id": "5a2c8e1f-7b3d-4f9a-8e6c-2d1b0a9f8e73", "name": "Return approved",
                                     "created_at": "2026-03-02T17:41:09Z", "updated_at": stamp, "channel": "email"}]})
    return _json({})


def prelude(hit: Arrived) -> Reply | None:
    """Prelude's API v2 (api.prelude.dev): the verification started (its id, by SMS), the transactional message queued
    (its id, the template, number and variables echoed), the sender ids (one) and subscription configurations
    (one)."""
    if hit.host != "api.prelude.dev" or not _path(hit).startswith("/v2/"):
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = _now_iso()
    if hit.method == "POST" and path == "/v2/verification":
        return _json({"id": "vrf_" + secrets.token_hex(13), "method": "message", "status": "success",
                      "channels": ["sms"], "metadata": body.get("metadata") or {},
                      "request_id": "req_" + secrets.token_hex(12)})
    if hit.method == "POST" and path == "/v2/transactional":
        return _json({"id": "tx_" + secrets.token_hex(13), "created_at": stamp,
                      "expires_at": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(time.time() + 86400)),
                      "template_id": body.get("template_id"), "to": body.get("to"),
                      "variables": body.get("variables") or {}, "correlation_id": body.get("correlation_id")})
    if hit.method == "GET" and path == "/v2/verification/management/sender-id":
        return _json({"sender_ids": [{"sender_id": "ExampleShop", "status": "approved"}]})
    if hit.method == "GET" and path == "/v2/notify/management/subscriptions":
        return _json({"configs": [{"id": "cfg_01jd1xq0cffycayqtdkdbv4d62", "name": "Order updates",
                                   "callback_url": "https://shop.example/hooks/prelude",
                                   "messages": {"start": "You are subscribed to Example Shop order updates.",
                                                "stop": "You are unsubscribed.", "help": "Reply STOP to stop."},
                                   "created_at": "2026-03-02T17:41:09Z", "updated_at": "2026-03-02T17:41:09Z"}]})
    return _json({})


def dwolla(hit: Arrived) -> Reply | None:
    """Dwolla's API (api.dwolla.com): an application token (client credentials), the customer created (201 and its
    Location, no body) and read back (HAL, verified, personal), the API's root links and the business classifications
    (one)."""
    if hit.host != "api.dwolla.com":
        return None
    path = _path(hit).rstrip("/")
    base = "https://api.dwolla.com"
    hal = {"Content-Type": "application/vnd.dwolla.v1.hal+json"}
    if hit.method == "POST" and path == "/token":
        return _json({"access_token": secrets.token_urlsafe(36), "token_type": "bearer", "expires_in": 3599})
    if hit.method == "POST" and path == "/customers":
        return Reply(201, b"", "application/vnd.dwolla.v1.hal+json", {"Location": f"{base}/customers/{uuid.uuid4()}"})
    m = re.fullmatch(r"/customers/([0-9a-f-]{36})", path)
    if hit.method == "GET" and m:
        href = f"{base}/customers/{m.group(1)}"
        return Reply(200, json.dumps({"_links": {"self": {"href": href, "type": "application/vnd.dwolla.v1.hal+json",
                                                          "resource-type": "customer"},
                                                 "funding-sources": {"href": href + "/funding-sources"}},
                                      "id": m.group(1), "type": "personal", "status": "verified",
                                      "created": _now_iso()}).encode(), "application/vnd.dwolla.v1.hal+json")
    if hit.method == "GET" and path == "":
        account = "ca32853c-48fa-40be-ae75-77b37504581b"
        return Reply(200, json.dumps({"_links": {
            "account": {"href": f"{base}/accounts/{account}", "resource-type": "account"},
            "customers": {"href": f"{base}/customers", "resource-type": "customer"},
            "events": {"href": f"{base}/events", "resource-type": "event"},
            "webhook-subscriptions": {"href": f"{base}/webhook-subscriptions",
                                      "resource-type": "webhook-subscription"}}}).encode(), hal["Content-Type"])
    if hit.method == "GET" and path == "/business-classifications":
        cid = "9ed3f670-7d6f-11e3-b1ce-5404a6144203"
        return Reply(200, json.dumps({
            "_links": {"self": {"href": f"{base}/business-classifications"}},
            "_embedded": {"business-classifications": [{
                "_links": {"self": {"href": f"{base}/business-classifications/{cid}"}},
                "_embedded": {"industry-classifications": [{"id": "9ed3a866-7d6f-11e3-a0ce-5404a6144203",
                                                            "name": "Shoe stores"}]},
                "id": cid, "name": "Retail"}]},
            "total": 1}).encode(), hal["Content-Type"])
    return _json({})


def flagright(hit: Arrived) -> Reply | None:
    """Flagright's API (sandbox.api.flagright.com): the consumer user registered and each transaction verified (ALLOW,
    one rule run and not hit), a transaction read back by id."""
    if hit.host != "sandbox.api.flagright.com":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    rules = [{"ruleId": "R-2", "ruleInstanceId": "R-2.1", "ruleName": "Transaction amount too high",
              "ruleDescription": "Transaction amount is above 10,000 USD", "ruleAction": "FLAG", "ruleHit": False}]
    if hit.method == "POST" and path == "/consumer/users":
        return _json({"userId": str(body.get("userId") or ""), "message": "User registered", "hitRules": [],
                      "executedRules": []})
    if hit.method == "POST" and path == "/transactions":
        return _json({"transactionId": str(body.get("transactionId") or ""), "status": "ALLOW",
                      "message": "Transaction verified", "executedRules": rules, "hitRules": []})
    m = re.fullmatch(r"/transactions/([^/]+)", path)
    if hit.method == "GET" and m:
        return _json({"type": "DEPOSIT", "transactionId": unquote(m.group(1)), "timestamp": int(time.time() * 1000),
                      "transactionState": "CREATED", "status": "ALLOW", "executedRules": rules, "hitRules": [],
                      "originAmountDetails": {"transactionAmount": 79, "transactionCurrency": "USD", "country": "US"}})
    return _json({})


def killbill(hit: Arrived) -> Reply | None:
    """The shop's Kill Bill (exampleshop-killbill.onrender.com/1.0/kb): the account created (201 and its Location, no
    body), the account read by external key (its id and settings), the catalog's base plans (two) and the tag
    definitions (one)."""
    if hit.host != "exampleshop-killbill.onrender.com" or not _path(hit).startswith("/1.0/kb/"):
        return None
    path = _path(hit)[len("/1.0/kb"):].rstrip("/")
    if hit.method == "POST" and path == "/accounts":
        location = f"https://exampleshop-killbill.onrender.com/1.0/kb/accounts/{uuid.uuid4()}"
        return Reply(201, b"", "application/json", {"Location": location})
    if hit.method == "GET" and path == "/accounts":
        key = (_query(hit).get("externalKey") or [""])[0]
        return _json({"accountId": str(uuid.uuid5(uuid.NAMESPACE_URL, "killbill:" + key)), "externalKey": key,
                      "currency": "USD", "billCycleDayLocal": 0, "isPaymentDelegatedToParent": False,
                      "timeZone": "America/Los_Angeles", "locale": "en_US", "country": "US", "isMigrated": False,
                      "auditLogs": []})
    if hit.method == "GET" and path == "/catalog/availableBasePlans":
        return _json([{"product": "Storefront", "plan": plan, "priceList": "DEFAULT", "finalPhaseBillingPeriod": period,
                       "finalPhaseRecurringPrice": [{"currency": "USD", "value": price}]}
                      for plan, period, price in (("pro-monthly", "MONTHLY", 9.0), ("pro-annual", "ANNUAL", 90.0))])
    if hit.method == "GET" and path == "/tagDefinitions":
        return _json([{"id": "00000000-0000-0000-0000-000000000001", "isControlTag": True, "name": "AUTO_PAY_OFF",
                       "description": "Suspends payments until removed.", "applicableObjectTypes": ["ACCOUNT"],
                       "auditLogs": []}])
    return _json({})


def influxdb(hit: Arrived) -> Reply | None:
    """InfluxDB Cloud (<region>.cloud2.influxdata.com/api/v2): writes accepted (204) and Flux queries answered in
    annotated CSV (page views counted by path)."""
    if not hit.host.endswith(".cloud2.influxdata.com") or not _path(hit).startswith("/api/v2/"):
        return None
    path = _path(hit).rstrip("/")
    if hit.method == "POST" and path == "/api/v2/write":
        return Reply(204, b"", "text/plain")
    if hit.method == "POST" and path == "/api/v2/query":
        rows = ["#datatype,string,long,string,string,long", "#group,false,false,true,false,false",
                "#default,_result,,,,", ",result,table,path,_field,_value",
                ",,0,/products/winter-boots,count,42", ",,1,/products/rain-boots,count,17", "", ""]
        return Reply(200, "\r\n".join(rows).encode(), "text/csv; charset=utf-8")
    if hit.method == "GET" and path in ("/api/v2/ping", "/health"):
        return Reply(204, b"", "text/plain")
    return _json({})


def unified(hit: Arrived) -> Reply | None:
    """Unified.to's API (api.unified.to/crm/<connection>): the contact created (its id and timestamps, the contact
    echoed), the CRM's pipelines (one, with its stages) and companies (two)."""
    if hit.host != "api.unified.to" or not _path(hit).startswith("/crm/"):
        return None
    m = re.fullmatch(r"/crm/([^/]+)/([a-z]+)(?:/([^/]+))?", _path(hit).rstrip("/"))
    if m is None:
        return _json({}, 404)
    kind = m.group(2)
    stamp = _now_iso()
    if hit.method == "POST" and kind == "contact":
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        return _json({**body, "id": secrets.token_hex(12), "created_at": stamp, "updated_at": stamp})
    if hit.method == "GET" and kind == "pipeline":
        stages = [{"id": sid, "name": name, "deal_probability": prob, "display_order": i, "is_closed": prob == 100,
                   "active": True}
                  for i, (sid, name, prob) in enumerate((("appointmentscheduled", "Appointment scheduled", 20),
                                                         ("qualifiedtobuy", "Qualified to buy", 40),
                                                         ("closedwon", "Closed won", 100)))]
        return _json([{"id": "default", "name": "Sales pipeline", "is_active": True, "display_order": 0,
                       "deal_probability": 0, "stages": stages, "created_at": "2026-03-02T17:41:09Z",
                       "updated_at": "2026-03-02T17:41:09Z"}])
    if hit.method == "GET" and kind == "company":
        return _json([{"id": cid, "name": name, "industry": industry, "domains": [domain], "is_active": True,
                       "created_at": "2026-03-02T17:41:09Z", "updated_at": "2026-03-02T17:41:09Z"}
                      for cid, name, industry, domain in (("12345", "Example Shop Inc.", "Retail", "shop.example"),
                                                          ("12346", "Northwind Footwear", "Wholesale",
                                                           "northwind.example"))])
    return _json({})


# --- the fifty-first blind set -------------------------------------------------------------------


def zendesk(hit: Arrived) -> Reply | None:
    """Zendesk Support (<subdomain>.zendesk.com/api/v2): the end user created or updated (its id, the user echoed), the
    ticket created (201, its id, new), the ticket fields (two) and the help center's categories (one), each list on one
    page (no next cursor)."""
    if not hit.host.endswith(".zendesk.com") or not _path(hit).startswith("/api/v2/"):
        return None
    path = _path(hit)[len("/api/v2"):].removesuffix(".json")
    base = f"https://{hit.host}/api/v2"
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    one_page = {"next_page": None, "previous_page": None, "meta": {"has_more": False, "after_cursor": None,
                                                                    "before_cursor": None},
                "links": {"next": None, "prev": None}}
    if hit.method == "POST" and path == "/users/create_or_update":
        user = body.get("user") if isinstance(body.get("user"), dict) else {}
        uid = 39000000000000 + secrets.randbelow(10**12)
        return _json({"user": {**user, "id": uid, "url": f"{base}/users/{uid}.json", "active": True,
                               "verified": False, "shared": False, "suspended": False, "locale": "en-US",
                               "time_zone": "Pacific Time (US & Canada)", "created_at": stamp, "updated_at": stamp}},
                     201)
    if hit.method == "POST" and path == "/tickets":
        ticket = body.get("ticket") if isinstance(body.get("ticket"), dict) else {}
        tid = 10000 + secrets.randbelow(90000)
        requester_id = 39000000000000 + secrets.randbelow(10**12)
        return _json({"ticket": {"id": tid, "url": f"{base}/tickets/{tid}.json", "subject": ticket.get("subject"),
                                 "raw_subject": ticket.get("subject"), "status": "new",
                                 "priority": ticket.get("priority"), "type": None, "requester_id": requester_id,
                                 "submitter_id": requester_id, "assignee_id": None, "group_id": None,
                                 "external_id": ticket.get("external_id"), "tags": ticket.get("tags") or [],
                                 "via": {"channel": "api", "source": {"from": {}, "to": {}, "rel": None}},
                                 "created_at": stamp, "updated_at": stamp},
                      "audit": {"id": tid * 1000 + 1, "ticket_id": tid, "created_at": stamp, "author_id": requester_id,
                                "events": []}}, 201)
    if hit.method == "GET" and path == "/ticket_fields":
        fields = [{"id": 360001, "url": f"{base}/ticket_fields/360001.json", "type": "subject", "title": "Subject",
                   "active": True, "required": True, "position": 1},
                  {"id": 360002, "url": f"{base}/ticket_fields/360002.json", "type": "tagger", "title": "Return reason",
                   "active": True, "required": False, "position": 2,
                   "custom_field_options": [{"id": 1, "name": "Wrong size", "value": "wrong_size"},
                                            {"id": 2, "name": "Damaged", "value": "damaged"}]}]
        return _json({"ticket_fields": fields, "count": len(fields), **one_page})
    if hit.method == "GET" and path == "/help_center/categories":
        return _json({"categories": [{"id": 115000001, "url": f"{base}/help_center/categories/115000001.json",
                                      "html_url": "https://exampleshop.zendesk.com/hc/en-us/categories/115000001",
                                      "name": "Orders and returns", "description": "", "locale": "en-us",
                                      "position": 0, "created_at": "2026-03-02T17:41:09Z",
                                      "updated_at": "2026-03-02T17:41:09Z"}],
                      "count": 1, "page": 1, "page_count": 1, "per_page": 30, "sort_by": "position",
                      "sort_order": "asc", **one_page})
    return _json({})


def _xendit_invoice(body: dict[str, Any], stamp: str) -> dict[str, Any]:
    """An invoice as Xendit's API returns it (the lists the client maps, empty)."""
    iid = secrets.token_hex(12)
    return {"id": iid, "external_id": body.get("external_id") or "", "user_id": "5f9a3fbd571a34b0d4e7a1c2",
            "status": "PENDING", "merchant_name": "Example Shop",
            "merchant_profile_picture_url": "https://du8nwjtfkinx.cloudfront.net/xendit.png",
            "amount": body.get("amount") or 0, "payer_email": body.get("payer_email"),
            "description": body.get("description"),
            "expiry_date": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(time.time() + 86400)),
            "invoice_url": f"https://checkout.xendit.co/web/{iid}", "available_banks": [],
            "available_retail_outlets": [], "available_ewallets": [], "available_qr_codes": [],
            "available_direct_debits": [], "available_paylaters": [], "should_exclude_credit_card": False,
            "should_send_email": False, "created": stamp, "updated": stamp, "currency": body.get("currency") or "USD",
            "items": body.get("items") or [], "customer": body.get("customer")}


def xendit(hit: Arrived) -> Reply | None:
    """Xendit's API (api.xendit.co): the customer created (its id, the customer echoed with empty lists), the invoice
    created (pending, its checkout URL), the cash balance and the paid invoices (one, the shop's own test order)."""
    if hit.host != "api.xendit.co":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = _now_iso()
    if hit.method == "POST" and path == "/customers":
        return _json({**body, "id": f"cust-{uuid.uuid4()}", "business_detail": body.get("business_detail"),
                      "phone_number": body.get("phone_number"), "addresses": body.get("addresses") or [],
                      "identity_accounts": body.get("identity_accounts") or [],
                      "kyc_documents": body.get("kyc_documents") or [], "metadata": body.get("metadata"),
                      "created": stamp, "updated": stamp})
    if hit.method == "POST" and path == "/v2/invoices":
        return _json(_xendit_invoice(body, stamp))
    if hit.method == "GET" and path == "/balance":
        return _json({"balance": 1250000})
    if hit.method == "GET" and path == "/v2/invoices":
        paid = _xendit_invoice({"external_id": "TEST-0001", "amount": 1, "currency": "USD",
                                "description": "Example Shop test order"}, "2026-03-02T17:41:09.000Z")
        return _json([{**paid, "status": "PAID"}])
    return _json({})


def kinde(hit: Arrived) -> Reply | None:
    """Kinde (<business>.kinde.com): an M2M access token (a JWT for the management API's audience, a day long), the user
    created (its id, both identities created), the user's properties updated, the business and the roles (one)."""
    if not hit.host.endswith(".kinde.com"):
        return None
    path = _path(hit).rstrip("/")
    if hit.method == "POST" and path == "/oauth2/token":
        now = int(time.time())
        claims = {"aud": [f"https://{hit.host}/api"], "azp": "3f8c2a9d7e1b4c6f8a0d2e4b6c8a0f1d", "exp": now + 86400,
                  "gty": ["client_credentials"], "iat": now, "iss": f"https://{hit.host}", "jti": str(uuid.uuid4()),
                  "scope": "", "scp": []}
        return _json({"access_token": _unsigned_jwt(claims), "expires_in": 86399, "scope": "",
                      "token_type": "bearer"})
    if hit.method == "POST" and path == "/api/v1/user":
        body = _body_json(hit)
        body = body if isinstance(body, dict) else {}
        identities = body.get("identities") if isinstance(body.get("identities"), list) else []
        return _json({"id": "kp_" + secrets.token_hex(16), "created": True,
                      "identities": [{"type": i.get("type"), "result": {"created": True}}
                                     for i in identities if isinstance(i, dict)]})
    if hit.method == "PATCH" and re.fullmatch(r"/api/v1/users/[^/]+/properties", path):
        return _json({"code": "PROPERTIES_UPDATED", "message": "Properties updated"})
    if hit.method == "GET" and path == "/api/v1/business":
        return _json({"code": "OK", "message": "Success", "business": {
            "code": "bus_4c6f8a0d2e4b", "name": "Example Shop", "phone": None, "email": "support@shop.example",
            "industry": "Retail", "timezone": "America/Los_Angeles", "privacy_url": "https://shop.example/privacy",
            "terms_url": "https://shop.example/terms", "has_clickwrap": False, "has_kyc": False,
            "created_on": "2026-03-02T17:41:09.000000+00:00"}})
    if hit.method == "GET" and path == "/api/v1/roles":
        return _json({"code": "OK", "message": "Success", "next_token": None,
                      "roles": [{"id": "0192a1b2c3d4e5f6a7b8c9d0e1f2a3b4", "key": "customer", "name": "Customer",
                                 "description": "Signed-in shoppers", "is_default_role": True}]})
    return _json({})


def _silent_wav(seconds: float = 0.5, rate: int = 24000) -> bytes:
    """A mono 16-bit PCM WAV of silence (what a TTS endpoint streams back, only quieter)."""
    data = b"\x00\x00" * int(seconds * rate)
    fmt = b"fmt " + (16).to_bytes(4, "little") + (1).to_bytes(2, "little") + (1).to_bytes(2, "little") \
        + rate.to_bytes(4, "little") + (rate * 2).to_bytes(4, "little") + (2).to_bytes(2, "little") \
        + (16).to_bytes(2, "little")
    chunks = fmt + b"data" + len(data).to_bytes(4, "little") + data
    return b"RIFF" + (4 + len(chunks)).to_bytes(4, "little") + b"WAVE" + chunks


def cartesia(hit: Arrived) -> Reply | None:
    """Cartesia's API (api.cartesia.ai): the pronunciation dictionary created (its id, echoed), speech as WAV audio,
    the voices (one) and the pronunciation dictionaries (one, the shop's brand names), each list on one page."""
    if hit.host != "api.cartesia.ai":
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = _now_iso()
    if hit.method == "POST" and path == "/pronunciation-dicts":
        return _json({"id": "pdict_" + secrets.token_hex(10), "name": body.get("name") or "",
                      "items": body.get("items") or [], "owner_id": "user_2f9c4e1a7b3d", "pinned": False,
                      "created_at": stamp})
    if hit.method == "POST" and path == "/tts/bytes":
        return Reply(200, _silent_wav(), "audio/wav")
    if hit.method == "GET" and path == "/voices":
        return _json({"data": [{"id": "e07c00bc-4134-4eae-9ea4-1a55fb45746b", "name": "Brooke",
                                "description": "A friendly, clear voice for customer support.", "is_owner": False,
                                "is_public": True, "language": "en", "gender": "feminine",
                                "created_at": "2026-03-02T17:41:09Z"}],
                      "has_more": False, "next_page": None})
    if hit.method == "GET" and path == "/pronunciation-dicts":
        return _json({"data": [{"id": "pdict_5a2c8e1f7b3d4f9a8e6c", "name": "brand-names",
                                "items": [{"text": "Nørrebro", "alias": "NUR-eh-bro"}],
                                "owner_id": "user_2f9c4e1a7b3d", "pinned": True, "created_at": "2026-03-02T17:41:09Z"}],
                      "has_more": False, "next_page": None})
    return _json({})


def honcho(hit: Arrived) -> Reply | None:
    """Honcho's API (api.honcho.dev/v3): the workspace, peer and session got or created (echoed with their ids), the
    messages added (their ids and token counts), the peers (one, the support assistant) and sessions (one) on one
    page."""
    if hit.host != "api.honcho.dev" or not _path(hit).startswith("/v3/"):
        return None
    path = _path(hit).rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = _now_iso()
    made = "2026-03-02T17:41:09Z"
    if hit.method == "POST" and path == "/v3/workspaces":
        return _json({"id": body.get("id"), "metadata": body.get("metadata") or {},
                      "configuration": body.get("configuration") or {}, "created_at": made})
    m = re.fullmatch(r"/v3/workspaces/([^/]+)/(peers|sessions)(/list)?", path)
    if hit.method == "POST" and m:
        ws, kind, listing = m.groups()
        if listing:
            items = ([{"id": "support-assistant", "workspace_id": ws, "metadata": {"role": "assistant"},
                       "configuration": {}, "created_at": made}] if kind == "peers" else
                     [{"id": "support-ORD-20417", "workspace_id": ws, "is_active": False,
                       "metadata": {"channel": "storefront"}, "configuration": {}, "created_at": made}])
            return _json({"items": items, "total": len(items), "page": 1, "size": 10, "pages": 1})
        out = {"id": body.get("id"), "workspace_id": ws, "metadata": body.get("metadata") or {},
               "configuration": body.get("configuration") or {}, "created_at": stamp}
        if kind == "sessions":
            out["is_active"] = True
        return _json(out)
    m = re.fullmatch(r"/v3/workspaces/([^/]+)/sessions/([^/]+)/messages", path)
    if hit.method == "POST" and m:
        messages = body.get("messages") if isinstance(body.get("messages"), list) else []
        return _json([{"id": secrets.token_urlsafe(15), "content": msg.get("content"), "peer_id": msg.get("peer_id"),
                       "session_id": m.group(2), "workspace_id": m.group(1), "metadata": msg.get("metadata") or {},
                       "created_at": stamp, "token_count": len(str(msg.get("content") or "").split())}
                      for msg in messages if isinstance(msg, dict)])
    return _json({})


def xata(hit: Arrived) -> Reply | None:
    """Xata's data API (<workspace>.<region>.xata.sh/db/<db>:<branch>): the record created (201, its id and version),
    SQL answered in records (no open orders; the products by category), the products in stock (two) on one page."""
    if not hit.host.endswith(".xata.sh"):
        return None
    m = re.fullmatch(r"/db/[^/:]+:[^/]+(/.*)", _path(hit).rstrip("/"))
    if m is None:
        return _json({}, 404)
    path = m.group(1)
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = _now_iso()
    if hit.method == "POST" and re.fullmatch(r"/tables/[^/]+/data", path):
        return _json({**body, "id": "rec_" + secrets.token_hex(10),
                      "xata": {"version": 0, "createdAt": stamp, "updatedAt": stamp}}, 201)
    if hit.method == "POST" and path == "/sql":
        statement = str(body.get("statement") or "")
        records = ([{"category": "boots", "n": 12}, {"category": "sandals", "n": 7}]
                   if "GROUP BY" in statement.upper() else [])
        return _json({"records": records, "total": len(records), "warning": None})
    if hit.method == "POST" and path == "/tables/products/query":
        made = {"version": 3, "createdAt": "2026-03-02T17:41:09.000Z", "updatedAt": "2026-03-02T17:41:09.000Z"}
        records = [{"id": "rec_winterboots01", "xata": made, "name": "Winter boots", "slug": "winter-boots",
                    "category": "boots", "price": 129.0, "in_stock": True},
                   {"id": "rec_rainboots02", "xata": made, "name": "Rain boots", "slug": "rain-boots",
                    "category": "boots", "price": 79.0, "in_stock": True}]
        return _json({"records": records, "meta": {"page": {"cursor": secrets.token_urlsafe(24), "more": False,
                                                             "size": 10}}})
    return _json({})


def whop(hit: Arrived) -> Reply | None:
    """Whop's API (api.whop.com/api/v1): each event recorded (its id), the lead created (its id, the metadata and
    referrer echoed), the account's products (one) on one page."""
    if hit.host != "api.whop.com" or not _path(hit).startswith("/api/v1/"):
        return None
    path = _path(hit)[len("/api/v1"):].rstrip("/")
    body = _body_json(hit)
    body = body if isinstance(body, dict) else {}
    stamp = _now_iso()
    if hit.method == "POST" and path == "/events":
        return _json({"id": "evt_" + secrets.token_hex(8)})
    if hit.method == "POST" and path == "/leads":
        return _json({"id": "lead_" + secrets.token_hex(8), "created_at": stamp, "updated_at": stamp,
                      "metadata": body.get("metadata"), "referrer": body.get("referrer"), "member": None,
                      "user": {"id": "user_" + secrets.token_hex(7), "name": None, "username": None},
                      "product": {"id": body.get("product_id"), "title": "Example Shop Pro"}})
    if hit.method == "GET" and path == "/products":
        return _json({"data": [{"id": "prod_3Nf8Jw1Pk6Vc9R", "title": "Example Shop Pro", "visibility": "visible",
                                "headline": "Free returns and early access", "verified": True, "member_count": 1280,
                                "created_at": "2026-03-02T17:41:09Z", "updated_at": "2026-03-02T17:41:09Z"}],
                      "page_info": {"end_cursor": None, "start_cursor": None, "has_next_page": False,
                                    "has_previous_page": False}})
    return _json({})


def make_responders(bundles: dict[str, Path]) -> list[Responder]:
    """The responder chain, shop first."""
    return [shop(bundles), cdp_settings, cdp_collect, honeybadger, appinsights, jitsu, keen, openpanel, growthbook,
            statsig, launchdarkly, optimizely, flagsmith, unleash, highlight, openreplay, alloy, airbrake, exceptionless,
            axiom, mezmo, blind_small, devcycle, split, reflag, prefab, bugsplat, harness_ff, kameleoon,
            ofrep, vwo, ninetailed, croct, notificare, featurehub, featureflow, molasses, branch, sitecore,
            bugfender, courier, contentstack, tell, mapp, bitmovin, schematic,
            apxor, humanbehavior, splunk_hec, flagr, frontend_monitor, appbase, builderio, flagd,
            goff, singular, gameanalytics, gleap, pubnub, shake, connectycube, hyphen, flows, botpress, rupt, ory,
            gojek_clickstream, typebot, revenuecat, gotcha, web3forms, airtable, commercelayer, pocketbase,
            frappe, feelback, commercetools, supertokens, pushwoosh, tggl, zipy, onedollarstats, notificationapi,
            c15t, visenze, stytch, helper, flagsync, flowise, veriff, storytime, databeat, blink, dynamiq,
            cometchat, raindrop, pushfeedback, genesys, formio, chatwoot, tinybird, multiplayer, joystick, directline,
            dify, nevision, flagkit, cronitor, chatbotkit, fillout, langfuse, sheetdb, feedbackfarm, magicbell,
            calcom, orama, knowbl, markprompt, persona, calendly, trieve, langgraph, commercejs, inkeep,
            paystack, medusa, frontegg, convex, zep, strapi, backendless,
            groq, letta, huggingface, sanity, contentful, datocms,
            cerebras, together, replicate, meilisearch, typesense, upstash,
            cohere, resend, loops, notion, neon, planetscale, lemonsqueezy,
            openrouter, perplexity, supermemory, dodopayments, tidb, umami, linear,
            cosmic, shopware, qdrant, elasticpath, writer, dust,
            ollama, turso, pinecone, webflow, storyblok, fal, ai21,
            intercom, mailgun, gitlab, kontent, deepgram, chroma, fusionauth,
            stripe, spree, pipedrive, brevo, telnyx, voyage, keycloak,
            chargebee, square, orb, shippo, klaviyo, clerk, workos,
            assemblyai, lago, dub, plain, postmark, astradb, paddle,
            clickhouse, monday, pagerduty, plunk, svix, polarsh, moderntreasury,
            retell, lithic, plaid, documenso, moov, beehiiv, turbopuffer,
            arangodb, apideck, bento, unkey, vapi, agentmail, mixedbread,
            onesignal, prelude, dwolla, flagright, killbill, influxdb, unified,
            zendesk, xendit, kinde, cartesia, honcho, xata, whop, small_collectors]
