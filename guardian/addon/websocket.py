"""WebSocket messages sent by the client, decided by the same pipeline as HTTP requests.

Several chat apps send their text over a WebSocket, so each client-to-server message is turned
into an `HttpRequest`: the handshake's URL and headers (Origin, Cookie, Sec-Fetch-* ...) with the
message as the body (`application/json` when it looks like JSON, `text/plain` otherwise,
`application/octet-stream` for binary messages). A deny drops the message (the server never sees
it; the connection stays open), a transform replaces its content in place. Each decision is
appended to `flow.metadata["guardian_websocket"]` (the last few) and written to the audit log
with `"protocol": "websocket"`.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from mitmproxy import http

from guardian.pipeline import safe_path
from guardian.records import HttpRequest, Verdict

__all__ = ["WebSocketGuard", "message_request", "WS_METHOD", "METADATA_KEY"]

log = logging.getLogger("guardian")

WS_METHOD = "WEBSOCKET"  # the record's method for a message; the basis rules look only for POST
METADATA_KEY = "guardian_websocket"
KEEP_RECORDS = 50  # per flow in metadata: a chat can send thousands of messages

# Handshake headers that describe the handshake itself, not the message.
_DROP_HEADERS = frozenset(
    {"content-length", "content-type", "content-encoding", "transfer-encoding", "connection", "upgrade"}
)


def _sniff_type(content: bytes, is_text: bool) -> str:
    if not is_text:
        return "application/octet-stream"
    head = content.lstrip()[:1]
    return "application/json" if head in (b"{", b"[") else "text/plain; charset=utf-8"


def message_request(handshake: http.Request, content: bytes, is_text: bool) -> HttpRequest:
    """The pipeline's view of one client message: the handshake's URL and headers, the message as body."""
    headers = [
        (k, v)
        for k, v in handshake.headers.items(multi=True)
        if k.lower() not in _DROP_HEADERS and not k.lower().startswith("sec-websocket-")
    ]
    headers.append(("Content-Type", _sniff_type(content, is_text)))
    return HttpRequest(method=WS_METHOD, url=handshake.url, headers=tuple(headers), body=content)


class WebSocketGuard:
    """Inspects every message the client sends over a WebSocket: allow, rewrite or drop."""

    def __init__(self, guardian: Any) -> None:
        self.guardian = guardian  # the GuardianAddon: pipeline, mode, fail mode, timeout, audit
        self._executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="guardian-ws")

    def done(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def websocket_message(self, flow: http.HTTPFlow) -> None:
        if flow.websocket is None or not flow.websocket.messages:
            return
        message = flow.websocket.messages[-1]
        if not message.from_client or message.dropped:
            return
        reload_rules = getattr(self.guardian, "reload_rules", None)
        if reload_rules is not None:  # an edited rules file applies to these messages too
            reload_rules()
        pipeline = getattr(self.guardian, "pipeline", None)
        if pipeline is None:
            return
        request = message_request(flow.request, message.content, message.is_text)
        mode = getattr(self.guardian, "mode", "enforce")
        index = len(flow.websocket.messages) - 1
        try:
            loop = asyncio.get_running_loop()
            outcome = await asyncio.wait_for(
                loop.run_in_executor(self._executor, pipeline.decide, request),
                timeout=float(getattr(self.guardian, "timeout", 10.0)),
            )
        except Exception as e:  # noqa: BLE001 - any failure must become the configured fail mode
            fail = getattr(self.guardian, "fail", "closed")
            timed_out = isinstance(e, (asyncio.TimeoutError, TimeoutError))
            record: dict[str, Any] = {
                "v": 1,
                "method": WS_METHOD,
                "host": request.host,
                "path": safe_path(request.url),
                "decision": "deny" if fail == "closed" else "allow",
                "reason": ("no decision in time" if timed_out else "the privacy pipeline failed") + f"; guardian_fail={fail}",
                "error": {"timeout": True} if timed_out else {"type": type(e).__name__},
                "categories": [],
            }
            verdict, rewrite = (Verdict.DENY if fail == "closed" else Verdict.ALLOW), None
        else:
            record = dict(outcome.record)
            verdict, rewrite = outcome.verdict, outcome.rewrite
        enforced = False
        if mode == "enforce" and verdict is Verdict.DENY:
            message.drop()
            enforced = True
        elif mode == "enforce" and verdict is Verdict.TRANSFORM and rewrite is not None:
            message.content = rewrite.body  # the message had no Content-Encoding, so these are plain bytes
            enforced = True
        record.update(
            id=flow.id,
            mode=mode,
            enforced=enforced,
            protocol="websocket",
            message={"index": index, "type": "text" if message.is_text else "binary", "bytes": len(request.body)},
        )
        self._record(flow, record)

    def _record(self, flow: http.HTTPFlow, record: dict[str, Any]) -> None:
        kept = flow.metadata.setdefault(METADATA_KEY, [])
        kept.append(record)
        del kept[:-KEEP_RECORDS]
        if record["decision"] != "allow" or record.get("categories"):
            flow.marked = {"deny": ":no_entry:", "transform": ":pencil2:"}.get(record["decision"], ":eyes:")
        log.info(
            "guardian: websocket %s %s%s message %d [%s] R=%s",
            record["decision"],
            record["host"],
            record["path"],
            record["message"]["index"],
            ",".join(record.get("categories", [])),
            record.get("R"),
        )
        audit = getattr(self.guardian, "audit", None)
        if audit is not None:
            try:
                audit.write(record)
            except OSError as e:
                log.error("guardian: cannot write the audit log: %s", e)
