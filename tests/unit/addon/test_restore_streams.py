"""The AI-chat addon's answer side on mitmproxy flows: which answers become restoring streams,
what their headers become, and that nothing a service sends raises into mitmproxy."""

from __future__ import annotations

import contextlib
import gzip
import json
import zlib
from typing import Any

import pytest
from mitmproxy import http
from mitmproxy.test import tflow

from guardian.addon import GuardianAddon
from guardian.addon.restore import CONVERSATION_KEY, RESTORE_KEY, ChatRestore

NAME = 'Jane "JD" Doe'


def _restore_with_conversation() -> tuple[ChatRestore, str]:
    restore = ChatRestore(GuardianAddon(None))
    assert restore.vault is not None
    conv = restore.vault.conversation("unit")
    conv.pseudonym(NAME, "PERSON", "tags")
    conv.pseudonym("jane@corp.org", "EMAIL", "tags")
    return restore, conv.id


def _context(restore: ChatRestore) -> Any:
    """The addon alone: answers need no options and no pipeline (building one loads models)."""
    return contextlib.nullcontext(restore)


def _flow(cid: str, path: str, headers: dict[str, str], content: bytes = b"") -> Any:
    flow = tflow.tflow()
    flow.request.host, flow.request.path = "generativelanguage.googleapis.com", path
    flow.metadata[CONVERSATION_KEY] = cid
    flow.response = http.Response.make(200, content, headers)
    return flow


def _gemini_array() -> bytes:
    objs = [{"candidates": [{"content": {"parts": [{"text": t}], "role": "model"}, "index": 0}]} for t in ("Hi [PERS", "ON_1], ")]
    objs.append({"candidates": [{"content": {"parts": [{"functionCall": {"name": "f", "args": {"who": "[PERSON_1]"}}}], "role": "model"},
                                 "finishReason": "STOP", "index": 0}]})
    return ("[" + "\n,\r\n".join(json.dumps(o, indent=2) for o in objs) + "\n]").encode()


def _run(hook: Any, data: bytes, size: int) -> bytes:
    out: list[bytes] = []
    for i in range(0, len(data), size):
        out += hook(data[i : i + size])
    out += hook(b"")
    assert all(out), "an empty chunk would end a chunked response"
    return b"".join(out)


@pytest.mark.parametrize("coding", ["identity", "gzip"])
def test_gemini_streamed_json_array_is_restored_as_it_comes(coding: str) -> None:
    restore, cid = _restore_with_conversation()
    body = _gemini_array()
    sent = gzip.compress(body) if coding == "gzip" else body
    headers = {"Content-Type": "application/json; charset=UTF-8", "Content-Length": str(len(sent))}
    if coding == "gzip":
        headers["Content-Encoding"] = "gzip"
    with _context(restore):
        flow = _flow(cid, "/v1beta/models/gemini-2.0-flash:streamGenerateContent", headers)
        restore.responseheaders(flow)
        hook = flow.response.stream
        assert callable(hook) and "content-length" not in flow.response.headers
        assert "content-encoding" not in flow.response.headers and flow.response.headers["transfer-encoding"] == "chunked"
        out = _run(hook, sent, 7)
    doc = json.loads(out)
    text = "".join(p.get("text", "") for o in doc for p in o["candidates"][0]["content"]["parts"])
    assert text == f"Hi {NAME}, " and doc[-1]["candidates"][0]["content"]["parts"][0]["functionCall"]["args"] == {"who": NAME}
    assert out.count(b"\n,\r\n") == 2 and flow.metadata[RESTORE_KEY]["protocol"] == "json-stream"


def test_a_plain_json_answer_is_not_streamed_but_restored_whole_with_valid_arguments() -> None:
    restore, cid = _restore_with_conversation()
    args = json.dumps({"name": "[PERSON_1]", "mail": "[EMAIL_1]"})
    body = json.dumps({"choices": [{"message": {"content": "Hi [PERSON_1]", "tool_calls": [
        {"id": "c", "type": "function", "function": {"name": "f", "arguments": args}}]}}]}, indent=1).encode()
    with _context(restore):
        flow = _flow(cid, "/v1/chat/completions", {"Content-Type": "application/json"}, body)
        restore.responseheaders(flow)
        assert not flow.response.stream
        restore.response(flow)
    doc = json.loads(flow.response.content)
    message = doc["choices"][0]["message"]
    assert message["content"] == f"Hi {NAME}"
    assert json.loads(message["tool_calls"][0]["function"]["arguments"]) == {"name": NAME, "mail": "jane@corp.org"}
    assert flow.response.content.startswith(b'{\n "choices": [\n  {')  # the service's layout stays


def test_a_corrupt_compressed_stream_goes_on_as_sent_and_raises_nothing() -> None:
    restore, cid = _restore_with_conversation()
    good = gzip.compress(b'data: {"choices": [{"index": 0, "delta": {"content": "Hi [PERSON_1]"}}]}\n\n')
    with _context(restore):
        flow = _flow(cid, "/v1/chat/completions", {"Content-Type": "text/event-stream", "Content-Encoding": "gzip"})
        restore.responseheaders(flow)
        hook = flow.response.stream
        first = hook(good[:40])
        rest = hook(b"\x00not gzip at all" * 4) + hook(b"more") + hook(b"")
    assert isinstance(first, list) and b"".join(rest).endswith(b"more")


def test_a_restorer_that_fails_hands_on_what_it_held_then_the_stream_as_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    restore, cid = _restore_with_conversation()
    with _context(restore):
        flow = _flow(cid, "/v1/chat/completions", {"Content-Type": "text/event-stream"})
        restore.responseheaders(flow)
        hook = flow.response.stream
        held = hook(b"data: {\"choices\": [{\"index\": 0, \"delta\": {\"content\": \"x\"}}]}")  # no event end yet
        assert held == []

        def broken(data: bytes) -> list[bytes]:
            raise RuntimeError("a bug")

        monkeypatch.setattr(hook.restorer, "feed", broken)
        out = hook(b"\n\ndata: [DONE]\n\n") + hook(b"") + hook(b"late")
    assert b"".join(out) == b"data: {\"choices\": [{\"index\": 0, \"delta\": {\"content\": \"x\"}}]}\n\ndata: [DONE]\n\nlate"


def test_ndjson_answers_are_streamed_too() -> None:
    restore, cid = _restore_with_conversation()
    with _context(restore):
        flow = _flow(cid, "/api/chat", {"Content-Type": "application/x-ndjson"})
        restore.responseheaders(flow)
        out = _run(flow.response.stream, b'{"message": {"content": "Hi [PERSON_1]"}}\n{"done": true}\n', 5)
    assert json.loads(out.splitlines()[0])["message"]["content"] == f"Hi {NAME}"


def test_zlib_decompressor_error_is_an_exception_we_catch() -> None:
    with pytest.raises(zlib.error):
        zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(b"\x00not gzip")
