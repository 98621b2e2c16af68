"""The fake internet: one local HTTPS server that answers for every host name.

It serves the shop's pages and the SDK bundles, answers CORS preflights the way real collectors
do, answers each vendor's endpoints with the shapes its SDK parses (`responders.py`), and records
every request exactly as it arrived (method, target, headers, raw body bytes), in order. The
proxy's `recorder_last.py` tags each request with its mitmproxy flow id in `x-livebench-flow`;
the server takes that header off before recording, so the record is what the proxy sent.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .pki import TestCA

__all__ = ["Arrived", "FakeNet", "Reply", "FLOW_HEADER", "SERVER_HEADER", "SHOP_HOST"]

FLOW_HEADER = "x-livebench-flow"
SERVER_HEADER = "x-livebench-server"  # on every answer of this server: a 403 without it came from the proxy
SHOP_HOST = "shop.example"


@dataclass
class Arrived:
    """One request as it reached the fake internet."""

    seq: int
    t: float
    method: str
    host: str
    target: str
    headers: list[tuple[str, str]]
    body: bytes
    flow_id: str | None

    def as_json(self) -> dict[str, Any]:
        """JSON-ready form (the body as latin-1 text plus its length: lossless, greppable)."""
        return {"seq": self.seq, "t": self.t, "method": self.method, "host": self.host, "target": self.target,
                "headers": self.headers, "body_latin1": self.body.decode("latin-1"), "flow_id": self.flow_id}


@dataclass
class Reply:
    """What a responder answers: status, headers (CORS is added by the server) and body."""

    status: int = 200
    body: bytes = b"{}"
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)


Responder = Callable[[Arrived], Reply | None]


def _read_body(handler: BaseHTTPRequestHandler) -> bytes:
    """The request body: by Content-Length, or de-chunked (a proxy may forward either)."""
    if "chunked" in (handler.headers.get("Transfer-Encoding") or "").lower():
        out = bytearray()
        while True:
            size_line = handler.rfile.readline().strip().split(b";")[0]
            size = int(size_line or b"0", 16)
            if size == 0:
                while handler.rfile.readline().strip():
                    pass
                return bytes(out)
            out += handler.rfile.read(size)
            handler.rfile.readline()
    length = int(handler.headers.get("Content-Length") or 0)
    return handler.rfile.read(length) if length else b""


def _cors(handler: BaseHTTPRequestHandler) -> dict[str, str]:
    """CORS headers as a collector sends them: the origin echoed, credentials allowed."""
    origin = handler.headers.get("Origin")
    out = {"Access-Control-Allow-Origin": origin or "*", "Access-Control-Expose-Headers": "*", "Vary": "Origin"}
    if origin:
        out["Access-Control-Allow-Credentials"] = "true"
    if handler.command == "OPTIONS":
        out["Access-Control-Allow-Methods"] = handler.headers.get("Access-Control-Request-Method") or "GET, POST, PUT, OPTIONS"
        out["Access-Control-Allow-Headers"] = handler.headers.get("Access-Control-Request-Headers") or "*"
        out["Access-Control-Max-Age"] = "600"
        if handler.headers.get("Access-Control-Request-Private-Network"):
            out["Access-Control-Allow-Private-Network"] = "true"
    return out


class FakeNet:
    """The server, its records, and the responder chain (first answer wins; default `{}`)."""

    def __init__(self, ca: TestCA, responders: list[Responder]) -> None:
        self.ca = ca
        self.responders = responders
        self.arrived: list[Arrived] = []
        self.lock = threading.Lock()
        self.last_activity = time.monotonic()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    # --- records -----------------------------------------------------------------------------

    def mark(self) -> int:
        """How many requests have arrived so far (pass to `since`)."""
        with self.lock:
            return len(self.arrived)

    def since(self, mark: int) -> list[Arrived]:
        """The requests that arrived after `mark`."""
        with self.lock:
            return list(self.arrived[mark:])

    def _record(self, handler: BaseHTTPRequestHandler, body: bytes) -> Arrived:
        """Store one request (without the flow-id tag) and return it."""
        headers = [(k, v) for k, v in handler.headers.items() if k.lower() != FLOW_HEADER]
        host = (handler.headers.get("Host") or "").lower()
        host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
        with self.lock:
            hit = Arrived(len(self.arrived), time.time(), handler.command, host, handler.path, headers, body,
                          handler.headers.get(FLOW_HEADER))
            self.arrived.append(hit)
            self.last_activity = time.monotonic()
        return hit

    # --- answers -----------------------------------------------------------------------------

    def answer(self, hit: Arrived) -> Reply:
        """The first responder's reply, else 200 `{}` (what most collectors say to anything)."""
        for responder in self.responders:
            reply = responder(hit)
            if reply is not None:
                return reply
        return Reply()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        """The request handler class, bound to this server's records and responders."""
        net = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _handle(self) -> None:
                body = _read_body(self)
                hit = net._record(self, body)
                headers = _cors(self)
                if self.command == "OPTIONS":
                    reply = Reply(204, b"", "text/plain")
                else:
                    try:
                        reply = net.answer(hit)
                    except Exception as e:  # a responder bug must not hang the SDK: answer 500, say why
                        print(f"[fakenet] responder error on {hit.host}{hit.target[:80]}: {e!r}", file=sys.stderr)
                        reply = Reply(500, f"responder error: {e!r}".encode(), "text/plain")
                if reply.status == 101:  # a WebSocket a responder accepted: hold it open, send nothing
                    self._hold_websocket(reply)
                    return
                self.send_response(reply.status)
                for k, v in {**headers, **reply.headers}.items():
                    self.send_header(k, v)
                if reply.status != 204:
                    self.send_header("Content-Type", reply.content_type)
                self.send_header(SERVER_HEADER, "1")
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(reply.body)

            def _hold_websocket(self, reply: Reply) -> None:
                """Switch protocols (the responder's Sec-WebSocket-Accept), then read and drop the client's frames
                until it closes the connection (the page left or closed it)."""
                self.send_response(101)
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.send_header(SERVER_HEADER, "1")
                self.end_headers()
                self.wfile.flush()
                self.close_connection = True
                self.connection.settimeout(120)
                try:
                    while self.connection.recv(4096):
                        pass
                except OSError:
                    pass

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = do_REPORT = _handle

            def log_message(self, *args: object) -> None:
                pass

        return Handler

    @staticmethod
    def _quiet_errors(server: ThreadingHTTPServer) -> None:
        """A client that drops a connection (a page closed mid-request) is no error worth a traceback."""
        server.handle_error = lambda request, client_address: None  # type: ignore[method-assign]

    # --- life cycle --------------------------------------------------------------------------

    def start(self) -> int:
        """Listen on a free port of 127.0.0.1 (TLS, a leaf per SNI name); returns the port."""
        server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        server.daemon_threads = True
        self._quiet_errors(server)
        ctx = self.ca.server_context()
        # the handshake happens in the handler's thread, on its first read, not in accept()
        server.socket = ctx.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
        self.port = server.server_address[1]
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, name="fakenet", daemon=True)
        self._thread.start()
        return self.port

    def stop(self) -> None:
        """Stop serving (idempotent)."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
