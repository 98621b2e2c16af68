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

import logging
from typing import Any

from mitmproxy import http

from guardian.addon.enforce import enforce_and_record
from guardian.addon.shared import DecideView
from guardian.addon.record import WEBSOCKET_METADATA_KEY
from guardian.decision_record import flow_line
from guardian.codecs import RequestRewrite
from guardian.records import HttpRequest

__all__ = ["WebSocketGuard", "message_request", "WS_METHOD", "METADATA_KEY"]

log = logging.getLogger("guardian")

WS_METHOD = "WEBSOCKET"  # the record's method for a message; the basis rules look only for POST
METADATA_KEY = WEBSOCKET_METADATA_KEY

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

    def __init__(self, engine: DecideView) -> None:
        self.engine = engine  # the pipeline in force, decide, record

    async def websocket_message(self, flow: http.HTTPFlow) -> None:
        if flow.websocket is None or not flow.websocket.messages:
            return
        message = flow.websocket.messages[-1]
        if not message.from_client or message.dropped:
            return
        engine = self.engine
        pipeline = engine.current_pipeline()  # an edited rules file applies to messages too
        if pipeline is None:
            return
        request = message_request(flow.request, message.content, message.is_text)
        index = len(flow.websocket.messages) - 1
        decision = await engine.decide_turn(flow, pipeline, request)  # an AI chat's pseudonyms included
        mode = engine.mode

        def deny() -> dict[str, Any]:
            message.drop()  # the server never sees it; the connection stays open
            return {}

        def transform(rewrite: RequestRewrite) -> None:
            message.content = rewrite.body  # the message had no Content-Encoding, so these are plain bytes

        info = {"index": index, "type": "text" if message.is_text else "binary", "bytes": len(request.body)}
        enforce_and_record(
            engine, flow, decision.verdict, decision.rewrite, deny=deny, transform=transform, message=True,
            line=lambda enforced, _: flow_line(decision.line, id=flow.id, mode=mode, enforced=enforced, protocol="websocket", message=info),
        )
