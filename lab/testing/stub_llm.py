"""A small OpenAI-compatible HTTP server with scripted answers, for tests and offline trials.

    with StubLLM([Reply('{"guesses": []}'), Reply("garbage"), Reply(delay=5)]) as stub:
        settings = LLMSettings(base_url=stub.base_url)

It listens on 127.0.0.1 only. Each chat completion takes the next scripted `Reply` (the last
one repeats), or asks `responder(request_json)` for one; every request body is kept in
`requests`. `owned_by` is what `GET /v1/models` reports ("me" mimics llama-cpp-python).
A request with `"stream": true` gets server-sent events, one chunk per `Reply.chunks` piece of
the content, `chunk_delay` seconds apart; a client that hangs up mid-way stops the stream (as
llama-cpp-python does) and is counted in `abandoned`.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["Reply", "StubLLM"]


@dataclass(frozen=True)
class Reply:
    """One scripted answer: the message content, or an HTTP error status, after `delay` seconds."""

    content: str = "{}"
    status: int = 200
    delay: float = 0.0
    chunks: int = 4  # pieces of a streamed answer
    chunk_delay: float = 0.0  # seconds before each piece (a slow generation)


class StubLLM:
    """A threaded stub server on 127.0.0.1 with an ephemeral port."""

    def __init__(
        self,
        script: Sequence[Reply] | None = None,
        *,
        responder: Callable[[dict[str, Any]], Reply] | None = None,
        owned_by: str = "me",
        reject_formats: Sequence[str] = (),
    ) -> None:
        self.script = list(script or [Reply()])
        self.responder = responder
        self.owned_by = owned_by
        self.reject_formats = set(reject_formats)  # response_format types answered with HTTP 400
        self.requests: list[dict[str, Any]] = []
        self.abandoned = 0  # streams the client hung up on before the end
        self._lock = threading.Lock()
        self._served = 0
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self) -> None:  # noqa: N802
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [{"id": "stub", "object": "model", "owned_by": stub.owned_by}]})
                else:
                    self._send(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                reply = stub._next(body)
                if reply.delay:
                    time.sleep(reply.delay)
                fmt = (body.get("response_format") or {}).get("type")
                if fmt in stub.reject_formats:
                    self._send(400, {"error": {"message": f"response_format {fmt} not supported"}})
                    return
                if reply.status != 200:
                    self._send(reply.status, {"error": {"message": "scripted error"}})
                    return
                if body.get("stream"):
                    self._stream(body, reply)
                    return
                self._send(
                    200,
                    {
                        "id": "chatcmpl-stub",
                        "object": "chat.completion",
                        "created": int(time.time()),
                        "model": body.get("model", "stub"),
                        "choices": [
                            {"index": 0, "message": {"role": "assistant", "content": reply.content}, "finish_reason": "stop"}
                        ],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    },
                )

            def _stream(self, body: dict[str, Any], reply: Reply) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                text, n = reply.content, max(1, reply.chunks)
                step = max(1, -(-len(text) // n))
                pieces = [text[i : i + step] for i in range(0, len(text), step)] or [""]
                base = {"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": int(time.time()),
                        "model": body.get("model", "stub")}
                try:
                    for i, piece in enumerate(pieces):
                        if reply.chunk_delay:
                            time.sleep(reply.chunk_delay)
                        delta = {"role": "assistant", "content": piece} if i == 0 else {"content": piece}
                        event = {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}
                        self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                        self.wfile.flush()
                    done = {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                    self.wfile.write(f"data: {json.dumps(done)}\n\ndata: [DONE]\n\n".encode())
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    with stub._lock:
                        stub.abandoned += 1

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="stub-llm", daemon=True)

    def _next(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            self.requests.append(body)
            if self.responder is not None:
                return self.responder(body)
            reply = self.script[min(self._served, len(self.script) - 1)]
            self._served += 1
            return reply

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> StubLLM:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> StubLLM:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
