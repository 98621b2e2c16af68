"""A real browser through the real proxy: Debian's Chromium, driven by Playwright, over HTTPS.

    Chromium --proxy-server--> mitmdump + GuardianAgent --TLS (test CA)--> HTTPS server on 127.0.0.1

- The pages are served by a local HTTPS server whose certificate comes from a test CA made
  here; mitmdump trusts it through `ssl_verify_upstream_trusted_ca`.
- The host names (shop.test, tracker.test, metrics.test, ads.test) never reach a resolver:
  Chromium hands them to the proxy, `--host-resolver-rules` makes sure nothing else resolves,
  and the mitmdump script `browser_hosts.py` sends the connections to the local server.
- Chromium trusts the mitmproxy CA by its key (`--ignore-certificate-errors-spki-list`: every
  certificate mitmproxy forges carries the CA's key), with a fresh `--user-data-dir`.

The test checks what the upstream receives (untouched, rewritten or nothing), what the page
sees, that the browser's own Sec-Fetch-*/Origin headers decide the basis and recipient in the
audit records, and that `guardian allow` lets a blocked site through without a restart.

Chromium comes from Debian's package: when /usr/bin/chromium is missing and we are root, the
session fixture installs it with apt-get (set GUARDIAN_NO_APT=1 to forbid that); when it
cannot be had, the test is skipped with the reason. Playwright never downloads a browser here.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from guardian.llm.server import free_port
from guardian.audit import FLUSH_INTERVAL_S
from guardian.report.summary import load_records

AUDIT_FLUSH_WAIT_S = FLUSH_INTERVAL_S + 0.5  # every record written is in the file after this

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
MITMDUMP = Path(sys.executable).with_name("mitmdump")
GUARDIAN = Path(sys.executable).with_name("guardian")
HOSTS = ("shop.test", "tracker.test", "metrics.test", "api.metrics.test", "ads.test")

# Planted values: the audit log and the proxy's log must never hold them.
EMAIL = "jane.browser@example.org"
COMMENT = "Loving the shop, call me on +1 415 555 0142"
SSN = "512-44-3021"
PLANTED = [EMAIL, "jane.browser", SSN, "555 0142"]

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

RULES = """\
# Rules for the browser test (a copy per run: `guardian allow` edits it).
version: 1
trusted: []
blocked: []
# shop.test and tracker.test have no entry: the browser's own headers decide who they are.
domains:
  metrics.test: {recipient: analytics, purposes: [analytics]}
  ads.test: {recipient: advertising, purposes: [advertising]}
"""

INDEX = """<!doctype html>
<html><head><meta charset="utf-8"><title>Shop</title></head><body>
<h1>Shop</h1>
<form id="signup" method="post" action="/signup">
  <input id="email" name="email"> <textarea id="comment" name="comment"></textarea>
  <button id="go" type="submit">Sign up</button>
</form>
<form id="apply" method="post" action="https://ads.test/apply">
  <input name="name" value="Jane"> <input id="ssn" name="ssn">
  <button id="apply-go" type="submit">Apply for credit</button>
</form>
<script>
function beacon(email) {
  return navigator.sendBeacon("https://tracker.test/collect", JSON.stringify({event: "signup", email: email}));
}
async function profile(url, ssn) {
  try {
    const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                body: JSON.stringify({name: "Jane", ssn: ssn})});
    return {status: r.status, decision: r.headers.get("X-Guardian-Decision"), body: await r.text()};
  } catch (e) {
    return {error: String(e)};
  }
}
</script>
</body></html>
"""


# --- Chromium and Playwright -------------------------------------------------------------------


def _install_chromium() -> str | None:
    """apt-get install Debian's chromium; the reason it could not be done, or None."""
    if os.environ.get("GUARDIAN_NO_APT"):
        return "GUARDIAN_NO_APT is set"
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "not root, so apt-get cannot install it (sudo apt-get install chromium)"
    if shutil.which("apt-get") is None:
        return "no apt-get on this machine"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]):
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"{' '.join(cmd)} failed: {e}"
        if done.returncode != 0:
            return f"{' '.join(cmd)} failed: {done.stderr.strip()[-300:]}"
    return None


@pytest.fixture(scope="session")
def chromium() -> str:
    """Path of a Chromium binary: $GUARDIAN_CHROMIUM, /usr/bin/chromium, else installed by apt-get."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install -e '.[test]')")
    path = os.environ.get("GUARDIAN_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        why = _install_chromium()
        path = shutil.which("chromium") or "/usr/bin/chromium"
        if why or not os.path.exists(path):
            pytest.skip(f"Chromium is not installed and could not be installed: {why or 'no chromium after apt-get'}")
    return path


# --- certificates ------------------------------------------------------------------------------


def _spki_hash(cert_pem: Path) -> str:
    """base64(SHA-256(SubjectPublicKeyInfo)), the form --ignore-certificate-errors-spki-list takes."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    cert = x509.load_pem_x509_certificate(cert_pem.read_bytes())
    spki = cert.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode("ascii")


# --- the sites -----------------------------------------------------------------------------------


@dataclass
class Hit:
    method: str
    host: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Sites:
    port: int
    hits: list[Hit] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def seen(self, method: str, host: str, path: str) -> list[Hit]:
        with self.lock:
            return [h for h in self.hits if (h.method, h.host, h.path) == (method, host, path)]


def _site_handler(sites: Sites) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _reply(self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)

        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            host = (self.headers.get("Host") or "").split(":")[0].lower()
            with sites.lock:
                sites.hits.append(Hit(self.command, host, self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            cors = {
                "Access-Control-Allow-Origin": self.headers.get("Origin") or "*",
                "Access-Control-Allow-Methods": "POST, GET, OPTIONS",
                "Access-Control-Allow-Headers": "Content-Type",
            }
            if self.command == "OPTIONS":
                self._reply(204, b"", "text/plain", cors)
            elif host == "shop.test" and self.path == "/":
                self._reply(200, INDEX.encode(), "text/html; charset=utf-8")
            elif self.headers.get("Sec-Fetch-Dest") == "document":
                self._reply(200, f"<!doctype html><title>ok</title><p id=ok>received by {host}</p>".encode(), "text/html")
            else:
                self._reply(200, b'{"ok":true}', "application/json", cors)

        do_GET = do_POST = do_OPTIONS = _handle

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory, pki_maker: Callable[..., tuple[Path, Path, Path]]) -> tuple[Path, Path, Path]:
    return pki_maker(tmp_path_factory.mktemp("browser-ca"), HOSTS, ip_sans=("127.0.0.1",), name="GuardianAgent browser-test CA")


@pytest.fixture(scope="module")
def sites(certs: tuple[Path, Path, Path]) -> Iterator[Sites]:
    _, cert_pem, key_pem = certs
    sites_obj = Sites(0)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _site_handler(sites_obj))
    sites_obj.port = server.server_address[1]
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert_pem, key_pem)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield sites_obj
    server.shutdown()


# --- the proxy -------------------------------------------------------------------------------------


@dataclass
class BrowserProxy:
    port: int
    confdir: Path
    rules: Path
    audit_path: Path
    log_path: Path

    def audit(self) -> list[dict[str, Any]]:
        return list(load_records(self.audit_path)) if self.audit_path.exists() else []

    def record(self, method: str, host: str, path: str) -> dict[str, Any] | None:
        """The last record of such a request; waits (bounded) for the audit writer's flush."""

        def hits(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [r for r in records if (r.get("method"), r.get("host"), r.get("path", "").split("?")[0]) == (method, host, path)]

        deadline = time.monotonic() + 5.0
        while not hits(self.audit()) and time.monotonic() < deadline:
            time.sleep(0.05)
        found = hits(self.audit())
        return found[-1] if found else None


@pytest.fixture(scope="module")
def proxy(
    sites: Sites, certs: tuple[Path, Path, Path], tmp_path_factory: pytest.TempPathFactory, written_files: list[Path]
) -> Iterator[BrowserProxy]:
    mitmdump = str(MITMDUMP if MITMDUMP.exists() else shutil.which("mitmdump") or "")
    if not mitmdump:
        pytest.skip("mitmdump is not installed in this environment")
    work = tmp_path_factory.mktemp("browser-proxy")
    rules = work / "rules.yaml"
    rules.write_text(RULES)
    bp = BrowserProxy(free_port(), work / "mitmconf", rules, work / "audit.jsonl", work / "mitmdump.log")
    cmd = [
        mitmdump,
        "--listen-host", "127.0.0.1",
        "--listen-port", str(bp.port),
        "--set", f"confdir={bp.confdir}",
        "--set", "flow_detail=0",
        # lazy: the request (and its host name) is read before the server connection that
        # browser_hosts.py re-addresses, so GuardianAgent decides on shop.test, not 127.0.0.1
        "--set", "connection_strategy=lazy",
        "--set", f"ssl_verify_upstream_trusted_ca={certs[0]}",
        "-s", str(ROOT / "guardian_addon.py"),
        "-s", str(ROOT / "tests" / "e2e" / "browser_hosts.py"),
        "--set", f"guardian_rules={rules}",
        "--set", f"guardian_audit={bp.audit_path}",
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "GUARDIAN_E2E_HTTPS": f"127.0.0.1:{sites.port}"}
    log = open(bp.log_path, "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=work, env=env)
    written_files.extend([bp.log_path, bp.audit_path])
    try:
        deadline = time.monotonic() + 60
        while b"listening at" not in bp.log_path.read_bytes():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"mitmdump did not start:\n{bp.log_path.read_text(errors='replace')}")
            time.sleep(0.1)
        yield bp
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module")
def page(chromium: str, proxy: BrowserProxy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    args = [
        *CHROMIUM_FLAGS,
        f"--proxy-server=http://127.0.0.1:{proxy.port}",
        "--proxy-bypass-list=<-loopback>",  # nothing bypasses the proxy
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # and nothing is resolved by the browser
        f"--ignore-certificate-errors-spki-list={_spki_hash(proxy.confdir / 'mitmproxy-ca-cert.pem')}",
    ]
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=chromium, headless=True, args=args, timeout=60_000
        )
        try:
            pg = context.new_page()
            pg.set_default_timeout(30_000)
            yield pg
        finally:
            context.close()


def _wait(what: str, check: Callable[[], Any], timeout: float = 20.0) -> Any:
    """Poll `check` until it returns something truthy; fail with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.1)


# --- the test ---------------------------------------------------------------------------------------


def test_a_real_browser_through_the_proxy(page: Any, proxy: BrowserProxy, sites: Sites) -> None:
    # 1. The page loads over HTTPS through the proxy: the mitmproxy CA is trusted.
    response = page.goto("https://shop.test/")
    assert response is not None and response.status == 200
    assert page.title() == "Shop"

    # 2. A form the user submits to the first party: allowed, byte for byte.
    page.fill("#email", EMAIL)
    page.fill("#comment", COMMENT)
    with page.expect_navigation():
        page.click("#go")
    assert "received by shop.test" in page.content()
    (signup,) = sites.seen("POST", "shop.test", "/signup")
    assert signup.body.decode() == "email=jane.browser%40example.org&comment=Loving+the+shop%2C+call+me+on+%2B1+415+555+0142"
    record = _wait("the signup record", lambda: proxy.record("POST", "shop.test", "/signup"))
    assert record["decision"] == "allow" and record["enforced"] is False
    assert record["recipient"] == "first_party" and record["basis"] == "user_initiated"
    assert "sec-fetch-user=?1" in record["context"]["basis_signals"]  # the browser's own click header
    assert record["context"]["first_party_site"] == "shop.test"

    # 3. A sendBeacon with the email to a third party: the email is rewritten in place.
    page.goto("https://shop.test/")
    assert page.evaluate("email => beacon(email)", EMAIL) is True
    (hit,) = _wait("the beacon upstream", lambda: sites.seen("POST", "tracker.test", "/collect"))
    assert hit.headers.get("origin") == "https://shop.test"
    beacon = json.loads(hit.body)  # still valid JSON, only the email changed (the level follows the risk)
    assert EMAIL not in hit.body.decode() and beacon["event"] == "signup" and beacon["email"] != EMAIL
    record = _wait("the beacon record", lambda: proxy.record("POST", "tracker.test", "/collect"))
    assert record["decision"] == "transform" and record["enforced"] is True and "Email" in record["categories"]
    # An unlisted host, but a JSON event posted to /collect is a collector by its documented shape.
    assert record["recipient"] == "analytics" and record["basis"] == "background"
    assert record["context"]["first_party_site"] == "shop.test"  # from the browser's Origin header
    assert "sec-fetch-mode=no-cors" in record["context"]["basis_signals"]

    # 4. A fetch of JSON with an SSN to the first party: allowed and untouched ...
    result = page.evaluate("ssn => profile('https://shop.test/api/profile', ssn)", SSN)
    assert result.get("status") == 200, result
    (hit,) = sites.seen("POST", "shop.test", "/api/profile")
    assert json.loads(hit.body) == {"name": "Jane", "ssn": SSN}
    record = proxy.record("POST", "shop.test", "/api/profile")
    assert record and record["decision"] == "allow" and record["recipient"] == "first_party"
    assert record["basis"] == "default" and "sec-fetch-site=same-origin" in record["context"]["basis_signals"]

    # ... and the same fetch to an analytics host: rewritten in place, not blocked (a block is the
    # last resort): the SSN never leaves, the JSON keeps its shape, the page gets its answer.
    result = page.evaluate("ssn => profile('https://api.metrics.test/profile', ssn)", SSN)
    assert result.get("status") == 200, result
    (hit,) = _wait("the rewritten fetch upstream", lambda: sites.seen("POST", "api.metrics.test", "/profile"))
    sent = json.loads(hit.body)
    assert SSN not in hit.body.decode() and set(sent) == {"name", "ssn"} and sent["ssn"] != SSN
    record = _wait("the rewritten fetch record", lambda: proxy.record("POST", "api.metrics.test", "/profile"))
    assert record["decision"] == "transform" and record["enforced"] is True and "SSN" in record["categories"]
    assert record["recipient"] == "analytics" and record["basis"] == "background"
    assert record["context"]["first_party_site"] == "shop.test"
    assert "sec-fetch-site=cross-site" in record["context"]["basis_signals"]

    # 5. A form that sends the SSN to an ad network: the user sees the block page, with the override.
    page.fill("#ssn", SSN)
    with page.expect_navigation():
        page.click("#apply-go")
    text = page.inner_text("body")
    assert "Blocked by GuardianAgent" in text and "guardian allow ads.test" in text
    assert sites.seen("POST", "ads.test", "/apply") == []
    record = proxy.record("POST", "ads.test", "/apply")
    assert record and record["decision"] == "deny" and record["recipient"] == "advertising"
    assert record["basis"] == "user_initiated" and record["context"]["first_party_site"] == "shop.test"

    # 6. `guardian allow ads.test` edits the rules file; the running proxy lets the next one through.
    done = subprocess.run(
        [str(GUARDIAN), "allow", "ads.test", "--rules", str(proxy.rules)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "# Rules for the browser test" in proxy.rules.read_text()  # comments kept

    def resubmit() -> bool:
        page.goto("https://shop.test/")
        page.fill("#ssn", SSN)
        with page.expect_navigation():
            page.click("#apply-go")
        return bool(sites.seen("POST", "ads.test", "/apply"))

    _wait("the allowed resubmission", resubmit, timeout=30)
    assert "received by ads.test" in page.content()
    record = _wait("the allow record", lambda: (r := proxy.record("POST", "ads.test", "/apply")) and r["decision"] == "allow" and r)
    assert record["rule"] == "trusted:ads.test"

    # 7. Nothing personal in the proxy's log or the audit log (after the audit writer's last flush).
    time.sleep(AUDIT_FLUSH_WAIT_S)
    for path in (proxy.audit_path, proxy.log_path):
        text = path.read_text(errors="replace")
        for secret in PLANTED:
            assert secret not in text, f"{secret!r} in {path.name}"
