"""A local fake of four model APIs, for the SDK end-to-end tests: OpenAI chat completions and
responses, Anthropic messages, Gemini generateContent / streamGenerateContent.

It records every request as it arrived (what the proxy let through) and answers in each API's
documented wire format with what it received: the text "You said: <the user's text>" and, when
the request offers tools, one tool call whose arguments are the name, e-mail and phone it read
in that text (the pseudonyms, whatever their style). Streams come in deltas of `PIECE`
characters, so every pseudonym is cut across events; the events it sent are kept per request
(`X-Scenario` header) for comparing with what the client got. A non-streamed answer is
gzip-compressed when the client accepts gzip.

Wire formats: https://platform.openai.com/docs/api-reference/chat-streaming,
https://platform.openai.com/docs/api-reference/responses-streaming,
https://docs.anthropic.com/en/docs/build-with-claude/streaming,
https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
"""

from __future__ import annotations

import gzip
import itertools
import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["FakeAI", "Received", "PIECE", "VALUES"]

PIECE = 3  # characters per streamed delta: every pseudonym is split across events
# The prompt the tests send, as the service sees it: the three values are read back whatever
# their pseudonyms look like ([PERSON_1] or a made-up name).
VALUES = re.compile(r"I am (?P<name>.+?), my e-mail is (?P<email>\S+?) and my phone is (?P<phone>.+?)\. ")


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class FakeAI:
    """The server; `received` and `sent` (scenario -> the events of its stream) fill as it runs."""

    received: list[Received] = field(default_factory=list)
    sent: dict[str, list[Any]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def __post_init__(self) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()

    def next_id(self) -> int:
        with self.lock:
            return next(self.ids)


def _pieces(text: str) -> list[str]:
    return [text[i : i + PIECE] for i in range(0, len(text), PIECE)] or [""]


def _user_text(body: dict[str, Any]) -> str:
    """The last user message's text, in any of the four schemas."""
    if "contents" in body:
        parts = body["contents"][-1].get("parts", [])
        return "".join(p.get("text", "") for p in parts)
    if "messages" in body:
        content = body["messages"][-1].get("content")
    else:
        items = body["input"] if isinstance(body["input"], list) else [{"content": body["input"]}]
        content = next(i.get("content") for i in reversed(items) if "content" in i)
    if isinstance(content, str):
        return content
    return "".join(p.get("text", "") for p in content if isinstance(p, dict))


def _arguments(text: str) -> dict[str, str]:
    m = VALUES.search(text)
    return m.groupdict() if m else {"echo": text}


class _Answer:
    """What to say to one request: the text and, when tools are offered, the call's arguments."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.text = "You said: " + _user_text(body)
        self.args = json.dumps(_arguments(self.text)) if body.get("tools") else None


def _handler(ai: FakeAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with ai.lock:
                ai.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, raw))
            body = json.loads(raw)
            path = self.path.split("?")[0]
            answer = _Answer(body)
            scenario = self.headers.get("X-Scenario") or path
            if path.endswith("/chat/completions"):
                self._openai_chat(body, answer, scenario)
            elif path.endswith("/responses"):
                self._responses(body, answer, scenario)
            elif path.endswith("/messages"):
                self._anthropic(body, answer, scenario)
            elif ":streamGenerateContent" in path:
                self._gemini_stream(answer, scenario, sse="alt=sse" in self.path)
            elif ":generateContent" in path:
                self._json(_gemini_response(answer, text=answer.text, last=True))
            else:
                self.send_error(404)

        # -- OpenAI chat completions ------------------------------------------------------------

        def _openai_chat(self, body: dict[str, Any], answer: _Answer, scenario: str) -> None:
            cid = f"chatcmpl-{ai.next_id()}"
            call = {"id": "call_1", "type": "function", "function": {"name": "save_contact", "arguments": answer.args}}
            if not body.get("stream"):
                message: dict[str, Any] = {"role": "assistant", "content": answer.text, "refusal": None}
                if answer.args is not None:
                    message["tool_calls"] = [call]
                self._json({"id": cid, "object": "chat.completion", "created": 1, "model": body["model"], "choices": [
                    {"index": 0, "message": message, "logprobs": None, "finish_reason": "tool_calls" if answer.args else "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 20, "total_tokens": 30}})
                return
            base = {"id": cid, "object": "chat.completion.chunk", "created": 1, "model": body["model"]}

            def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
                return {**base, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}

            events = [chunk({"role": "assistant", "content": ""})] + [chunk({"content": p}) for p in _pieces(answer.text)]
            if answer.args is not None:
                events.append(chunk({"tool_calls": [{"index": 0, **call, "function": {"name": "save_contact", "arguments": ""}}]}))
                events += [chunk({"tool_calls": [{"index": 0, "function": {"arguments": p}}]}) for p in _pieces(answer.args)]
            events.append(chunk({}, "tool_calls" if answer.args else "stop"))
            if (body.get("stream_options") or {}).get("include_usage"):
                events.append({**base, "choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 20, "total_tokens": 30}})
            self._sse(scenario, [(None, e) for e in events] + [(None, "[DONE]")])

        # -- OpenAI responses --------------------------------------------------------------------

        def _responses(self, body: dict[str, Any], answer: _Answer, scenario: str) -> None:
            rid = f"resp_{ai.next_id()}"
            message = {"id": f"msg_{rid}", "type": "message", "role": "assistant", "status": "completed",
                       "content": [{"type": "output_text", "text": answer.text, "annotations": []}]}
            call = {"id": f"fc_{rid}", "type": "function_call", "call_id": "call_1", "name": "save_contact",
                    "arguments": answer.args, "status": "completed"}
            output = [message] + ([call] if answer.args is not None else [])
            response = {"id": rid, "object": "response", "created_at": 1, "status": "completed", "model": body["model"],
                        "output": output, "parallel_tool_calls": True, "tool_choice": "auto", "tools": body.get("tools", []),
                        "previous_response_id": body.get("previous_response_id"),
                        "usage": {"input_tokens": 10, "output_tokens": 20, "total_tokens": 30,
                                  "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}}
            if not body.get("stream"):
                self._json(response)
                return
            started = {**response, "status": "in_progress", "output": [], "usage": None}
            events: list[dict[str, Any]] = [
                {"type": "response.created", "response": started},
                {"type": "response.in_progress", "response": started},
                {"type": "response.output_item.added", "output_index": 0, "item": {**message, "status": "in_progress", "content": []}},
                {"type": "response.content_part.added", "item_id": message["id"], "output_index": 0, "content_index": 0,
                 "part": {"type": "output_text", "text": "", "annotations": []}},
            ]
            events += [{"type": "response.output_text.delta", "item_id": message["id"], "output_index": 0, "content_index": 0,
                        "delta": p, "logprobs": []} for p in _pieces(answer.text)]
            events += [
                {"type": "response.output_text.done", "item_id": message["id"], "output_index": 0, "content_index": 0,
                 "text": answer.text, "logprobs": []},
                {"type": "response.content_part.done", "item_id": message["id"], "output_index": 0, "content_index": 0,
                 "part": message["content"][0]},
                {"type": "response.output_item.done", "output_index": 0, "item": message},
            ]
            if answer.args is not None:
                events.append({"type": "response.output_item.added", "output_index": 1, "item": {**call, "arguments": "", "status": "in_progress"}})
                events += [{"type": "response.function_call_arguments.delta", "item_id": call["id"], "output_index": 1, "delta": p}
                           for p in _pieces(answer.args)]
                events += [{"type": "response.function_call_arguments.done", "item_id": call["id"], "output_index": 1, "arguments": answer.args},
                           {"type": "response.output_item.done", "output_index": 1, "item": call}]
            events.append({"type": "response.completed", "response": response})
            self._sse(scenario, [(e["type"], {**e, "sequence_number": n}) for n, e in enumerate(events)])

        # -- Anthropic messages ------------------------------------------------------------------

        def _anthropic(self, body: dict[str, Any], answer: _Answer, scenario: str) -> None:
            mid = f"msg_{ai.next_id()}"
            tool = {"type": "tool_use", "id": "toolu_1", "name": "save_contact"}
            content: list[dict[str, Any]] = [{"type": "text", "text": answer.text}]
            if answer.args is not None:
                content.append({**tool, "input": json.loads(answer.args)})
            stop = "tool_use" if answer.args is not None else "end_turn"
            message = {"id": mid, "type": "message", "role": "assistant", "model": body["model"], "content": content,
                       "stop_reason": stop, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 20}}
            if not body.get("stream"):
                self._json(message)
                return
            events: list[dict[str, Any]] = [
                {"type": "message_start", "message": {**message, "content": [], "stop_reason": None, "usage": {"input_tokens": 10, "output_tokens": 1}}},
                {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                {"type": "ping"},
            ]
            events += [{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}} for p in _pieces(answer.text)]
            events.append({"type": "content_block_stop", "index": 0})
            if answer.args is not None:
                events.append({"type": "content_block_start", "index": 1, "content_block": {**tool, "input": {}}})
                events += [{"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": p}}
                           for p in _pieces(answer.args)]
                events.append({"type": "content_block_stop", "index": 1})
            events += [{"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None}, "usage": {"output_tokens": 20}},
                       {"type": "message_stop"}]
            self._sse(scenario, [(e["type"], e) for e in events])

        # -- Gemini --------------------------------------------------------------------------------

        def _gemini_stream(self, answer: _Answer, scenario: str, *, sse: bool) -> None:
            pieces = _pieces(answer.text)
            events = [_gemini_response(answer, text=p, last=False) for p in pieces] + [_gemini_response(answer, text=None, last=True)]
            with ai.lock:
                ai.sent[scenario] = events
            self._start("text/event-stream" if sse else "application/json; charset=UTF-8")
            for i, event in enumerate(events):
                if sse:
                    self._chunk(f"data: {json.dumps(event)}\r\n\r\n".encode())
                else:  # the array Gemini streams: its elements pretty-printed, comma-separated
                    head = "[" if i == 0 else "\n,\r\n"
                    self._chunk((head + json.dumps(event, indent=2)).encode())
            if not sse:
                self._chunk(b"\n]")
            self.wfile.write(b"0\r\n\r\n")

        # -- framing -------------------------------------------------------------------------------

        def _json(self, doc: dict[str, Any]) -> None:
            data = json.dumps(doc).encode()
            gzipped = "gzip" in (self.headers.get("Accept-Encoding") or "")
            if gzipped:
                data = gzip.compress(data)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            if gzipped:
                self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _start(self, content_type: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()

        def _sse(self, scenario: str, events: list[tuple[str | None, Any]]) -> None:
            with ai.lock:
                ai.sent[scenario] = [e for _, e in events]
            self._start("text/event-stream")
            for name, event in events:
                head = f"event: {name}\n" if name else ""
                data = event if isinstance(event, str) else json.dumps(event)
                self._chunk(f"{head}data: {data}\n\n".encode())
            self.wfile.write(b"0\r\n\r\n")

        def _chunk(self, data: bytes) -> None:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        def log_message(self, *args: object) -> None:
            pass

    return Handler


def _gemini_response(answer: _Answer, *, text: str | None, last: bool) -> dict[str, Any]:
    """One GenerateContentResponse: `text` (None: none), and when `last` the call and the finish."""
    parts: list[dict[str, Any]] = [] if text is None else [{"text": text}]
    if last and answer.args is not None:
        parts.append({"functionCall": {"name": "save_contact", "args": json.loads(answer.args)}})
    elif not parts:
        parts.append({"text": ""})
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    out: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.0-flash"}
    if last:
        candidate["finishReason"] = "STOP"
        out["usageMetadata"] = {"promptTokenCount": 10, "candidatesTokenCount": 20, "totalTokenCount": 30}
    return out
