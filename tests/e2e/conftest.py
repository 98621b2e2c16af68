"""Real processes for end-to-end tests: a recording upstream server and mitmdump with the addon.

mitmdump runs in upstream mode in front of the recording server, so clients can send requests
for any host name (tracker.test, shop.test ...) through the proxy and they all land, in
absolute form, at the local server on 127.0.0.1, which records exactly what reached it.
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MITMDUMP = Path(sys.executable).with_name("mitmdump")


@dataclass
class Received:
    method: str
    target: str  # absolute-form URL as the proxy sent it
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)


@dataclass
class Upstream:
    port: int
    received: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> list[Received]:
        with self.lock:
            out, self.received[:] = list(self.received), []
        return out


def _handler(upstream: Upstream) -> type[BaseHTTPRequestHandler]:
    class Recorder(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _record(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            with upstream.lock:
                upstream.received.append(Received(self.command, self.path, list(self.headers.items()), body))
            reply = b'{"ok":true}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _record

        def log_message(self, *args: object) -> None:  # keep test output quiet
            pass

    return Recorder


@pytest.fixture(scope="session")
def upstream() -> Iterator[Upstream]:
    up = Upstream(port=0)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(up))
    up.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield up
    server.shutdown()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Proxy:
    port: int
    log_path: Path
    audit_path: Path
    process: subprocess.Popen[bytes]

    def send(
        self, method: str, url: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """Send one request through the proxy, exactly as given, and return status, headers, body."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, url, body=body or None, headers=headers or {})
            resp = conn.getresponse()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
        finally:
            conn.close()

    def audit(self) -> list[dict[str, object]]:
        import json

        if not self.audit_path.exists():
            return []
        return [json.loads(line) for line in self.audit_path.read_text().splitlines() if line.strip()]


# Every file the e2e proxies wrote; the last test greps them for planted personal data.
WRITTEN_FILES: list[Path] = []


@pytest.fixture(scope="session")
def written_files() -> list[Path]:
    return WRITTEN_FILES


@pytest.fixture(scope="session")
def proxy_factory(upstream: Upstream, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    if not MITMDUMP.exists() and shutil.which("mitmdump") is None:
        pytest.skip("mitmdump is not installed in this environment")
    started: list[Proxy] = []
    confdir = tmp_path_factory.mktemp("mitmconf")

    def start(name: str, *sets: str, scripts: tuple[Path, ...] = ()) -> Proxy:
        workdir = tmp_path_factory.mktemp(name)
        port = _free_port()
        log_path = workdir / "mitmdump.log"
        audit_path = workdir / "audit.jsonl"
        cmd = [
            str(MITMDUMP if MITMDUMP.exists() else shutil.which("mitmdump")),
            "--listen-host", "127.0.0.1",
            "--listen-port", str(port),
            "--mode", f"upstream:http://127.0.0.1:{upstream.port}",
            "--set", f"confdir={confdir}",
            "--set", "termlog_verbosity=debug",
            "--set", "flow_detail=0",
            "-s", str(ROOT / "guardian_addon.py"),
            "--set", f"guardian_rules={ROOT / 'tests' / 'e2e' / 'rules.yaml'}",
            "--set", f"guardian_audit={audit_path}",
            "--set", f"guardian_policy_db={workdir / 'policy.db'}",  # never the user's state dir
        ]
        for extra in scripts:
            cmd += ["-s", str(extra)]
        for s in sets:
            cmd += ["--set", s]
        fh = open(log_path, "wb")  # noqa: SIM115 - closed when the process ends
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=workdir, env=env)
        proxy = Proxy(port, log_path, audit_path, proc)
        started.append(proxy)
        WRITTEN_FILES.extend([log_path, audit_path])
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"mitmdump exited early:\n{log_path.read_text(errors='replace')}")
            if b"listening at" in log_path.read_bytes():
                return proxy
            time.sleep(0.1)
        raise RuntimeError(f"mitmdump did not start in 60s:\n{log_path.read_text(errors='replace')}")

    yield start
    for p in started:
        p.process.terminate()
        try:
            p.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.process.kill()
