"""The internet for end-to-end runs: a threaded HTTP server on 127.0.0.1 that records every request
it gets and answers it; an OpenAI chat completion is answered "You said: <the last message>", so a
client can check that what it sent came back restored.

    upstream = EchoUpstream(key_header="X-Bench-N")
    ... mitmdump --mode upstream:http://127.0.0.1:{upstream.port} ...
    upstream.take()          # [(path, body), ...] received since the last take
    upstream.keyed["17"]     # (path, body) of the request whose X-Bench-N was 17
    upstream.close()
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

__all__ = ["EchoUpstream"]


class EchoUpstream:
    """Records every request (path and body, and by `key_header`'s value when one is named)."""

    def __init__(self, key_header: str | None = None) -> None:
        self.received: list[tuple[str, bytes]] = []
        self.keyed: dict[str, tuple[str, bytes]] = {}
        self.key_header = key_header
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def take(self) -> list[tuple[str, bytes]]:
        """What arrived since the last call, in order."""
        with self.lock:
            out, self.received[:] = list(self.received), []
        return out

    def close(self) -> None:
        self.server.shutdown()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        up = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _answer(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with up.lock:
                    up.received.append((self.path, body))
                    key = self.headers.get(up.key_header) if up.key_header else None
                    if key is not None:
                        up.keyed[key] = (self.path, body)
                data, kind = b"ok", "text/plain"
                if self.path.endswith("/chat/completions"):
                    said = json.loads(body)["messages"][-1]["content"]
                    data = json.dumps({"id": "chatcmpl-1", "object": "chat.completion", "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": "You said: " + said},
                         "finish_reason": "stop"}]}).encode()
                    kind = "application/json"
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _answer  # noqa: N815 - http.server's names

            def log_message(self, *args: object) -> None:
                pass

        return Handler
