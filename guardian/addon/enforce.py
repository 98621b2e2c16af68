"""Enforcement: apply an outcome to a mitmproxy flow (DESIGN.md step 9).

allow: the request is not touched, so its bytes leave unchanged. transform: the rewritten
body (already re-encoded in its own Content-Encoding) and query replace the old ones, and
Content-Length is fixed. deny: the request never leaves; the client gets a 403 whose headers
and body say why and how to override.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from mitmproxy import http

from guardian.codecs import RequestRewrite

__all__ = ["apply_rewrite", "block_response", "DECISION_HEADER", "REASON_HEADER"]

DECISION_HEADER = "X-Guardian-Decision"
REASON_HEADER = "X-Guardian-Reason"
RULE_HEADER = "X-Guardian-Rule"
OVERRIDE_HEADER = "X-Guardian-Override"
MAX_HEADER_CHARS = 300


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


def block_response(host: str, reason: str, record: dict[str, Any], *, html: bool = False) -> http.Response:
    """The 403 a client gets for a denied request: why, what data, who, and how to override."""
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
    for name, value in rewrite.headers:
        request.headers[name] = value
