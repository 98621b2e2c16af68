"""Enforcement: apply an outcome to a mitmproxy flow (DESIGN.md step 9), and write its record.

`enforce_and_record` is the one place a verdict is applied and its audit line written, for an
HTTP request, a streamed upload and a WebSocket message alike; each hands in what a deny and a
transform do to its own target (a 403 or a dropped message, a rewritten body or query).

allow: the request is not touched, so its bytes leave unchanged. transform: the rewritten
body (already re-encoded in its own Content-Encoding) and query replace the old ones, and
Content-Length is fixed. deny: the request never leaves; the client gets a 403 whose headers
and body say why and how to override.

A block must read as a block, not as a network error. A page's script can read a cross-origin
answer only when it carries CORS headers, so the 403 echoes the request's Origin (with
credentials allowed: the proxy, not the site, wrote it, and it holds nothing of the site's) and
exposes the GuardianAgent headers; without them the page sees "TypeError: Failed to fetch" and
many SDKs retry at once, in a loop. A CORS preflight (OPTIONS with
Access-Control-Request-Method) is never answered with a 403 either: when the request it
announces would be blocked, the proxy answers the preflight itself, permissively, so that the
real request is made and gets its readable 403, and nothing reaches the destination.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol
from urllib.parse import urlsplit

from mitmproxy import http

from guardian.codecs import RequestRewrite
from guardian.records import Verdict

__all__ = [
    "apply_rewrite", "block_response", "preflight_response", "is_preflight", "enforce_and_record", "Recorder",
    "DECISION_HEADER", "REASON_HEADER",
]

DECISION_HEADER = "X-Guardian-Decision"
REASON_HEADER = "X-Guardian-Reason"
RULE_HEADER = "X-Guardian-Rule"
OVERRIDE_HEADER = "X-Guardian-Override"
MAX_HEADER_CHARS = 300
EXPOSED_HEADERS = ", ".join((DECISION_HEADER, REASON_HEADER, RULE_HEADER, OVERRIDE_HEADER))
PREFLIGHT_MAX_AGE_S = 600  # how long a browser may reuse the proxy's preflight answer (Chrome caps at 7200)
RequestHeaders = Mapping[str, str]


def is_preflight(method: str, headers: RequestHeaders) -> bool:
    """A CORS preflight: OPTIONS announcing the method of the request to come (Fetch standard)."""
    return method.upper() == "OPTIONS" and "access-control-request-method" in {k.lower() for k in headers}


def _get(headers: RequestHeaders, name: str) -> str | None:
    return next((v for k, v in headers.items() if k.lower() == name), None)


def cors_headers(request_headers: RequestHeaders) -> dict[str, str]:
    """CORS headers that let the page that sent a request read the proxy's own answer to it."""
    origin = _get(request_headers, "origin")
    if not origin:
        return {}
    return {
        "Access-Control-Allow-Origin": origin,  # echoed: "*" is refused for credentialed requests
        "Access-Control-Allow-Credentials": "true",
        "Access-Control-Expose-Headers": EXPOSED_HEADERS,
        "Vary": "Origin",
    }


def preflight_response(request_headers: RequestHeaders) -> http.Response:
    """The proxy's own answer to a preflight for a request it will block: allow that request
    (method and headers as asked), so the page makes it and reads the 403 that follows."""
    headers = {**cors_headers(request_headers), DECISION_HEADER: "preflight", "Cache-Control": "no-store"}
    method = _get(request_headers, "access-control-request-method")
    if method:
        headers["Access-Control-Allow-Methods"] = _header_safe(method)
    asked = _get(request_headers, "access-control-request-headers")
    if asked:
        headers["Access-Control-Allow-Headers"] = _header_safe(asked)
    if _get(request_headers, "access-control-request-private-network"):
        headers["Access-Control-Allow-Private-Network"] = "true"
    headers["Access-Control-Max-Age"] = str(PREFLIGHT_MAX_AGE_S)
    headers["Vary"] = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"
    return http.Response.make(204, b"", headers)


def _header_safe(text: str) -> str:
    """Headers must be single-line Latin-1; keep them short."""
    clean = " ".join(text.split()).encode("ascii", "replace").decode("ascii")
    return clean if len(clean) <= MAX_HEADER_CHARS else clean[: MAX_HEADER_CHARS - 3] + "..."


def override_hint(host: str) -> str:
    """How the user lets this host through: `guardian allow` adds it to `trusted:` in the rules file."""
    return (
        f"run `guardian allow {host}` to let it through (adds it to `trusted:` in your rules file; "
        f"the proxy reloads it); `guardian reset {host}` undoes that"
    )


def block_response(
    host: str, reason: str, record: dict[str, Any], *, html: bool = False, request_headers: RequestHeaders | None = None
) -> http.Response:
    """The 403 a client gets for a denied request: why, what data, who, and how to override;
    readable by the page that sent it (CORS headers from `request_headers`)."""
    summary = {
        "blocked_by": "GuardianAgent",
        "decision": "deny",
        "reason": reason,
        "host": host,
        "categories": record.get("categories", []),
        "recipient": record.get("recipient"),
        "purposes": record.get("purposes", []),
        "risk": record.get("R"),
        "tier": record.get("tier"),
        "rule": record.get("rule"),
        "override": override_hint(host),
    }
    headers = {
        DECISION_HEADER: "deny",
        REASON_HEADER: _header_safe(reason),
        OVERRIDE_HEADER: _header_safe(override_hint(host)),
        "Cache-Control": "no-store",
        **cors_headers(request_headers or {}),
    }
    if summary["rule"]:
        headers[RULE_HEADER] = _header_safe(str(summary["rule"]))
    if html:
        from html import escape

        rows = "".join(
            f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in summary.items() if v not in (None, [])
        )
        body = (
            "<!doctype html><meta charset=utf-8><title>Blocked by GuardianAgent</title>"
            f"<h1>Blocked by GuardianAgent</h1><p>{escape(reason)}</p>"
            f"<p>To let it through, run <code>guardian allow {escape(host)}</code></p><table>{rows}</table>"
        ).encode()
        headers["Content-Type"] = "text/html; charset=utf-8"
    else:
        body = json.dumps(summary, indent=2).encode()
        headers["Content-Type"] = "application/json"
    return http.Response.make(403, body, headers)


def apply_rewrite(request: http.Request, rewrite: RequestRewrite) -> None:
    """Put a transform's query and body on the request; everything else stays as it was."""
    if rewrite.url != request.url:
        parts = urlsplit(rewrite.url)
        request.path = parts.path + (f"?{parts.query}" if parts.query else "")
    if rewrite.body != request.raw_content:
        request.raw_content = rewrite.body  # already re-encoded in the request's Content-Encoding
    by_name: dict[str, list[str]] = {}
    for name, value in rewrite.headers:  # a header sent twice comes back twice, in order
        by_name.setdefault(name.lower(), []).append(value)
    for name, values in by_name.items():
        request.headers.set_all(name, values)


class Recorder(Protocol):
    """Where a decision's record goes, and the mode that says whether it is enforced."""

    @property
    def mode(self) -> str: ...

    def record(
        self, flow: http.HTTPFlow, line: dict[str, Any], *, message: bool = False, encoded: bytes | None = None
    ) -> dict[str, Any]: ...


def enforce_and_record(
    recorder: Recorder,
    flow: http.HTTPFlow,
    verdict: Verdict,
    rewrite: RequestRewrite | None,
    *,
    deny: Callable[[], Mapping[str, Any]],
    transform: Callable[[RequestRewrite], None],
    line: Callable[[bool, dict[str, Any]], dict[str, Any]],
    passed: Callable[[], None] | None = None,
    encoded: Callable[[bool], bytes | None] | None = None,
    message: bool = False,
) -> dict[str, Any]:
    """Apply `verdict` in enforce mode and write the record; returns its line.

    `deny` stops what the flow sends (a 403, a killed upload, a dropped message) and returns the
    fields it adds to the record; `transform` puts `rewrite` in place; `passed` (optional) runs for
    whatever is not stopped. `line(enforced, fields)` makes the record's line, and
    `encoded(enforced)` the same line as JSON when it is at hand and no field was added."""
    enforced = False
    fields: dict[str, Any] = {}
    enforcing = recorder.mode == "enforce"
    if enforcing and verdict is Verdict.DENY:
        fields = dict(deny())
        enforced = True
    else:
        if enforcing and verdict is Verdict.TRANSFORM and rewrite is not None:
            transform(rewrite)
            enforced = True
        if passed is not None:
            passed()
    made = line(enforced, fields)
    json_line = encoded(enforced) if encoded is not None and not fields else None
    return recorder.record(flow, made, message=message, encoded=json_line)
