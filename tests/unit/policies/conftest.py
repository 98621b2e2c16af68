"""Shared fixtures: the policy fixtures folder, a store in a temp dir, a local HTTP server."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from guardian.policies import FetchLimits
from guardian.policies.service import PolicyStore

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "policy"

Route = Callable[[BaseHTTPRequestHandler], None]


def send(handler: BaseHTTPRequestHandler, body: bytes, ctype: str = "text/html; charset=utf-8", status: int = 200, headers: dict[str, str] | None = None) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", ctype)
    handler.send_header("Content-Length", str(len(body)))
    for k, v in (headers or {}).items():
        handler.send_header(k, v)
    handler.end_headers()
    handler.wfile.write(body)


class _Server:
    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.hits: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                outer.hits.append(self.path)
                route = outer.routes.get(self.path)
                try:
                    if route is None:
                        send(self, b"not found", "text/plain", 404)
                    else:
                        route(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return self.base + path


@pytest.fixture
def server() -> Iterator[_Server]:
    srv = _Server()
    yield srv
    srv.httpd.shutdown()
    srv.httpd.server_close()


@pytest.fixture
def store(tmp_path: Path) -> PolicyStore:
    return PolicyStore(tmp_path / "policies.sqlite3", limits=FetchLimits(timeout_s=2, total_s=4, max_bytes=1024 * 1024))


def wait_until(check: Callable[[], bool], timeout: float = 15.0) -> bool:
    """Poll a condition (the background fetcher runs in its own thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return check()
