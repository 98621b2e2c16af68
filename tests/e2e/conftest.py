"""Real processes for end-to-end tests: a recording upstream server and mitmdump with the addon.

mitmdump runs in upstream mode in front of the recording server, so clients can send requests
for any host name (tracker.test, shop.test ...) through the proxy and they all land, in
absolute form, at the local server on 127.0.0.1, which records exactly what reached it.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from guardian.addon.offload import wants_process
from guardian.llm.server import free_port
from guardian.report.summary import load_records

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


AUDIT_WAIT_S = 5.0  # the proxy's audit writer flushes at least every second (guardian.audit)


def wait_for_records(
    path: Path, done: Callable[[list[dict[str, object]]], bool], timeout: float = AUDIT_WAIT_S
) -> list[dict[str, object]]:
    """The audit log's records once `done(records)` holds, or as they are after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        records = list(load_records(path)) if path.exists() else []
        if done(records) or time.monotonic() >= deadline:
            return records
        time.sleep(0.05)


@dataclass
class Proxy:
    port: int
    log_path: Path
    audit_path: Path
    process: subprocess.Popen[bytes]
    records_before_send: int = 0  # audit records there were when the last request was sent

    def send(
        self, method: str, url: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """Send one request through the proxy, exactly as given, and return status, headers, body."""
        self.records_before_send = len(wait_for_records(self.audit_path, lambda r: True, 0))
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, url, body=body or None, headers=headers or {})
            resp = conn.getresponse()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
        finally:
            conn.close()

    def audit(self) -> list[dict[str, object]]:
        """The records, once the one of the last request sent has been flushed (bounded wait)."""
        return wait_for_records(self.audit_path, lambda r: len(r) > self.records_before_send)

    def wait_audit(self, done: Callable[[list[dict[str, object]]], bool]) -> list[dict[str, object]]:
        """The records once `done(records)` holds (bounded wait): for messages not sent by `send`."""
        return wait_for_records(self.audit_path, done)


DECISION_PROCESS_READY = rb"decision process \d+ ready"

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

    def start(name: str, *sets: str, scripts: tuple[Path, ...] = (), raw_args: tuple[str, ...] = ()) -> Proxy:
        workdir = tmp_path_factory.mktemp(name)
        port = free_port()
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
        ]
        # An option --set twice makes mitmdump skip the script without a word: a test's own value
        # replaces the default instead of following it.
        # never the user's state dir; no decision process unless a test asks for one: the proxies
        # live until the session ends, and a child each doubled the suite's memory
        settings = {"guardian_policy_db": str(workdir / "policy.db"), "guardian_decision_process": "off"}
        settings.update(s.split("=", 1) for s in sets)  # type: ignore[misc]
        for extra in scripts:
            cmd += ["-s", str(extra)]
        for key, value in settings.items():
            cmd += ["--set", f"{key}={value}"]
        cmd += list(raw_args)
        fh = open(log_path, "wb")  # noqa: SIM115 - closed when the process ends
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=workdir, env=env)
        proxy = Proxy(port, log_path, audit_path, proc)
        started.append(proxy)
        WRITTEN_FILES.extend([log_path, audit_path])
        # With the decision process (the default on 2+ CPUs), tests start once it decides, so they
        # exercise the default set-up, not the proxy's own decisions while the child starts.
        wanted = str(settings.get("guardian_decision_process", "auto"))
        started_marker = DECISION_PROCESS_READY if wants_process(wanted) else b"listening at"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"mitmdump exited early:\n{log_path.read_text(errors='replace')}")
            log_bytes = log_path.read_bytes()
            if b"listening at" in log_bytes and re.search(started_marker, log_bytes):
                return proxy
            time.sleep(0.1)
        raise RuntimeError(f"mitmdump did not start in 120s:\n{log_path.read_text(errors='replace')}")

    yield start
    for p in started:
        p.process.terminate()
        try:
            p.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.process.kill()


# --- a test CA and one server certificate for the test hosts (HTTPS e2e and the browser test) ---


def make_test_pki(folder: Path, hosts: Sequence[str], *, ip_sans: Sequence[str] = (), name: str = "GuardianAgent e2e test CA",
                  ) -> tuple[Path, Path, Path]:
    """(ca.pem, server.pem, server-key.pem) in `folder`: a CA and a leaf for `hosts` signed by it."""
    import datetime as dt
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = dt.datetime.now(dt.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    ca = (
        x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    sans: list[x509.GeneralName] = [x509.DNSName(h) for h in hosts]
    sans += [x509.IPAddress(ipaddress.ip_address(ip)) for ip in ip_sans]
    leaf = (
        x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0])]))
        .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.SubjectAlternativeName(sans), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    ca_pem, cert_pem, key_pem = folder / "ca.pem", folder / "server.pem", folder / "server-key.pem"
    ca_pem.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    cert_pem.write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    key_pem.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return ca_pem, cert_pem, key_pem


@pytest.fixture(scope="session")
def pki_maker() -> Callable[..., tuple[Path, Path, Path]]:
    """`make_test_pki`, for the test modules (under --import-mode=importlib they cannot import conftest)."""
    return make_test_pki
