"""Client WebSocket messages go through the pipeline: allow, rewrite in place, or drop."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from mitmproxy.test import taddons, tflow
from mitmproxy.websocket import WebSocketMessage

from guardian.addon import GuardianAddon
from guardian.addon.websocket import METADATA_KEY, WS_METHOD, WebSocketGuard, message_request
from guardian.codecs import RequestRewrite
from guardian.decision_record import DecisionRecord
from guardian.pipeline import Decision, Pipeline
from guardian.records import HttpRequest, Verdict
from guardian.rules import parse_rules


class ScriptedPipeline:
    def __init__(self, verdict: Verdict, rewrite: RequestRewrite | None = None, error: Exception | None = None) -> None:
        self.verdict, self.rewrite, self.error = verdict, rewrite, error
        self.seen: list[HttpRequest] = []

    def decide_fast(self, request: HttpRequest, session: object = None, chat: object = None) -> Decision:
        return self.decide(request)  # the inline path: a small message

    def decide(self, request: HttpRequest, session: object = None, chat: object = None) -> Decision:
        self.seen.append(request)
        if self.error:
            raise self.error
        record = DecisionRecord(method=request.method, host=request.host, path="/ws", decision=self.verdict,
                                reason="scripted", findings=({"category": "Email"},))
        return Decision(self.verdict, record, "scripted", self.rewrite)


def _ws_flow(content: bytes, *, text: bool = True, from_client: bool = True) -> Any:
    flow = tflow.twebsocketflow(messages=False)
    flow.request.headers["Origin"] = "https://chat.example"
    flow.request.headers["Sec-Fetch-Mode"] = "websocket"
    flow.websocket.messages = [WebSocketMessage(1 if text else 2, from_client, content)]
    return flow


def _run(guard: WebSocketGuard, flow: Any) -> None:
    asyncio.run(guard.websocket_message(flow))


def test_message_request_uses_handshake_url_and_headers() -> None:
    flow = _ws_flow(b"")
    req = message_request(flow.request, b'{"msg":"hi"}', True)
    assert req.method == WS_METHOD and req.url == flow.request.url
    assert req.header("Origin") == "https://chat.example"
    assert req.header("Content-Type") == "application/json"
    assert req.header("Sec-WebSocket-Key") is None and req.header("Upgrade") is None
    assert message_request(flow.request, b"hello", True).header("Content-Type").startswith("text/plain")
    assert message_request(flow.request, b"\x00\x01", False).header("Content-Type") == "application/octet-stream"


@pytest.mark.parametrize("mode,dropped", [("enforce", True), ("monitor", False)])
def test_deny_drops_the_message(mode: str, dropped: bool) -> None:
    guardian = GuardianAddon(ScriptedPipeline(Verdict.DENY))
    guard = WebSocketGuard(guardian)
    with taddons.context(guardian, guard) as tctx:
        tctx.configure(guardian, guardian_mode=mode)
        flow = _ws_flow(b'{"email":"jane@example.org"}')
        _run(guard, flow)
        assert flow.websocket.messages[-1].dropped is dropped
        record = flow.metadata[METADATA_KEY][-1]
        assert record["decision"] == "deny" and record["protocol"] == "websocket"
        assert record["enforced"] is dropped and record["message"]["index"] == 0


def test_transform_rewrites_the_message_content() -> None:
    new = b'{"email":"***@example.org"}'
    rewrite = RequestRewrite(url="http://example.com/ws", body=new, headers=())
    guardian = GuardianAddon(ScriptedPipeline(Verdict.TRANSFORM, rewrite))
    guard = WebSocketGuard(guardian)
    with taddons.context(guardian, guard):
        flow = _ws_flow(b'{"email":"jane@example.org"}')
        _run(guard, flow)
        msg = flow.websocket.messages[-1]
        assert msg.content == new and msg.is_text and not msg.dropped
        assert flow.metadata[METADATA_KEY][-1]["enforced"] is True


def test_server_messages_are_not_inspected() -> None:
    pipeline = ScriptedPipeline(Verdict.DENY)
    guard = WebSocketGuard(GuardianAddon(pipeline))
    with taddons.context(guard):
        flow = _ws_flow(b"jane@example.org", from_client=False)
        _run(guard, flow)
        assert not pipeline.seen and not flow.websocket.messages[-1].dropped


@pytest.mark.parametrize("fail,dropped", [("closed", True), ("open", False)])
def test_pipeline_error_applies_the_fail_mode(fail: str, dropped: bool) -> None:
    guardian = GuardianAddon(ScriptedPipeline(Verdict.ALLOW, error=RuntimeError("jane@example.org")))
    guard = WebSocketGuard(guardian)
    with taddons.context(guardian, guard) as tctx:
        tctx.configure(guardian, guardian_fail=fail)
        flow = _ws_flow(b"hello")
        _run(guard, flow)
        assert flow.websocket.messages[-1].dropped is dropped
        assert "jane" not in json.dumps(flow.metadata[METADATA_KEY])


def test_audit_line_per_message_without_raw_values(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    guardian = GuardianAddon(ScriptedPipeline(Verdict.ALLOW))
    guard = WebSocketGuard(guardian)
    with taddons.context(guardian, guard) as tctx:
        tctx.configure(guardian, guardian_audit=str(audit))
        flow = _ws_flow(b"one jane@example.org")
        _run(guard, flow)
        flow.websocket.messages.append(WebSocketMessage(1, True, b"two"))
        _run(guard, flow)
    guardian.done()  # flushes the buffered audit writer
    lines = [json.loads(x) for x in audit.read_text().splitlines()]
    assert [x["message"]["index"] for x in lines] == [0, 1]
    assert all(x["protocol"] == "websocket" for x in lines)
    assert "jane" not in audit.read_text()


def test_real_pipeline_rewrites_an_email_in_a_chat_message() -> None:
    rules = parse_rules("version: 1\ndomains:\n  example.com: {recipient: advertising, purposes: [marketing]}\n")
    guardian = GuardianAddon(Pipeline(rules))
    guard = WebSocketGuard(guardian)
    with taddons.context(guardian, guard):
        flow = _ws_flow(b'{"type":"msg","email":"jane.doe@example.org"}')
        _run(guard, flow)
        msg = flow.websocket.messages[-1]
        record = flow.metadata[METADATA_KEY][-1]
        assert "Email" in record["categories"]
        assert record["decision"] in ("transform", "deny")
        if record["decision"] == "transform":
            assert b"jane.doe@example.org" not in msg.content and json.loads(msg.content)["type"] == "msg"
        else:
            assert msg.dropped
