"""mitmdump script, loaded after GuardianAgent: records each request as it leaves, and its fate.

In the `request` hook (mitmproxy runs them in addon order, awaiting async ones) it writes the
request as the addon left it, the addon's decision from `flow.metadata["guardian"]`, and whether
a response is already set (the proxy answered itself: a block). It then tags the request with
`x-livebench-flow: <flow id>` for the fake server. The `response` and `error` hooks write the
final status and whether the answer came from the fake server. Writes to $LIVEBENCH_LAST.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from mitmproxy import http

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recorder_common import JsonlWriter, request_view  # noqa: E402

FLOW_HEADER = "x-livebench-flow"
SERVER_HEADER = "x-livebench-server"


def _decision(flow: http.HTTPFlow) -> dict[str, Any] | None:
    """The parts of GuardianAgent's record the report uses (no detected values are in it)."""
    rec = flow.metadata.get("guardian")
    if not isinstance(rec, dict):
        return None
    findings = []
    for f in rec.get("findings") or []:
        if isinstance(f, dict):
            findings.append({k: f.get(k) for k in ("category", "entity", "field", "kind", "recognizer", "quasi") if k in f})
    return {"decision": rec.get("decision"), "reason": rec.get("reason"), "categories": rec.get("categories"),
            "recipient": rec.get("recipient"), "basis": rec.get("basis"), "rule": rec.get("rule"),
            "findings": findings, "anonymize": rec.get("anonymize"), "error": rec.get("error")}


def _where(flow: http.HTTPFlow) -> dict[str, Any]:
    """Method, host and path: a flow answered before its `request` hook has no other record."""
    return {"method": flow.request.method, "host": flow.request.pretty_host, "path": flow.request.path}


class RecorderLast:
    """Writes the request as it leaves the proxy, with the addon's decision."""

    def __init__(self) -> None:
        self.out = JsonlWriter("LIVEBENCH_LAST")

    def request(self, flow: http.HTTPFlow) -> None:
        """Record the outgoing request (or the proxy's own answer), then tag it."""
        line = request_view(flow)
        line["event"] = "request"
        line["guardian"] = _decision(flow)
        line["answered_by_proxy"] = flow.response is not None
        line["proxy_status"] = flow.response.status_code if flow.response is not None else None
        self.out.write(line)
        if flow.response is None:
            flow.request.headers[FLOW_HEADER] = flow.id

    def response(self, flow: http.HTTPFlow) -> None:
        """Record the final status, and whether the fake server gave it."""
        resp = flow.response
        if resp is None:
            return
        self.out.write({"event": "response", "flow_id": flow.id, "t": time.time(), "status": resp.status_code,
                        "from_server": SERVER_HEADER in resp.headers, "guardian": _decision(flow), **_where(flow)})

    def error(self, flow: http.HTTPFlow) -> None:
        """Record a failed flow (connection reset, timeout ...)."""
        self.out.write({"event": "error", "flow_id": flow.id, "t": time.time(),
                        "error": str(flow.error) if flow.error else None, "guardian": _decision(flow), **_where(flow)})


addons = [RecorderLast()]
