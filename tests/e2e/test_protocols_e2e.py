"""End to end over HTTPS (HTTP/1.1 and HTTP/2), WebSocket, server-sent events and large uploads.

A real mitmdump with the addon runs in upstream mode in front of a local server on 127.0.0.1
that acts as the upstream proxy: it accepts CONNECT for any host name, then terminates TLS
itself with a certificate from a CA made in this test (mitmdump trusts that CA through
`ssl_verify_upstream_trusted_ca`) and serves HTTP/1.1, HTTP/2, WebSocket and SSE, recording
what reached it. The client trusts mitmproxy's CA from mitmdump's confdir, as a browser would.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from guardian.llm.server import free_port
from guardian.report.summary import load_records

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
MITMDUMP = Path(sys.executable).with_name("mitmdump")
HOSTS = ["shop.test", "metrics.test", "ads.test", "blocked.test", "chat.test", "localhost"]

EMAIL = "wendy.proto@example.org"
PHONE = "+1 415 555 0142"
CARD = "4111 1111 1111 1111"
BEACON = {
    "Origin": "https://shop.test",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Dest": "empty",
}


# --- the upstream: CONNECT, TLS, HTTP/1.1, HTTP/2, WebSocket, SSE ----------------------------


@dataclass
class Seen:
    protocol: str  # http/1.1, h2, websocket
    method: str
    host: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Origin:
    port: int = 0
    seen: list[Seen] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    sse_release: threading.Event = field(default_factory=threading.Event)

    def add(self, item: Seen) -> None:
        with self.lock:
            self.seen.append(item)

    def take(self) -> list[Seen]:
        with self.lock:
            out, self.seen[:] = list(self.seen), []
        return out


def _read_chunked(rfile: Any) -> bytes:
    out = bytearray()
    while True:
        size = int(rfile.readline().split(b";")[0].strip() or b"0", 16)
        if size == 0:
            while rfile.readline() not in (b"\r\n", b"\n", b""):
                pass
            return bytes(out)
        out += rfile.read(size)
        rfile.readline()


def _h1_handler(origin: Origin, host: str) -> type[BaseHTTPRequestHandler]:
    class H1(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:  # noqa: N802
            if self.headers.get("Upgrade", "").lower() == "websocket":
                return self._websocket()
            if self.path.endswith("/sse"):
                return self._sse()
            self._record(b"")

        def do_POST(self) -> None:  # noqa: N802
            if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                body = _read_chunked(self.rfile)
            else:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self._record(body)

        def _record(self, body: bytes) -> None:
            origin.add(Seen("http/1.1", self.command, host, self.path, dict(self.headers.items()), body))
            reply = json.dumps({"ok": True, "bytes": len(body)}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def _sse(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"data: first\n\n")
            self.wfile.flush()
            origin.sse_release.wait(30)  # the second event only after the client saw the first
            self.wfile.write(b"data: second\n\n")
            self.wfile.flush()
            self.close_connection = True

        def _websocket(self) -> None:
            from wsproto import ConnectionType, WSConnection
            from wsproto.events import AcceptConnection, CloseConnection, Message, Request, TextMessage

            ws = WSConnection(ConnectionType.SERVER)
            head = f"GET {self.path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in self.headers.items()) + "\r\n"
            ws.receive_data(head.encode())
            headers = dict(self.headers.items())
            for event in ws.events():
                if isinstance(event, Request):
                    self.wfile.write(ws.send(AcceptConnection()))
                    self.wfile.flush()
            self.close_connection = True
            while True:
                data = self.rfile.read1(65536)
                ws.receive_data(data or None)
                for event in ws.events():
                    if isinstance(event, Message):
                        content = event.data.encode() if isinstance(event, TextMessage) else bytes(event.data)
                        origin.add(Seen("websocket", "MESSAGE", host, self.path, headers, content))
                        self.wfile.write(ws.send(TextMessage(data=f"echo {len(content)}")))
                        self.wfile.flush()
                    elif isinstance(event, CloseConnection):
                        try:
                            self.wfile.write(ws.send(event.response()))
                        except Exception:  # noqa: BLE001 - already closing
                            pass
                        return
                if not data:
                    return

        def log_message(self, *args: object) -> None:
            pass

    return H1


def _serve_h2(origin: Origin, sock: ssl.SSLSocket, host: str) -> None:
    import h2.config
    import h2.connection
    import h2.events

    conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
    conn.initiate_connection()
    sock.sendall(conn.data_to_send())
    streams: dict[int, tuple[dict[str, str], bytearray]] = {}
    while True:
        data = sock.recv(65536)
        if not data:
            return
        for event in conn.receive_data(data):
            if isinstance(event, h2.events.RequestReceived):
                streams[event.stream_id] = (dict(event.headers), bytearray())
            elif isinstance(event, h2.events.DataReceived):
                streams[event.stream_id][1].extend(event.data)
                conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                headers, body = streams.pop(event.stream_id)
                origin.add(Seen("h2", headers[":method"], host, headers[":path"], headers, bytes(body)))
                reply = json.dumps({"ok": True, "bytes": len(body)}).encode()
                conn.send_headers(event.stream_id, [(":status", "200"), ("content-type", "application/json"),
                                                    ("content-length", str(len(reply)))])
                conn.send_data(event.stream_id, reply, end_stream=True)
            elif isinstance(event, h2.events.ConnectionTerminated):
                return
        sock.sendall(conn.data_to_send())


def _serve_connection(origin: Origin, sock: socket.socket, tls: ssl.SSLContext) -> None:
    try:
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(1)
            if not chunk:
                return
            head += chunk
        line = head.split(b"\r\n", 1)[0].decode()
        if not line.startswith("CONNECT "):  # plain HTTP is not used by these tests
            sock.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            return
        host = line.split()[1].rsplit(":", 1)[0]
        sock.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        tsock = tls.wrap_socket(sock, server_side=True)
        if tsock.selected_alpn_protocol() == "h2":
            _serve_h2(origin, tsock, host)
        else:
            _h1_handler(origin, host)(tsock, ("127.0.0.1", 0), None)  # type: ignore[arg-type]
    except (OSError, ssl.SSLError):
        pass
    finally:
        try:
            sock.close()
        except OSError:
            pass


@dataclass
class Proxy:
    port: int
    confdir: Path
    audit_path: Path
    log_path: Path
    process: subprocess.Popen[bytes]

    def audit(self) -> list[dict[str, Any]]:
        return list(load_records(self.audit_path)) if self.audit_path.exists() else []

    def wait_audit(self, done: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
        """The records once `done(records)` holds (bounded): the audit writer flushes every second."""
        deadline = time.monotonic() + 5.0
        while not done(records := self.audit()) and time.monotonic() < deadline:
            time.sleep(0.05)
        return records

    def client_context(self, alpn: list[str]) -> ssl.SSLContext:
        ctx = ssl.create_default_context(cafile=str(self.confdir / "mitmproxy-ca-cert.pem"))
        ctx.set_alpn_protocols(alpn)
        return ctx

    def tunnel(self, host: str, alpn: list[str]) -> ssl.SSLSocket:
        """A TLS connection to `host` through the proxy, verified against mitmproxy's CA."""
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        raw.sendall(f"CONNECT {host}:443 HTTP/1.1\r\nHost: {host}:443\r\n\r\n".encode())
        resp = b""
        while b"\r\n\r\n" not in resp:
            chunk = raw.recv(1)
            assert chunk, "proxy closed the CONNECT"
            resp += chunk
        assert resp.startswith(b"HTTP/1.1 200"), resp
        return self.client_context(alpn).wrap_socket(raw, server_hostname=host)

    def https(self, method: str, host: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
              ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPSConnection("127.0.0.1", self.port, timeout=30, context=self.client_context(["http/1.1"]))
        conn.set_tunnel(host, 443)
        try:
            conn.request(method, path, body=body or None, headers=headers or {})
            resp = conn.getresponse()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
        finally:
            conn.close()


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory, pki_maker: Callable[..., tuple[Path, Path, Path]]) -> tuple[Path, Path, Path]:
    return pki_maker(tmp_path_factory.mktemp("pki"), HOSTS)


@pytest.fixture(scope="module")
def origin(pki: tuple[Path, Path, Path]) -> Iterator[Origin]:
    _, cert, key = pki
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    tls.set_alpn_protocols(["h2", "http/1.1"])
    org = Origin()
    listener = socket.create_server(("127.0.0.1", 0))
    org.port = listener.getsockname()[1]
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                sock, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=_serve_connection, args=(org, sock, tls), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    yield org
    stop.set()
    org.sse_release.set()
    listener.close()


@pytest.fixture(scope="module")
def proxy(
    origin: Origin, pki: tuple[Path, Path, Path], tmp_path_factory: pytest.TempPathFactory, written_files: list[Path]
) -> Iterator[Proxy]:
    if not MITMDUMP.exists():
        pytest.skip("mitmdump is not installed in this environment")
    ca, _, _ = pki
    work = tmp_path_factory.mktemp("protocols")
    confdir = work / "conf"
    port = free_port()
    log_path, audit_path = work / "mitmdump.log", work / "audit.jsonl"
    cmd = [
        str(MITMDUMP), "--listen-host", "127.0.0.1", "--listen-port", str(port),
        "--mode", f"upstream:http://127.0.0.1:{origin.port}",
        "--set", f"confdir={confdir}",
        "--set", f"ssl_verify_upstream_trusted_ca={ca}",
        "--set", "termlog_verbosity=debug",
        "--set", "flow_detail=0",
        "-s", str(ROOT / "guardian_addon.py"),
        "--set", f"guardian_rules={ROOT / 'tests' / 'e2e' / 'rules.yaml'}",
        "--set", f"guardian_audit={audit_path}",
        "--set", "guardian_stream_threshold=20000",
    ]
    fh = open(log_path, "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=work, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    written_files.extend([log_path, audit_path])
    deadline = time.monotonic() + 90
    while b"listening at" not in log_path.read_bytes():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"mitmdump did not start:\n{log_path.read_text(errors='replace')}")
        time.sleep(0.1)
    yield Proxy(port, confdir, audit_path, log_path, proc)
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    fh.close()


def _last(proxy: Proxy, **match: Any) -> dict[str, Any]:
    def matching(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [r for r in records if all(r.get(k) == v for k, v in match.items())]

    records = matching(proxy.wait_audit(lambda rs: bool(matching(rs))))
    assert records, f"no audit record matching {match}"
    return records[-1]


# --- HTTPS, HTTP/1.1 --------------------------------------------------------------------------


def test_https_http1_rewrite(proxy: Proxy, origin: Origin) -> None:
    origin.take()
    body = json.dumps({"event": "signup", "user": {"email": EMAIL, "plan": "pro"}}).encode()
    status, _, _ = proxy.https("POST", "metrics.test", "/collect", body,
                               {**BEACON, "Content-Type": "text/plain;charset=UTF-8"})
    assert status == 200
    (got,) = origin.take()
    assert got.protocol == "http/1.1" and got.host == "metrics.test"
    assert EMAIL not in got.body.decode() and json.loads(got.body)["user"]["plan"] == "pro"
    assert got.headers["Content-Length"] == str(len(got.body))
    assert _last(proxy, host="metrics.test")["decision"] == "transform"


def test_https_http1_deny(proxy: Proxy, origin: Origin) -> None:
    origin.take()
    body = json.dumps({"em": EMAIL, "ph": PHONE, "cc": CARD}).encode()
    status, headers, resp = proxy.https("POST", "ads.test", "/pixel", body, {**BEACON, "Content-Type": "application/json"})
    assert status == 403 and headers["x-guardian-decision"] == "deny"
    assert json.loads(resp)["recipient"] == "advertising"
    assert origin.take() == []


# --- HTTPS, HTTP/2 ----------------------------------------------------------------------------


def _h2_request(sock: ssl.SSLSocket, host: str, method: str, path: str, body: bytes,
                headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    import h2.config
    import h2.connection
    import h2.events

    conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
    conn.initiate_connection()
    stream = conn.get_next_available_stream_id()
    conn.send_headers(stream, [(":method", method), (":scheme", "https"), (":authority", host), (":path", path),
                               ("content-length", str(len(body))), *((k.lower(), v) for k, v in headers.items())])
    conn.send_data(stream, body, end_stream=True)
    sock.sendall(conn.data_to_send())
    status, resp_headers, data = 0, {}, bytearray()
    while True:
        chunk = sock.recv(65536)
        assert chunk, "connection closed before the response ended"
        for event in conn.receive_data(chunk):
            if isinstance(event, h2.events.ResponseReceived):
                resp_headers = dict(event.headers)
                status = int(resp_headers[":status"])
            elif isinstance(event, h2.events.DataReceived):
                data.extend(event.data)
                conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, (h2.events.StreamEnded, h2.events.StreamReset)):
                sock.sendall(conn.data_to_send())
                return status, resp_headers, bytes(data)
        sock.sendall(conn.data_to_send())


@pytest.mark.parametrize("host,path,decision", [("metrics.test", "/collect", "transform"), ("ads.test", "/pixel", "deny")])
def test_https_http2(proxy: Proxy, origin: Origin, host: str, path: str, decision: str) -> None:
    origin.take()
    sock = proxy.tunnel(host, ["h2"])
    try:
        assert sock.selected_alpn_protocol() == "h2"
        fields = {"user": {"email": EMAIL}} if decision == "transform" else {"em": EMAIL, "ph": PHONE, "cc": CARD}
        status, headers, resp = _h2_request(sock, host, "POST", path, json.dumps(fields).encode(),
                                            {**BEACON, "Content-Type": "application/json"})
    finally:
        sock.close()
    record = _last(proxy, host=host)
    assert record["decision"] == decision
    got = origin.take()
    if decision == "deny":
        assert status == 403 and headers["x-guardian-decision"] == "deny" and got == []
    else:
        assert status == 200
        (seen,) = got
        assert EMAIL not in seen.body.decode() and "email" in json.loads(seen.body)["user"]


# --- WebSocket ----------------------------------------------------------------------------------

# What Chromium sends on a cross-site WebSocket handshake.
WS_HEADERS = [(b"origin", b"https://shop.test"), (b"sec-fetch-site", b"cross-site"),
              (b"sec-fetch-mode", b"websocket"), (b"sec-fetch-dest", b"websocket")]


def test_websocket_messages_are_rewritten_or_dropped(proxy: Proxy, origin: Origin) -> None:
    from wsproto import ConnectionType, WSConnection
    from wsproto.events import AcceptConnection, CloseConnection, Request, TextMessage

    def exchange(host: str, messages: list[str]) -> list[str]:
        sock = proxy.tunnel(host, ["http/1.1"])
        ws = WSConnection(ConnectionType.CLIENT)
        sock.sendall(ws.send(Request(host=host, target="/chat",
                                     extra_headers=WS_HEADERS)))
        replies: list[str] = []
        accepted = False
        while not accepted:
            ws.receive_data(sock.recv(65536))
            accepted = any(isinstance(e, AcceptConnection) for e in ws.events())
        for text in messages:
            sock.sendall(ws.send(TextMessage(data=text)))
        sock.sendall(ws.send(TextMessage(data="bye")))  # a clean message to know the others were handled
        sock.settimeout(30)
        while not replies or not replies[-1] == "echo 3":
            data = sock.recv(65536)
            assert data, "connection closed early"
            ws.receive_data(data)
            replies += [e.data for e in ws.events() if isinstance(e, TextMessage)]
        sock.sendall(ws.send(CloseConnection(code=1000)))
        sock.close()
        return replies

    origin.take()
    rewritten = json.dumps({"type": "msg", "email": EMAIL, "phone": PHONE})
    exchange("metrics.test", [rewritten])
    seen = [s for s in origin.take() if s.protocol == "websocket"]
    assert len(seen) == 2 and json.loads(seen[0].body)["type"] == "msg"  # still JSON, rewritten in place
    assert EMAIL.encode() not in seen[0].body and PHONE.encode() not in seen[0].body
    assert seen[1].body == b"bye"

    exchange("ads.test", [json.dumps({"em": EMAIL, "ph": PHONE, "cc": CARD})])
    seen = [s for s in origin.take() if s.protocol == "websocket"]
    assert [s.body for s in seen] == [b"bye"]  # the message with the data never arrived

    def ws_decisions(records: list[dict[str, Any]]) -> set[tuple[Any, Any]]:
        return {(r["host"], r["decision"]) for r in records if r.get("protocol") == "websocket"}

    decisions = ws_decisions(proxy.wait_audit(lambda rs: {("metrics.test", "transform"), ("ads.test", "deny")} <= ws_decisions(rs)))
    assert ("metrics.test", "transform") in decisions and ("ads.test", "deny") in decisions


# --- server-sent events -------------------------------------------------------------------------


def test_server_sent_events_are_not_buffered(proxy: Proxy, origin: Origin) -> None:
    origin.sse_release.clear()
    sock = proxy.tunnel("shop.test", ["http/1.1"])
    try:
        sock.sendall(b"GET /events/sse HTTP/1.1\r\nHost: shop.test\r\nAccept: text/event-stream\r\n\r\n")
        sock.settimeout(30)  # a buffering proxy would hold the first event until the server ends
        seen = b""
        while b"data: first" not in seen:
            chunk = sock.recv(65536)
            assert chunk, "closed before the first event"
            seen += chunk
        assert b"data: second" not in seen
        origin.sse_release.set()
        while b"data: second" not in seen:
            chunk = sock.recv(65536)
            if not chunk:
                break
            seen += chunk
        assert b"data: second" in seen
    finally:
        origin.sse_release.set()
        sock.close()


# --- large uploads ------------------------------------------------------------------------------


def test_large_upload_is_streamed_uninspected(proxy: Proxy, origin: Origin) -> None:
    origin.take()
    body = (b"x" * 30000) + EMAIL.encode()  # above guardian_stream_threshold=20000
    status, _, resp = proxy.https("POST", "shop.test", "/upload", body, {"Content-Type": "application/octet-stream"})
    assert status == 200 and json.loads(resp)["bytes"] == len(body)
    (got,) = origin.take()
    assert got.body == body
    record = _last(proxy, host="shop.test", path="/upload")
    assert record["decision"] == "allow"
    assert record["stream"]["action"] == "streamed" and record["stream"]["body_inspected"] is False


def test_large_upload_to_a_blocked_host_is_refused(proxy: Proxy, origin: Origin) -> None:
    origin.take()
    body = b"y" * 30000
    status, headers, resp = proxy.https("POST", "blocked.test", "/upload", body, {"Content-Type": "application/octet-stream"})
    assert status == 403 and "test block rule" in headers["x-guardian-reason"]
    assert origin.take() == []
    assert _last(proxy, host="blocked.test")["stream"]["action"] == "blocked"


def test_large_chunked_upload_to_a_blocked_host_is_cut_off(proxy: Proxy, origin: Origin) -> None:
    origin.take()
    sock = proxy.tunnel("blocked.test", ["http/1.1"])
    try:
        sock.sendall(b"POST /stream HTTP/1.1\r\nHost: blocked.test\r\nTransfer-Encoding: chunked\r\n\r\n")
        sock.settimeout(30)
        try:
            sock.sendall(b"5\r\nhello\r\n")
            answer = sock.recv(65536)
        except (ConnectionError, ssl.SSLError):
            answer = b""
        assert not answer.startswith(b"HTTP/1.1 200")
    finally:
        sock.close()
    assert origin.take() == []
    assert _last(proxy, host="blocked.test", path="/stream")["stream"]["action"] == "killed"
