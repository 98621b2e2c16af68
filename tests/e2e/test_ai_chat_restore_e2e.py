"""AI chats end to end: a real mitmdump in front of a fake AI service that echoes the prompt.

The upstream must never see the user's values; the client must see them back in the answer,
as JSON (gzip-encoded too) and as a server-sent event stream whose pseudonyms are cut into
pieces of three characters, the way a model streams tokens, in the text and in a streamed tool
call's arguments (which must still parse). tests/e2e/test_ai_sdk_e2e.py does the same with the
official SDKs as clients and every API's streaming shape.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from guardian.llm.server import free_port
from guardian.report.summary import load_records, summarise

ROOT = Path(__file__).resolve().parents[2]
MITMDUMP = Path(sys.executable).with_name("mitmdump")

pytestmark = pytest.mark.e2e

NAME = "Jane Doe"
EMAIL = "jane.doe.chat@example.org"
PHONE = "+1 415 555 0142"
PROMPT = f"Hi, I am {NAME}, my e-mail is {EMAIL} and my phone is {PHONE}. Please greet me."
PLANTED = [NAME, EMAIL, PHONE, "jane.doe.chat"]
PIECE = 3  # characters per streamed delta: every pseudonym is split across events
DECISION_TIMEOUT_S = "60"  # the first prompt loads the NER model


class EchoAI:
    """A fake OpenAI-compatible chat endpoint: answers "You said: <last user message>"."""

    def __init__(self) -> None:
        self.received: list[bytes] = []
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def take(self) -> list[bytes]:
        with self.lock:
            out, self.received[:] = list(self.received), []
        return out

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        ai = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with ai.lock:
                    ai.received.append(body)
                request = json.loads(body)
                answer = "You said: " + request["messages"][-1]["content"]
                if self.path.endswith("/v2/chat"):
                    self._cohere(answer)
                elif request.get("stream"):
                    self._stream(answer, json.dumps({"said": answer}) if request.get("tools") else None)
                else:
                    self._json(answer, gzipped="gzip" in (self.headers.get("Accept-Encoding") or ""))

            def _json(self, answer: str, *, gzipped: bool) -> None:
                data = json.dumps({"id": "chatcmpl-1", "object": "chat.completion", "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": answer}, "finish_reason": "stop"}]}).encode()
                if gzipped:
                    data = gzip.compress(data)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                if gzipped:
                    self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _cohere(self, answer: str) -> None:  # Cohere's v2 chat answer: one message of text parts
                data = json.dumps({"id": "c-1", "finish_reason": "COMPLETE", "message": {
                    "role": "assistant", "content": [{"type": "text", "text": answer}]}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _stream(self, answer: str, args: str | None) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                pieces = [answer[i : i + PIECE] for i in range(0, len(answer), PIECE)]
                events = [{"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
                if args is not None:  # a tool call whose arguments quote the prompt, cut the same way
                    call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "note", "arguments": ""}}
                    events.append({"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]})
                    events += [{"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [
                        {"index": 0, "function": {"arguments": args[i : i + PIECE]}}]}}]} for i in range(0, len(args), PIECE)]
                finish = "tool_calls" if args is not None else "stop"
                events.append({"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
                for event in events:
                    self._chunk(f"data: {json.dumps(event)}\n\n".encode())
                self._chunk(b"data: [DONE]\n\n")
                self.wfile.write(b"0\r\n\r\n")

            def _chunk(self, data: bytes) -> None:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                self.wfile.flush()

            def log_message(self, *args: object) -> None:
                pass

        return Handler


@pytest.fixture(scope="module")
def echo() -> Iterator[EchoAI]:
    ai = EchoAI()
    yield ai
    ai.server.shutdown()


@pytest.fixture(scope="module")
def proxy(echo: EchoAI, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    if not MITMDUMP.exists() and shutil.which("mitmdump") is None:
        pytest.skip("mitmdump is not installed in this environment")
    workdir = tmp_path_factory.mktemp("ai-chat")
    port = free_port()
    log_path, audit = workdir / "mitmdump.log", workdir / "audit.jsonl"
    cmd = [
        str(MITMDUMP if MITMDUMP.exists() else shutil.which("mitmdump")),
        "--listen-host", "127.0.0.1", "--listen-port", str(port),
        "--mode", f"upstream:http://127.0.0.1:{echo.port}",
        "--set", f"confdir={workdir / 'conf'}", "--set", "termlog_verbosity=debug", "--set", "flow_detail=0",
        "-s", str(ROOT / "guardian_addon.py"),
        "--set", f"guardian_rules={ROOT / 'tests' / 'e2e' / 'rules.yaml'}",
        "--set", f"guardian_audit={audit}",
        "--set", f"guardian_policy_db={workdir / 'policy.db'}",
        "--set", f"guardian_vault={workdir / 'vault.sqlite3'}",
        "--set", f"guardian_timeout={DECISION_TIMEOUT_S}",
    ]
    fh = open(log_path, "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=workdir, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    while b"listening at" not in log_path.read_bytes():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"mitmdump did not start:\n{log_path.read_text(errors='replace')}")
        time.sleep(0.1)
    yield port, workdir
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    fh.close()


def _chat(port: int, *, stream: bool = False, gzipped: bool = False, tools: bool = False) -> tuple[int, dict[str, str], bytes]:
    request = {"model": "gpt-4o", "stream": stream, "messages": [
        {"role": "system", "content": "Be brief."}, {"role": "user", "content": PROMPT}]}
    if tools:
        request["tools"] = [{"type": "function", "function": {"name": "note", "parameters": {"type": "object"}}}]
    body = json.dumps(request).encode()
    headers = {"Content-Type": "application/json", "Authorization": "Bearer sk-e2e-chat"}
    if gzipped:
        headers["Accept-Encoding"] = "gzip"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", "http://api.openai.com/v1/chat/completions", body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def _upstream_saw_no_value(echo: EchoAI) -> str:
    (got,) = echo.take()
    sent = json.loads(got)  # still a valid request for the API
    text = sent["messages"][1]["content"]
    assert sent["model"] == "gpt-4o" and sent["messages"][0] == {"role": "system", "content": "Be brief."}
    assert sent.get("tools") in (None, [{"type": "function", "function": {"name": "note", "parameters": {"type": "object"}}}])
    for value in PLANTED:
        assert value not in got.decode(), f"the upstream saw {value!r}"
    assert "[EMAIL_1]" in text and "[PERSON_1]" in text
    return text


def test_json_answer_comes_back_restored(proxy: tuple[int, Path], echo: EchoAI) -> None:
    status, headers, body = _chat(proxy[0])
    sent = _upstream_saw_no_value(echo)
    assert status == 200 and int(headers["content-length"]) == len(body)
    assert json.loads(body)["choices"][0]["message"]["content"] == "You said: " + PROMPT
    # the next turn of the conversation uses the same pseudonyms
    _chat(proxy[0])
    assert _upstream_saw_no_value(echo) == sent


def test_gzip_json_answer_is_restored_in_its_encoding(proxy: tuple[int, Path], echo: EchoAI) -> None:
    status, headers, body = _chat(proxy[0], gzipped=True)
    _upstream_saw_no_value(echo)
    assert status == 200 and headers.get("content-encoding") == "gzip" and int(headers["content-length"]) == len(body)
    assert json.loads(gzip.decompress(body))["choices"][0]["message"]["content"] == "You said: " + PROMPT


def test_streamed_answer_is_restored_across_split_pseudonyms(proxy: tuple[int, Path], echo: EchoAI) -> None:
    status, headers, body = _chat(proxy[0], stream=True)
    _upstream_saw_no_value(echo)
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    events = [block[6:] for block in body.split(b"\n\n") if block.startswith(b"data: ")]
    assert events[-1] == b"[DONE]"
    text = "".join(json.loads(e)["choices"][0]["delta"].get("content", "") for e in events[:-1])
    assert text == "You said: " + PROMPT


def test_streamed_tool_call_arguments_are_restored_and_still_parse(proxy: tuple[int, Path], echo: EchoAI) -> None:
    status, _, body = _chat(proxy[0], stream=True, tools=True)
    _upstream_saw_no_value(echo)
    events = [json.loads(block[6:]) for block in body.split(b"\n\n") if block.startswith(b"data: {")]
    deltas = [e["choices"][0]["delta"] for e in events]
    args = "".join(call["function"]["arguments"] for d in deltas for call in d.get("tool_calls", []))
    assert status == 200 and json.loads(args) == {"said": "You said: " + PROMPT}
    assert [e["choices"][0].get("finish_reason") for e in events][-1] == "tool_calls"
    assert body.endswith(b"data: [DONE]\n\n")


def test_a_model_api_no_list_names_is_known_by_its_request(proxy: tuple[int, Path], echo: EchoAI) -> None:
    # Cohere's v2 chat on a host and path no list names: its body (a model, messages with chat
    # roles) makes it a model API, so the site's system prompt passes as written, the user's
    # values are pseudonymised and the answer comes back with them restored
    system = "You are the support assistant of Northwind Outfitters. Answer briefly and politely."
    request = {"model": "command-a-03-2025", "messages": [
        {"role": "system", "content": system}, {"role": "user", "content": PROMPT}]}
    conn = http.client.HTTPConnection("127.0.0.1", proxy[0], timeout=120)
    try:
        conn.request("POST", "http://api.chat-models.example/v2/chat", body=json.dumps(request).encode(),
                     headers={"Content-Type": "application/json", "Authorization": "Bearer e2e"})
        resp = conn.getresponse()
        status, body = resp.status, resp.read()
    finally:
        conn.close()
    (got,) = echo.take()
    sent = json.loads(got)
    assert sent["model"] == "command-a-03-2025" and sent["messages"][0] == {"role": "system", "content": system}
    for value in PLANTED:
        assert value not in got.decode(), f"the upstream saw {value!r}"
    assert "[EMAIL_1]" in sent["messages"][1]["content"]
    assert status == 200 and json.loads(body)["message"]["content"][0]["text"] == "You said: " + PROMPT


def test_audit_counts_values_never_the_values(proxy: tuple[int, Path], echo: EchoAI) -> None:
    audit = proxy[1] / "audit.jsonl"
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and sum(1 for r in load_records(audit, events=True) if r.get("event") == "restore") < 5:
        time.sleep(0.1)
    summary = summarise(load_records(audit, events=True))
    counts = summary.ai_chats.get("openai.com") or summary.ai_chats.get("api.openai.com")
    assert counts is not None and counts["pseudonymized"] >= 5 * 3 and counts["restored"] >= 5 * 3
    for path in (audit, proxy[1] / "mitmdump.log", proxy[1] / "vault.sqlite3"):
        text = path.read_bytes().decode("utf-8", "replace")
        for value in PLANTED:
            assert value not in text, f"{value!r} in {path.name}"
