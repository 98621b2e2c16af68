"""Proxy benchmark: plain mitmdump versus mitmdump with the GuardianAgent addon, on loopback.

One run starts a small upstream HTTP server on 127.0.0.1, a plain `mitmdump` and a
`mitmdump -s guardian_addon.py`, both in upstream mode in front of that server, and drives
the chosen workloads (--workloads, default a,b,c) through each proxy with a pure-Python
keep-alive load generator:

  a  small JSON / form bodies without personal data to a first-party host (shop.test)
  b  beacons with an email and/or a phone to an analytics host (metrics.test): transform
  c  email+phone+card and a checkout's card to an ad network (ads.test), a blocked domain: 403
  d  overload (opt-in): 90% cheap first-party JSON, 10% prose that makes NER run, at 8x the
     concurrency, through an addon started with a short guardian_timeout (lab/bench/_overload.py)

It reports req/s, latency percentiles, the latency the addon adds, the addon's own per-stage
milliseconds from its audit log, and checks from that log (and from what reached the upstream)
that the flows were decided as the workload intends.

    .venv/bin/python lab/bench/proxy_bench.py [--requests N] [--concurrency C] [--workloads a,b,c,d] [--out FILE]

With --instances N (N > 1) each side is N mitmdumps behind its own HAProxy (Debian's, mode tcp):
"plain" is HAProxy + N plain mitmdumps, "addon" is HAProxy + N addon mitmdumps.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

from lab.bench import _overload  # workload d

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "lab" / "bench"
# The venv's mitmdump sits beside its python; sys.executable is not resolved so symlinks are fine.
MITMDUMP = Path(sys.executable).with_name("mitmdump")
LOOPBACK = "127.0.0.1"

# What Chrome sends for navigator.sendBeacon() from http://shop.test to another site.
BEACON_HEADERS = {
    "Origin": "http://shop.test",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Dest": "empty",
}
# Well-known test card numbers (Luhn-valid, never issued).
CARDS = ("4111 1111 1111 1111", "5555 5555 5555 4444", "4012 8888 8888 1881", "3782 822463 10005")
EMAIL_LOCAL = "jane.doe.bench"  # every planted email starts with this; the upstream looks for it
SETTLE_IDLE_SHARE = 0.05  # a proxy using under 5% of a CPU while no request comes is idle
SETTLE_WINDOW_S = 1.0
SETTLE_LIMIT_S = 90.0  # the most the run waits for the addon's background loads
VARIANTS = 200  # distinct bodies per workload, cycled, so no cache can make repeats free
AUDIT_FLUSH_S = 1.0  # guardian.audit.FLUSH_INTERVAL_S: a record reaches the file at most this late

WORKLOADS = {
    "a": "first-party JSON/form, no personal data (shop.test) -> allow",
    "b": "analytics beacons with email and/or phone (metrics.test) -> transform",
    "c": "email+phone+card and a checkout's card to ads.test, blocked.test by rule -> 403",
    "d": "overload: 90% cheap JSON, 10% prose for NER (shop.test), high concurrency, short guardian_timeout",
}
DEFAULT_WORKLOADS = "a,b,c"
PROXIES = ("plain", "addon")

# --instances N > 1: each side behind its own HAProxy.
HAPROXY_PATHS = ("haproxy", "/usr/sbin/haproxy")  # on PATH, else where Debian puts it (not on a user's PATH)
HAPROXY_MAXCONN = 4096  # far above any phase's connections (C, or 8 x C for d), so HAProxy never queues one
HAPROXY_TIMEOUT = "5m"  # client/server idle limit: above --request-timeout, as docs/deploy.md has it
# A TCP connect every 2 s per instance: a sign of life that costs nothing next to the load; three
# misses before an instance is taken out, so one slow moment under load does not move the balance.
HAPROXY_CHECK = "check inter 2s fall 3 rise 2"


# -- requests ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Req:
    """One prepared request: raw bytes for the proxy, what it is, and the status the addon should give."""

    raw: bytes
    kind: str
    expect_addon: int


def _request(method: str, url: str, body: bytes = b"", headers: dict[str, str] | None = None) -> bytes:
    """An absolute-form HTTP/1.1 request, as an HTTP proxy client sends it."""
    host = url.split("/", 3)[2]
    lines = [f"{method} {url} HTTP/1.1", f"Host: {host}", "User-Agent: guardian-proxy-bench/1", "Accept: */*"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body or method in ("POST", "PUT", "PATCH"):
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def _email(i: int) -> str:
    """The i-th planted email (example.org is reserved)."""
    return f"{EMAIL_LOCAL}{i}@example.org"


def _phone(i: int) -> str:
    """The i-th planted phone number."""
    return f"+1 415 555 01{i % 100:02d}"  # 555-01xx numbers are reserved for fiction


def workload_a(n: int = VARIANTS) -> list[Req]:
    """Small first-party bodies with nothing personal: the cost of inspecting an ordinary request."""
    out = []
    same_site = {"Origin": "http://shop.test", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}
    for i in range(n):
        if i % 2 == 0:
            body = json.dumps({"items": [{"sku": f"A{i}", "qty": 1 + i % 3}], "note": "gift wrap", "x": 1.5}).encode()
            raw = _request("POST", "http://shop.test/api/cart", body, {**same_site, "Content-Type": "application/json"})
            out.append(Req(raw, "json", 200))
        else:
            body = f"q=blue+shoes+{i}&page={i % 5}&sort=price&lang=en".encode()
            headers = {**same_site, "Content-Type": "application/x-www-form-urlencoded"}
            out.append(Req(_request("POST", "http://shop.test/api/search", body, headers), "form", 200))
    return out


def workload_b(n: int = VARIANTS) -> list[Req]:
    """Analytics beacons carrying an email and/or a phone: rewritten in place by the addon.

    A card number is not here: to an analytics host the policy denies it (critical tier), so
    it belongs to workload c.
    """
    out = []
    for i in range(n):
        shape = i % 4
        if shape == 0:  # email alone: moderate tier, masked at L1
            body = json.dumps({"event": "signup", "user": {"email": _email(i), "plan": "pro"}, "ts": 1700000000 + i})
            headers = {**BEACON_HEADERS, "Content-Type": "text/plain;charset=UTF-8"}
            out.append(Req(_request("POST", "http://metrics.test/collect", body.encode(), headers), "json-email", 200))
        elif shape == 1:  # phone in a form: high tier, replaced at L3
            body = f"ev=view&phone={quote_plus(_phone(i))}&screen=home&n={i}"
            headers = {**BEACON_HEADERS, "Content-Type": "application/x-www-form-urlencoded"}
            out.append(Req(_request("POST", "http://metrics.test/collect", body.encode(), headers), "form-phone", 200))
        elif shape == 2:  # email and phone together
            body = json.dumps({"ev": "lead", "em": _email(i), "ph": _phone(i), "src": "footer"})
            headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
            out.append(Req(_request("POST", "http://metrics.test/collect", body.encode(), headers), "json-email-phone", 200))
        else:  # email in a form
            body = f"email={quote_plus(_email(i))}&ev=newsletter&n={i}"
            headers = {**BEACON_HEADERS, "Content-Type": "application/x-www-form-urlencoded"}
            out.append(Req(_request("POST", "http://metrics.test/collect", body.encode(), headers), "form-email", 200))
    return out


def workload_c(n: int = VARIANTS) -> list[Req]:
    """Flows the addon blocks: contact and card data to an ad network, a checkout's card to it, a blocked domain."""
    out = []
    for i in range(n):
        kind = i % 3
        if kind == 0:
            body = json.dumps({"em": _email(i), "ph": _phone(i), "cc": CARDS[i % len(CARDS)]}).encode()
            headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
            out.append(Req(_request("POST", "http://ads.test/pixel", body, headers), "ads-pii", 403))
        elif kind == 1:
            body = json.dumps({"event": "checkout", "payment": {"card": CARDS[i % len(CARDS)]}, "total": 19.99}).encode()
            headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
            # To an ad network: a card sent to an analytics collector is rewritten
            # (pipeline.COLLECTOR_FLOOR_TIER: the SDK keeps working), which belongs to workload b's path.
            out.append(Req(_request("POST", "http://ads.test/conversion", body, headers), "ads-card", 403))
        else:
            out.append(Req(_request("GET", f"http://cdn.blocked.test/lib.js?v={i}"), "blocked-rule", 403))
    return out


def workload_d() -> list[Req]:
    """The overload mix (lab/bench/_overload.py); its kind is the class, cheap or prose."""
    return [Req(_request("POST", url, body, headers), cls, 200) for cls, url, headers, body in _overload.bodies()]


def leak_markers() -> list[bytes]:
    """Byte strings whose presence in what reached the upstream means a planted value got through."""
    marks = [EMAIL_LOCAL.encode()]
    for card in CARDS:
        marks += [card.encode(), card.replace(" ", "").encode()]
    for i in range(100):
        marks += [_phone(i).encode(), quote_plus(_phone(i)).encode()]
    return marks


# -- upstream server (runs as its own process so it does not share the load generator's loop) ---


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    """Read a chunked body (bounded by the stream; each chunk size is given by the peer)."""
    parts = []
    for _ in range(100_000):  # bounded: no body here has more chunks than this
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0].strip(), 16)
        if size == 0:
            await reader.readuntil(b"\r\n")  # no trailers from our clients
            break
        parts.append(await reader.readexactly(size))
        await reader.readexactly(2)
    return b"".join(parts)


async def _serve_upstream(port: int, markers: list[bytes]) -> None:
    """Reply 200 with a tiny JSON body to every request, keep-alive; flag planted values that got through."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve one keep-alive connection."""
        try:
            while True:  # one connection's requests; ends when the proxy closes it
                head = await reader.readuntil(b"\r\n\r\n")
                length, chunked = 0, False
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    name = name.strip().lower()
                    if name == b"content-length":
                        length = int(value)
                    elif name == b"transfer-encoding" and b"chunked" in value.lower():
                        chunked = True
                body = await _read_chunked(reader) if chunked else (await reader.readexactly(length) if length else b"")
                leak = b"1" if any(m in body or m in head for m in markers) else b"0"
                writer.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n"
                    b"X-Bench-Leak: " + leak + b"\r\n\r\n" + b'{"ok":true}'
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, ValueError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, LOOPBACK, port, backlog=256)
    async with server:
        await server.serve_forever()


# -- processes -----------------------------------------------------------------------------------


def _free_port() -> int:
    """A loopback port free right now (the OS picks it)."""
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def _wait_listening(proc: subprocess.Popen[bytes], port: int, timeout: float, log_path: Path | None) -> None:
    """Wait until `port` accepts connections; fail early if the process died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = log_path.read_text(errors="replace")[-4000:] if log_path and log_path.exists() else ""
            raise RuntimeError(f"process exited early (rc={proc.returncode}):\n{tail}")
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listening on {LOOPBACK}:{port} after {timeout:.0f}s")


def _proc_cpu_s(pid: int) -> float:
    return _stat_cpu_s(Path(f"/proc/{pid}/stat"))


def _stat_cpu_s(stat: Path) -> float:
    """User+system CPU seconds from a /proc `stat` file (a process's or one thread's); 0 where unavailable."""
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _process_tree(pid: int) -> list[int]:
    """`pid` and its live descendants (Linux /proc/PID/task/TID/children)."""
    out, todo = [], [pid]
    while todo and len(out) < 1000:
        current = todo.pop()
        out.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            try:
                todo += [int(c) for c in task.read_text().split()]
            except (OSError, ValueError):
                continue
    return out


@dataclass
class Proc:
    """A started child process and where it listens."""

    name: str
    port: int
    proc: subprocess.Popen[bytes]
    log_path: Path

    def cpu_s(self) -> float:
        """User+system CPU seconds so far of this child and its live descendants (the addon's
        decision process), from /proc (Linux); 0 where unavailable."""
        return sum(_proc_cpu_s(pid) for pid in _process_tree(self.proc.pid))

    def loop_cpu_s(self) -> float:
        """CPU seconds of the child's main thread alone: mitmproxy's event loop, where every flow
        and every hook runs. At C=8 this thread is what saturates first, so its CPU per request
        bounds the proxy's req/s (the decision process and the audit flusher run beside it)."""
        return _stat_cpu_s(Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/stat"))

    def settle(self, *, idle_share: float = SETTLE_IDLE_SHARE, window_s: float = SETTLE_WINDOW_S, limit_s: float = SETTLE_LIMIT_S) -> float:
        """Wait until this child is idle (under `idle_share` of one CPU over `window_s`), at most
        `limit_s`; returns the seconds waited. The addon listens before its background loads (the
        matcher's and the fast attacker's MiniLM) finish: measuring then would bill that start-up
        work to the first workload's requests."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < limit_s:
            before = self.cpu_s()
            time.sleep(window_s)
            if self.cpu_s() - before < idle_share * window_s:
                break
        return round(time.monotonic() - t0, 1)

    def stop(self) -> None:
        """Terminate this child (only this pid), then kill it if it lingers."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def start_upstream(tmp: Path) -> Proc:
    """Start the upstream server as a child process of this script."""
    port = _free_port()
    markers = tmp / "markers.json"
    markers.write_text(json.dumps([m.decode("latin-1") for m in leak_markers()]))
    log_path = tmp / "upstream.log"
    cmd = [sys.executable, str(Path(__file__).resolve()), "--serve-upstream", str(port), "--markers", str(markers)]
    with open(log_path, "wb") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=tmp)
    p = Proc("upstream", port, proc, log_path)
    _wait_listening(proc, port, 20, log_path)
    return p


ADDON_SET: list[str] = []  # --addon-set: options for the addon's mitmdump only
ADDON_SCRIPT = [ROOT / "guardian_addon.py"]  # --addon-script replaces it (lab/bench/noop_addon.py: the floor)


def start_mitmdump(
    name: str, tmp: Path, upstream_port: int, addon: bool, audit: Path, extra: Sequence[str] = (), confdir: Path | None = None
) -> Proc:
    """mitmdump in upstream mode in front of the local server, like tests/e2e/conftest.py."""
    port = _free_port()
    workdir = tmp / name
    workdir.mkdir()
    log_path = workdir / "mitmdump.log"
    cmd = [
        str(MITMDUMP if MITMDUMP.exists() else shutil.which("mitmdump")),
        "--listen-host", LOOPBACK,
        "--listen-port", str(port),
        "--mode", f"upstream:http://{LOOPBACK}:{upstream_port}",
        "--set", f"confdir={confdir or tmp / 'mitmconf'}",
        "--set", "flow_detail=0",
    ]  # fmt: skip
    if addon:
        cmd += [
            "-s", str(ADDON_SCRIPT[0]),
            "--set", f"guardian_rules={BENCH / 'rules.yaml'}",
            "--set", f"guardian_audit={audit}",
        ]  # fmt: skip
        for opt in ADDON_SET:
            cmd += ["--set", opt]
    for opt in extra:  # the same extra options for both proxies, so the comparison stays fair
        cmd += ["--set", opt]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open(log_path, "wb") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=workdir, env=env)
    p = Proc(name, port, proc, log_path)
    # The addon builds its pipeline (models, tables) in configure, before it listens: allow time.
    _wait_listening(proc, port, 180 if addon else 60, log_path)
    return p


# -- N instances behind HAProxy (--instances) ---------------------------------------------------


def find_haproxy() -> str:
    """haproxy's path; a RuntimeError that says how to install it when there is none."""
    for name in HAPROXY_PATHS:
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError("--instances > 1 needs HAProxy, and there is none (apt-get install haproxy)")


def parse_haproxy_version(text: str) -> str:
    """The version from `haproxy -v` ("HAProxy version 2.6.12-1+deb12u4 2026/10/17 - ..." -> "2.6.12-1+deb12u4")."""
    words = text.split()
    for i, word in enumerate(words[:-1]):
        if word.lower() == "version":
            return words[i + 1]
    return text.strip()[:40] or "?"


def _haproxy_version(haproxy: str) -> str:
    """The installed haproxy's version, for the report header."""
    try:
        done = subprocess.run([haproxy, "-v"], capture_output=True, text=True, timeout=30)
        return parse_haproxy_version(done.stdout)
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def haproxy_config(listen: int, servers: Sequence[tuple[str, int]]) -> str:
    """HAProxy in front of `servers` ((name, port) on loopback), as docs/deploy.md and
    tests/e2e/test_instances_e2e.py run it, but balanced by least connections.

    leastconn, not roundrobin: the load generator holds each keep-alive connection for a whole
    phase, so open connections are the load, and a connection reopened after an error or a
    `Connection: close` goes to the instance with fewest rather than to the next in turn (with
    none open, as at each phase's start, leastconn takes them in turn like roundrobin).
    No `log` line and no stats listener: nothing but the bench's own connections and the checks.
    """
    lines = [
        "global",
        f"    maxconn {HAPROXY_MAXCONN}",
        "defaults",
        "    mode tcp",
        f"    maxconn {HAPROXY_MAXCONN}",
        "    timeout connect 2s",
        f"    timeout client {HAPROXY_TIMEOUT}",
        f"    timeout server {HAPROXY_TIMEOUT}",
        "    retries 3",
        "    option redispatch",
        "frontend guardian",
        f"    bind {LOOPBACK}:{listen}",
        "    default_backend proxies",
        "backend proxies",
        "    balance leastconn",
    ]
    lines += [f"    server {name} {LOOPBACK}:{port} {HAPROXY_CHECK}" for name, port in servers]
    return "\n".join(lines) + "\n"


def start_haproxy(name: str, tmp: Path, haproxy: str, members: Sequence[Proc]) -> Proc:
    """HAProxy in the foreground (-db), a child of this script so it is always stopped with the run."""
    port = _free_port()
    workdir = tmp / name
    workdir.mkdir()
    cfg = workdir / "haproxy.cfg"
    cfg.write_text(haproxy_config(port, [(m.name, m.port) for m in members]))
    log_path = workdir / "haproxy.log"
    with open(log_path, "wb") as fh:
        proc = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stdout=fh, stderr=subprocess.STDOUT, cwd=workdir)
    p = Proc(name, port, proc, log_path)
    _wait_listening(proc, port, 30, log_path)
    return p


@dataclass
class Group:
    """N mitmdumps behind one HAProxy: to the load generator one proxy at the HAProxy's port."""

    name: str
    haproxy: Proc
    members: list[Proc]

    @property
    def port(self) -> int:
        """Where clients connect: the HAProxy."""
        return self.haproxy.port

    def cpu_s(self) -> float:
        """CPU seconds of every mitmdump (with its descendants: the addon's decision process) and the HAProxy."""
        return sum(m.cpu_s() for m in self.members) + self.haproxy.cpu_s()

    def loop_cpu_s(self) -> float:
        """The event-loop threads of every mitmdump together (`Proc.loop_cpu_s`)."""
        return sum(m.loop_cpu_s() for m in self.members)

    def settle(self) -> float:
        """`Proc.settle` for each mitmdump in turn; they loaded side by side, so later ones wait little."""
        t0 = time.monotonic()
        for m in self.members:
            m.settle()
        return round(time.monotonic() - t0, 1)


def audit_paths(audit_dir: Path, n: int) -> list[Path]:
    """One audit log per addon instance, all in one folder: they must not share a file, and the
    audit key lives beside the log (guardian.audit.ValueHasher.beside), so one folder is one key."""
    return [audit_dir / f"audit-{i}.jsonl" for i in range(1, n + 1)]


def make_audit_key(audit_dir: Path) -> None:
    """Create the folder's audit key before any instance starts, the way guardian_audit makes it,
    so every instance reads the same key and their value hashes agree."""
    from guardian.audit import ValueHasher  # only here: the default run does not import guardian

    audit_dir.mkdir(exist_ok=True)
    ValueHasher.beside(audit_paths(audit_dir, 1)[0])


def start_group(
    name: str,
    n: int,
    tmp: Path,
    upstream_port: int,
    addon: bool,
    audit_dir: Path,
    extra: Sequence[str],
    haproxy: str,
    procs: list[Proc],
) -> Group:
    """`n` mitmdumps as `start_mitmdump` starts one (each in its own workdir, each addon with its own
    audit log), then the HAProxy in front of them. Started one after another: the first makes
    mitmproxy's CA in the shared confdir, which the others then read. Every child goes into
    `procs` as soon as it runs, so the caller stops it whatever fails next."""
    members = []
    for i, audit in enumerate(audit_paths(audit_dir, n), start=1):
        members.append(start_mitmdump(f"{name}-{i}", tmp, upstream_port, addon, audit, extra))
        procs.append(members[-1])
    lb = start_haproxy(f"{name}-haproxy", tmp, haproxy, members)
    procs.append(lb)
    return Group(name, lb, members)


# -- load generator ------------------------------------------------------------------------------


class BenchError(Exception):
    """A response the load generator could not parse."""


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, dict[bytes, bytes], bytes, bool]:
    """Status, headers (lower-case names), body, and whether the connection must be closed."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    try:
        status = int(lines[0].split(b" ", 2)[1])
    except (IndexError, ValueError) as e:
        raise BenchError(f"bad status line {lines[0][:60]!r}") from e
    headers: dict[bytes, bytes] = {}
    for line in lines[1:]:
        if line:
            k, _, v = line.partition(b":")
            headers[k.strip().lower()] = v.strip()
    close = headers.get(b"connection", b"").lower() == b"close"
    if b"content-length" in headers:
        body = await reader.readexactly(int(headers[b"content-length"]))
    elif b"chunked" in headers.get(b"transfer-encoding", b"").lower():
        body = await _read_chunked(reader)
    else:  # no framing: the body runs to the end of the connection
        body, close = await reader.read(), True
    return status, headers, body, close


@dataclass
class PhaseResult:
    """What one (workload, proxy, concurrency) phase measured."""

    latencies_ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    by_kind: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    unexpected: int = 0  # status other than the one expected from this proxy
    deny_header: int = 0  # 403s that carry X-Guardian-Decision: deny
    leaks: int = 0  # responses whose upstream saw a planted value
    forwarded: int = 0  # responses that came from the upstream (not from the proxy)
    wall_s: float = 0.0
    proxy_cpu_s: float = 0.0
    loop_cpu_s: float = 0.0  # the proxy's event-loop thread alone (`Proc.loop_cpu_s`)
    upstream_cpu_s: float = 0.0
    client_cpu_s: float = 0.0
    timed_out: bool = False
    # Per request kind, for workload d's cheap/prose classes.
    kind_latencies_ms: dict[str, list[float]] = field(default_factory=dict)
    kind_statuses: dict[str, Counter[int]] = field(default_factory=dict)
    kind_errors: Counter[str] = field(default_factory=Counter)
    kind_fail_403: Counter[str] = field(default_factory=Counter)  # 403 from the addon's fail mode


async def _worker(
    port: int,
    reqs: Sequence[Req],
    next_index: list[int],
    total: int,
    deadline: float,
    addon: bool,
    result: PhaseResult,
    request_timeout: float,
) -> None:
    """One keep-alive connection that sends requests until the phase's count or time is used up."""
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    try:
        while True:  # bounded: every pass takes one index from a shared count of `total`
            i = next_index[0]
            if i >= total:
                break
            if time.monotonic() > deadline:
                result.timed_out = True
                break
            next_index[0] = i + 1  # one event loop thread: no lock needed
            req = reqs[i % len(reqs)]
            t0 = time.perf_counter()
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(LOOPBACK, port)
                assert reader is not None
                writer.write(req.raw)
                status, headers, _, close = await asyncio.wait_for(_read_response(reader), request_timeout)
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, BenchError) as e:
                result.errors[type(e).__name__] += 1
                result.kind_errors[req.kind] += 1
                if writer is not None:
                    writer.close()
                reader = writer = None
                continue
            result.latencies_ms.append((time.perf_counter() - t0) * 1000)
            result.statuses[status] += 1
            result.by_kind[req.kind] += 1
            result.kind_latencies_ms.setdefault(req.kind, []).append(result.latencies_ms[-1])
            result.kind_statuses.setdefault(req.kind, Counter())[status] += 1
            if status == 403 and b"guardian_fail" in headers.get(b"x-guardian-reason", b""):
                result.kind_fail_403[req.kind] += 1
            if status != (req.expect_addon if addon else 200):
                result.unexpected += 1
            if status == 403 and headers.get(b"x-guardian-decision") == b"deny":
                result.deny_header += 1
            if b"x-bench-leak" in headers:
                result.forwarded += 1
                result.leaks += headers[b"x-bench-leak"] == b"1"
            if close:
                writer.close()
                reader = writer = None
    finally:
        if writer is not None:
            writer.close()


async def run_phase(
    proxy: Proc | Group,
    upstream: Proc,
    reqs: Sequence[Req],
    total: int,
    concurrency: int,
    addon: bool,
    time_limit: float,
    request_timeout: float,
    start: int = 0,
) -> PhaseResult:
    """Send `total` requests (or as many as fit in `time_limit`) through `proxy` with `concurrency`
    connections, from the `start`-th of `reqs` on (cycling)."""
    result = PhaseResult()
    next_index = [start]
    total += start
    cpu0, loop0, up0, me0 = proxy.cpu_s(), proxy.loop_cpu_s(), upstream.cpu_s(), time.process_time()
    t0 = time.perf_counter()
    deadline = time.monotonic() + time_limit
    workers = [
        _worker(proxy.port, reqs, next_index, total, deadline, addon, result, request_timeout)
        for _ in range(max(1, concurrency))
    ]
    await asyncio.gather(*workers)
    result.wall_s = time.perf_counter() - t0
    result.proxy_cpu_s = proxy.cpu_s() - cpu0
    result.loop_cpu_s = proxy.loop_cpu_s() - loop0
    result.upstream_cpu_s = upstream.cpu_s() - up0
    result.client_cpu_s = time.process_time() - me0
    return result


def merge_phases(a: PhaseResult, b: PhaseResult) -> PhaseResult:
    """Two runs of one phase as one: counts and times added, latencies pooled."""
    out = PhaseResult()
    for f in dataclasses.fields(PhaseResult):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, list):
            setattr(out, f.name, x + y)
        elif isinstance(x, Counter):
            setattr(out, f.name, x + y)
        elif isinstance(x, dict):  # kind -> list or Counter
            merged = {k: v.copy() for k, v in x.items()}
            for k, v in y.items():
                merged[k] = merged[k] + v if k in merged else v.copy()
            setattr(out, f.name, merged)
        elif isinstance(x, bool):
            setattr(out, f.name, x or y)
        else:
            setattr(out, f.name, x + y)
    return out


# -- statistics ----------------------------------------------------------------------------------


def pct(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100), linear between closest ranks; None for no values."""
    if not values:
        return None
    s = sorted(values)
    k = (len(s) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summarize(r: PhaseResult) -> dict[str, Any]:
    """Figures for one phase, rounded for reading."""
    n = len(r.latencies_ms)

    def rnd(x: float | None, d: int = 2) -> float | None:
        """Round, keeping None."""
        return None if x is None else round(x, d)

    return {
        "completed": n,
        "errors": dict(r.errors),
        "statuses": {str(k): v for k, v in sorted(r.statuses.items())},
        "by_kind": dict(r.by_kind),
        "unexpected_status": r.unexpected,
        "deny_header_403": r.deny_header,
        "forwarded_upstream": r.forwarded,
        "planted_values_seen_upstream": r.leaks,
        "wall_s": rnd(r.wall_s, 3),
        "req_per_s": rnd(n / r.wall_s if r.wall_s > 0 else None, 1),
        "p50_ms": rnd(pct(r.latencies_ms, 50)),
        "p95_ms": rnd(pct(r.latencies_ms, 95)),
        "p99_ms": rnd(pct(r.latencies_ms, 99)),
        "mean_ms": rnd(sum(r.latencies_ms) / n if n else None),
        "proxy_cpu_ms_per_req": rnd(r.proxy_cpu_s * 1000 / n if n else None),
        "loop_cpu_ms_per_req": rnd(r.loop_cpu_s * 1000 / n if n else None, 3),
        "upstream_cpu_ms_per_req": rnd(r.upstream_cpu_s * 1000 / n if n else None),
        "client_cpu_ms_per_req": rnd(r.client_cpu_s * 1000 / n if n else None),
        "hit_time_limit": r.timed_out,
    }


def added(plain: dict[str, Any], addon: dict[str, Any]) -> dict[str, Any]:
    """What the addon adds over plain mitmdump: latency differences and throughput/p50 ratios."""

    def diff(k: str) -> float | None:
        """addon minus plain for one figure."""
        a, p = addon.get(k), plain.get(k)
        return None if a is None or p is None else round(a - p, 2)

    def ratio(k: str) -> float | None:
        """addon over plain for one figure."""
        a, p = addon.get(k), plain.get(k)
        return None if not a or not p else round(a / p, 3)

    return {
        "added_p50_ms": diff("p50_ms"),
        "added_p95_ms": diff("p95_ms"),
        "added_p99_ms": diff("p99_ms"),
        "req_per_s_ratio": ratio("req_per_s"),
        "p50_ratio": ratio("p50_ms"),
        "added_proxy_cpu_ms_per_req": diff("proxy_cpu_ms_per_req"),
        "added_loop_cpu_ms_per_req": diff("loop_cpu_ms_per_req"),
    }


# -- audit log -----------------------------------------------------------------------------------


def read_audit(path: Path, start: int) -> tuple[list[dict[str, Any]], int]:
    """Records appended to the audit log since byte offset `start`, and the new offset.

    The addon queues a flow's record before the proxy answers or forwards it, and its audit log
    writes the queue out every `AUDIT_FLUSH_S`: use `settle_audit` to wait for a phase's records.
    """
    if not path.exists():
        return [], start
    with open(path, "rb") as fh:
        fh.seek(start)
        data = fh.read()
    end = start + data.rfind(b"\n") + 1 if b"\n" in data else start
    records = [json.loads(line) for line in data[: end - start].splitlines() if line.strip()]
    return records, end


async def settle_audit(path: Path, start: int, expected: int) -> tuple[list[dict[str, Any]], int]:
    """`read_audit`, polling until `expected` records are in or the log's flush interval (plus slack)
    passed: `settle_audits` over one log."""
    records, ends = await settle_audits([path], {path: start}, expected)
    return records, ends[path]


def read_audits(paths: Sequence[Path], offsets: dict[Path, int]) -> tuple[list[dict[str, Any]], dict[Path, int]]:
    """`read_audit` over several logs (one per instance): the records appended to each since its
    offset in `offsets` (0 for a log not in it), file after file, and the new offsets."""
    records: list[dict[str, Any]] = []
    ends: dict[Path, int] = {}
    for path in paths:
        got, ends[path] = read_audit(path, offsets.get(path, 0))
        records += got
    return records, ends


async def settle_audits(
    paths: Sequence[Path], offsets: dict[Path, int], expected: int
) -> tuple[list[dict[str, Any]], dict[Path, int]]:
    """`settle_audit` over several logs: polls until `expected` records are in, all logs together."""
    deadline = time.monotonic() + AUDIT_FLUSH_S + 2.0
    while True:  # bounded by the deadline
        records, ends = read_audits(paths, offsets)
        if len(records) >= expected or time.monotonic() >= deadline:
            return records, ends
        await asyncio.sleep(0.05)


def audit_summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Decisions, levels and per-stage milliseconds from the audit records of one phase."""
    stages: dict[str, list[float]] = {}
    for r in records:
        for k, v in (r.get("ms") or {}).items():
            if isinstance(v, (int, float)):
                stages.setdefault(k, []).append(float(v))
    order = ["rules", "decode", "detect", "context", "likelihood", "risk", "anonymize", "encode", "total"]
    keys = [k for k in order if k in stages] + sorted(k for k in stages if k not in order)
    transforms = [r for r in records if r.get("decision") == "transform"]
    return {
        "records": len(records),
        "decisions": dict(Counter(str(r.get("decision")) for r in records)),
        "enforced": sum(1 for r in records if r.get("enforced")),
        "hosts": dict(Counter(str(r.get("host")) for r in records)),
        "rules": dict(Counter(str(r.get("rule")) for r in records if r.get("rule"))),
        "categories": dict(Counter(c for r in records for c in r.get("categories", []))),
        "l0": {str(k): v for k, v in sorted(Counter(r.get("l0") for r in transforms).items(), key=str)},
        "l_final": {str(k): v for k, v in sorted(Counter(r.get("l_final") for r in transforms).items(), key=str)},
        "errors": sum(1 for r in records if r.get("error")),
        "stage_ms": {
            k: {"n": len(stages[k]), "p50": round(pct(stages[k], 50) or 0, 3), "p95": round(pct(stages[k], 95) or 0, 3)}
            for k in keys
        },
    }


# -- report --------------------------------------------------------------------------------------


def _f(x: Any, fmt: str = "{:.2f}") -> str:
    """Format a table cell; `-` for a missing figure."""
    return "-" if x is None else fmt.format(x)


def render(report: dict[str, Any]) -> str:
    """The human-readable tables."""
    out: list[str] = []
    meta = report["meta"]
    out.append(
        f"GuardianAgent proxy benchmark  ({meta['cpus']} CPUs, {meta['python']}, mitmdump {meta['mitmdump']}, "
        f"loopback; concurrency {meta['concurrency']}; serial probe C=1)"
    )
    if "instances" in meta:
        out[-1] += f"\n  each proxy: {meta['instances']} instances behind HAProxy {meta['haproxy']} (mode tcp, leastconn)"
    for mode in ("loaded", "serial"):
        title = f"Concurrency {meta['concurrency']}" if mode == "loaded" else "Serial (C=1, unloaded latency)"
        out.append("")
        out.append(f"== {title}: throughput and latency ==")
        out.append(
            f"{'wl':<3}{'proxy':<7}{'n':>6}{'err':>5}{'unexp':>6}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
            f"{'proxyCPU':>10}{'loopCPU':>9}  statuses"
        )
        for wl in WORKLOADS:
            for px in PROXIES:
                s = report["results"].get(mode, {}).get(wl, {}).get(px)
                if s is None:
                    continue
                out.append(
                    f"{wl:<3}{px:<7}{s['completed']:>6}{sum(s['errors'].values()):>5}{s['unexpected_status']:>6}"
                    f"{_f(s['req_per_s'], '{:.1f}'):>9}{_f(s['p50_ms']):>9}{_f(s['p95_ms']):>9}{_f(s['p99_ms']):>9}"
                    f"{_f(s['proxy_cpu_ms_per_req']):>10}{_f(s.get('loop_cpu_ms_per_req'), '{:.3f}'):>9}  {s['statuses']}"
                    + ("  (time limit hit)" if s["hit_time_limit"] else "")
                )
        out.append("")
        out.append(f"-- {title}: added by the addon (addon minus plain) --")
        out.append(
            f"{'wl':<3}{'+p50 ms':>9}{'+p95 ms':>9}{'+p99 ms':>9}{'req/s x':>9}{'p50 x':>8}{'+CPU ms/req':>13}{'+loop ms/req':>14}"
        )
        for wl in WORKLOADS:
            a = report["results"].get(mode, {}).get(wl, {}).get("added")
            if a is None:
                continue
            out.append(
                f"{wl:<3}{_f(a['added_p50_ms']):>9}{_f(a['added_p95_ms']):>9}{_f(a['added_p99_ms']):>9}"
                f"{_f(a['req_per_s_ratio'], '{:.3f}'):>9}{_f(a['p50_ratio'], '{:.2f}'):>8}"
                f"{_f(a['added_proxy_cpu_ms_per_req']):>13}{_f(a.get('added_loop_cpu_ms_per_req')):>14}"
                + (f"   median {a['req_per_s_ratio_median']:.3f} of rounds {' '.join(f'{r:.3f}' for r in a['round_ratios'])}"
                   if a.get("round_ratios") else "")
            )
    checks = report.get("checks", {})
    if checks:
        out.append("")
        out.append("== Checks (addon, measured phases; audit log and upstream) ==")
        for wl, c in checks.items():
            out.append(f"{wl}: {c['summary']}  -> {'OK' if c['ok'] else 'FAILED'}")
    audit = report.get("audit", {})
    if audit:
        out.append("")
        out.append(f"== Addon per-stage ms from the audit log (concurrency {meta['concurrency']} phase) ==")
        stages = ["rules", "decode", "detect", "context", "likelihood", "risk", "anonymize", "encode", "total"]
        present = [k for k in stages if any(k in a.get("stage_ms", {}) for a in audit.values())]
        out.append(f"{'wl':<3}{'':<4}" + "".join(f"{k:>11}" for k in present))
        for wl, a in audit.items():
            for q in ("p50", "p95"):
                cells = [a["stage_ms"].get(k, {}).get(q) for k in present]
                out.append(f"{wl:<3}{q:<4}" + "".join(f"{_f(c, '{:.3f}'):>11}" for c in cells))
    if "overload" in report:
        out += _overload.render(report["overload"])
    notes = report.get("notes", [])
    if notes:
        out.append("")
        out += [f"note: {n}" for n in notes]
    return "\n".join(out)


def check_phase(wl: str, summary: dict[str, Any], audit: dict[str, Any] | None) -> dict[str, Any]:
    """Did the addon decide this workload's flows as intended? (a allow, b transform, c deny/403)."""
    n = summary["completed"]
    dec = (audit or {}).get("decisions", {})
    problems = []
    if summary["errors"]:
        problems.append(f"client errors {summary['errors']}")
    if audit is None:
        problems.append("no audit records")
    elif audit["records"] != n:
        problems.append(f"{audit['records']} audit records for {n} responses")
    if wl == "a":
        ok_dec = dec.get("allow", 0) == n
        text = f"{dec.get('allow', 0)}/{n} allow, {summary['statuses']}"
    elif wl == "b":
        ok_dec = dec.get("transform", 0) == n and summary["planted_values_seen_upstream"] == 0
        ok_dec = ok_dec and audit is not None and audit["enforced"] == n
        text = (
            f"{dec.get('transform', 0)}/{n} transform, {audit and audit['enforced']} enforced "
            f"(l0 {audit and audit['l0']}, l_final {audit and audit['l_final']}), "
            f"planted values seen upstream {summary['planted_values_seen_upstream']}/{summary['forwarded_upstream']}"
        )
    else:
        ok_dec = dec.get("deny", 0) == n and summary["deny_header_403"] == n and summary["forwarded_upstream"] == 0
        text = (
            f"{dec.get('deny', 0)}/{n} deny, {summary['deny_header_403']}/{n} 403 with X-Guardian-Decision: deny, "
            f"hosts {audit and audit['hosts']}, forwarded upstream {summary['forwarded_upstream']}"
        )
    if not ok_dec or summary["unexpected_status"]:
        problems.append(f"decisions {dec}, unexpected statuses {summary['unexpected_status']}")
    return {"ok": not problems, "summary": text, "problems": problems}


# -- main ----------------------------------------------------------------------------------------


def _mitmdump_version() -> str:
    """The mitmdump version, for the report header."""
    try:
        out = subprocess.run([str(MITMDUMP), "--version"], capture_output=True, text=True, timeout=60).stdout
        return out.split()[1] if out.startswith("Mitmproxy:") else out.strip()[:40]
    except (OSError, subprocess.TimeoutExpired, IndexError):
        return "?"


async def bench(args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """Start the processes, run every phase, and build the report."""
    audit_path = tmp / "audit.jsonl"
    (tmp / "mitmconf").mkdir()
    procs: list[Proc] = []
    abc = [w for w in args.workloads if w != "d"]
    counts = {w: args.requests if w == "a" else args.requests_pii for w in abc}
    report: dict[str, Any] = {
        "meta": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "mitmdump": _mitmdump_version(),
            "concurrency": args.concurrency,
            "requests": {**counts, **({"d": args.requests} if "d" in args.workloads else {})},
            "serial_requests": args.serial,
            "warmup": args.warmup,
            "variants": args.variants,
            "mitm_set": list(args.mitm_set),
            "addon_set": list(args.addon_set),
            "workloads": {w: WORKLOADS[w] for w in args.workloads},
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        },
        "results": {},
        "audit": {},
        "audit_serial": {},
        "checks": {},
        "notes": [
            "loopback only; the load generator, both mitmdumps and the upstream share the same CPUs",
            "c through plain mitmdump: nothing blocks, so its baseline is the same requests forwarded upstream (200)",
            "latency is closed-loop: at concurrency C a saturated proxy's latency is mostly queueing (~C / req/s)",
        ],
    }
    # --instances N > 1: one audit log per addon instance, all read together (None: the one log above).
    group_audits: list[Path] | None = None
    haproxy = ""
    if args.instances > 1:
        haproxy = find_haproxy()  # before anything starts: say what is missing first
        report["meta"]["instances"] = args.instances
        report["meta"]["haproxy"] = _haproxy_version(haproxy)
        group_audits = audit_paths(tmp / "audit", args.instances)
        report["notes"] += [
            f"plain = HAProxy (mode tcp, leastconn) + {args.instances} plain mitmdumps; addon = HAProxy + "
            f"{args.instances} addon mitmdumps; proxy CPU sums the group's mitmdumps (with the addon's "
            "decision processes) and its HAProxy",
            "HAProxy balances connections: the serial probe's one connection is served by one instance",
        ]
    t_start = time.monotonic()
    try:
        upstream = start_upstream(tmp)
        procs.append(upstream)
        proxies: dict[str, Proc | Group]
        if group_audits is None:
            proxies = {"plain": start_mitmdump("plain", tmp, upstream.port, False, audit_path, args.mitm_set)}
            procs.append(proxies["plain"])
        else:
            make_audit_key(tmp / "audit")
            proxies = {"plain": start_group("plain", args.instances, tmp, upstream.port, False, tmp / "audit", args.mitm_set, haproxy, procs)}
        if abc and not args.plain_only:
            t = time.monotonic()
            if group_audits is None:
                proxies["addon"] = start_mitmdump("addon", tmp, upstream.port, True, audit_path, args.mitm_set)
                procs.append(proxies["addon"])
            else:
                proxies["addon"] = start_group("addon", args.instances, tmp, upstream.port, True, tmp / "audit", args.mitm_set, haproxy, procs)
            report["meta"]["addon_startup_s"] = round(time.monotonic() - t, 1)
            report["meta"]["addon_settle_s"] = proxies["addon"].settle()
        reqs = {"a": workload_a(args.variants), "b": workload_b(args.variants), "c": workload_c(args.variants)}
        sent: dict[tuple[str, str], int] = {}  # (proxy, workload) -> requests sent so far: the next phase goes on from there
        audit_offset = 0
        group_offsets: dict[Path, int] = {}
        audit_records: dict[tuple[str, str], list[dict[str, Any]]] = {}
        budget_end = time.monotonic() + args.budget
        plan = [("loaded", args.concurrency, counts), ("serial", 1, {k: min(v, args.serial) for k, v in counts.items()})]
        for mode, conc, n_by_wl in plan:
            if not n_by_wl or max(n_by_wl.values()) <= 0:
                continue
            for wl in abc:
                per_wl: dict[str, Any] = {}
                rounds = args.rounds if mode == "loaded" and "addon" in proxies else 1
                merged: dict[str, PhaseResult] = {}
                round_ratios: list[float] = []
                for rnd in range(rounds):
                    # Interleaved rounds, the order flipped each round: a drift of the machine's
                    # speed during the run falls on both proxies alike.
                    order = list(proxies.items()) if rnd % 2 == 0 else list(reversed(proxies.items()))
                    n_round = max(1, n_by_wl[wl] // rounds)
                    speeds: dict[str, float] = {}
                    for name, proxy in order:
                        is_addon = name == "addon"
                        warmup = args.warmup if rnd == 0 else 0
                        print(f"[bench] {mode:<6} workload {wl} via {name:<5} round {rnd + 1}/{rounds}: warm-up {warmup}, then {n_round} requests", file=sys.stderr)
                        # Each phase is cut at its own limit and at what is left of the whole run's budget.
                        limit = max(2.0, min(args.phase_time, budget_end - time.monotonic()))
                        start = sent.get((name, wl), 0)
                        warm = await run_phase(proxy, upstream, reqs[wl], warmup, conc, is_addon, limit, args.request_timeout, start) if warmup else PhaseResult()
                        start += warmup if warmup else 0
                        if is_addon and group_audits is not None and warm.latencies_ms:
                            # With N logs a log's warm-up records cannot be told from its measured
                            # ones afterwards (how many went to each instance is unknown): drop them now.
                            _, group_offsets = await settle_audits(group_audits, group_offsets, len(warm.latencies_ms))
                        limit = max(2.0, min(args.phase_time, budget_end - time.monotonic()))
                        res = await run_phase(proxy, upstream, reqs[wl], n_round, conc, is_addon, limit, args.request_timeout, start)
                        sent[(name, wl)] = start + n_round
                        speeds[name] = len(res.latencies_ms) / res.wall_s if res.wall_s else 0.0
                        merged[name] = merge_phases(merged[name], res) if name in merged else res
                        if is_addon and group_audits is not None:
                            records, group_offsets = await settle_audits(group_audits, group_offsets, len(res.latencies_ms))
                            audit_records.setdefault((mode, wl), []).extend(records)
                        elif is_addon:
                            # The log holds the warm-up's records, then this phase's, each within a flush interval.
                            n_warm = len(warm.latencies_ms)
                            records, audit_offset = await settle_audit(audit_path, audit_offset, n_warm + len(res.latencies_ms))
                            audit_records.setdefault((mode, wl), []).extend(records[n_warm:])
                    if speeds.get("plain") and "addon" in speeds:
                        round_ratios.append(round(speeds["addon"] / speeds["plain"], 3))
                for name in proxies:
                    per_wl[name] = summarize(merged[name])
                    if name == "addon":
                        a_sum = audit_summary(audit_records.get((mode, wl), []))
                        (report["audit"] if mode == "loaded" else report["audit_serial"])[wl] = a_sum
                        if mode == "loaded":
                            report["checks"][wl] = check_phase(wl, per_wl[name], a_sum)
                if "addon" in per_wl:
                    per_wl["added"] = added(per_wl["plain"], per_wl["addon"])
                    if len(round_ratios) > 1:
                        # The median of the rounds is the figure to quote: one round hit by a burst
                        # of other work on the shared CPUs moves the pooled ratio, not the median.
                        per_wl["added"]["round_ratios"] = round_ratios
                        per_wl["added"]["req_per_s_ratio_median"] = round(statistics.median(round_ratios), 3)
                report["results"].setdefault(mode, {})[wl] = per_wl
        if "d" in args.workloads:
            singles = {k: v for k, v in proxies.items() if isinstance(v, Proc)}  # all: parse_args refuses d with --instances
            if "addon" in singles:  # d's addon runs with its own guardian_timeout; free the CPUs first
                _note_if_died(singles["addon"], report)
                procs.remove(singles["addon"])
                singles.pop("addon").stop()
            await run_overload(args, tmp, upstream, singles, procs, budget_end, report)
        for p in procs:  # a proxy that died mid-run makes every figure suspect
            _note_if_died(p, report)
    finally:
        for p in reversed(procs):
            p.stop()
    report["meta"]["duration_s"] = round(time.monotonic() - t_start, 1)
    return report


def _note_if_died(p: Proc, report: dict[str, Any]) -> None:
    """Add a note to the report when this child has exited."""
    if p.proc.poll() is not None:
        report["notes"].append(f"{p.name} exited during the run (rc={p.proc.returncode})")


def class_summary(r: PhaseResult) -> dict[str, Any]:
    """Workload d's client-side figures per class (cheap, prose)."""
    return {
        cls: _overload.class_figures(
            r.kind_latencies_ms.get(cls, []), r.kind_statuses.get(cls, Counter()), r.kind_fail_403[cls], r.kind_errors[cls]
        )
        for cls in _overload.CLASSES
    }


async def run_overload(
    args: argparse.Namespace,
    tmp: Path,
    upstream: Proc,
    proxies: dict[str, Proc],
    procs: list[Proc],
    budget_end: float,
    report: dict[str, Any],
) -> None:
    """Workload d: plain, then an addon started with --set guardian_timeout=T, at the overload concurrency."""
    audit_path = tmp / "audit-d.jsonl"
    if not args.plain_only:
        t = time.monotonic()
        sets = [*args.mitm_set, f"guardian_timeout={float(args.overload_timeout):g}"]
        proxies["addon-d"] = start_mitmdump("addon-d", tmp, upstream.port, True, audit_path, sets)
        procs.append(proxies["addon-d"])
        report["meta"]["addon_d_startup_s"] = round(time.monotonic() - t, 1)
        report["meta"]["addon_d_settle_s"] = proxies["addon-d"].settle()
    reqs, conc = workload_d(), args.overload_concurrency
    section: dict[str, Any] = {
        "concurrency": conc, "guardian_timeout": args.overload_timeout, "requests": args.requests, "proxies": {},
    }  # fmt: skip
    for name, proxy in proxies.items():
        is_addon = name != "plain"
        print(f"[bench] overload workload d via {name}: warm-up {args.warmup} at C={args.concurrency}, "
              f"then {args.requests} requests at C={conc}", file=sys.stderr)  # fmt: skip
        limit = max(2.0, min(args.phase_time, budget_end - time.monotonic()))
        # Warm up below overload: the model's first calls are slow, and that is not what d measures.
        warm = await run_phase(proxy, upstream, reqs, args.warmup, args.concurrency, is_addon, limit, args.request_timeout)
        limit = max(2.0, min(args.phase_time, budget_end - time.monotonic()))
        res = await run_phase(proxy, upstream, reqs, args.requests, conc, is_addon, limit, args.request_timeout)
        key = "addon" if is_addon else "plain"
        section["proxies"][key] = {"summary": summarize(res), "classes": class_summary(res)}
        if is_addon:
            n_warm = len(warm.latencies_ms)
            records, _ = await settle_audit(audit_path, 0, n_warm + len(res.latencies_ms))
            section["audit"] = _overload.audit_by_class(records[n_warm:])
    section["cheap_lost_to_fail_mode"] = None
    if "addon" in section["proxies"]:
        # The audit log says which answers came from the fail mode (also with guardian_fail=open);
        # the client's 403 count covers records that never reached the log.
        from_log = section["audit"][_overload.CHEAP]["fail_mode"]
        section["cheap_lost_to_fail_mode"] = max(from_log, section["proxies"]["addon"]["classes"][_overload.CHEAP]["fail_403"])
        report["checks"]["d"] = _overload.check(section)
    report["overload"] = section


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Command-line options."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=2000, help="measured requests per workload and proxy (default 2000)")
    ap.add_argument(
        "--variants", type=int, default=VARIANTS,
        help=f"distinct bodies per workload, sent in turn and cycled (default {VARIANTS}); each phase goes on "
        "where the last one of its proxy stopped, so with at least as many variants as a proxy is sent, "
        "every request carries values that proxy has not seen (no memory of earlier values helps)",
    )
    ap.add_argument("--requests-pii", type=int, help="override N for workloads b and c (default: --requests)")
    ap.add_argument("--concurrency", type=int, default=8, help="keep-alive connections in the loaded phase (default 8)")
    ap.add_argument("--serial", type=int, default=300, help="requests per workload and proxy at C=1 (0: skip; default 300)")
    ap.add_argument(
        "--rounds", type=int, default=5,
        help="interleaved plain/addon rounds of the loaded phase, the order flipped each round; the "
        "median of the rounds' throughput ratios is reported beside the pooled one (default 5)",
    )  # fmt: skip
    ap.add_argument("--warmup", type=int, default=50, help="unmeasured requests before each phase (default 50)")
    ap.add_argument("--phase-time", type=float, default=45.0, help="time limit of one phase in seconds (default 45)")
    ap.add_argument("--budget", type=float, default=270.0, help="time limit of all phases together in seconds (default 270)")
    ap.add_argument("--request-timeout", type=float, default=30.0, help="seconds one response may take (default 30)")
    ap.add_argument("--out", type=Path, default=BENCH / "results" / "proxy_bench.json", help="JSON report path")
    ap.add_argument(
        "--mitm-set", action="append", default=[], metavar="KEY=VALUE",
        help="extra mitmdump option for both proxies, repeatable (e.g. termlog_verbosity=warn)",
    )  # fmt: skip
    ap.add_argument(
        "--addon-set", action="append", default=[], metavar="KEY=VALUE",
        help="extra option for the addon's mitmdump only, repeatable (e.g. guardian_decision_process=off)",
    )  # fmt: skip
    ap.add_argument(
        "--workloads", default=DEFAULT_WORKLOADS, metavar="LIST",
        help=f"comma-separated workloads to run, from {','.join(WORKLOADS)} (default {DEFAULT_WORKLOADS}; d is opt-in)",
    )  # fmt: skip
    ap.add_argument("--overload-concurrency", type=int, help="connections for workload d (default 8 x --concurrency)")
    ap.add_argument(
        "--overload-timeout", type=float, default=2.0, metavar="S",
        help="guardian_timeout of the addon that runs workload d, so overload shows quickly (default 2)",
    )  # fmt: skip
    ap.add_argument(
        "--instances", type=int, default=1, metavar="N",
        help="N > 1: N plain and N addon mitmdumps, each side behind its own HAProxy (Debian's haproxy; "
        "workloads a,b,c only); default 1: one of each, no HAProxy",
    )  # fmt: skip
    ap.add_argument("--plain-only", action="store_true", help="measure plain mitmdump only (harness check)")
    ap.add_argument(
        "--addon-script", type=Path, default=ADDON_SCRIPT[0],
        help="the script of the addon proxy (lab/bench/noop_addon.py measures what any script addon costs; "
        "its checks then fail, the figures stand)",
    )  # fmt: skip
    ap.add_argument("--keep-tmp", action="store_true", help="keep the temp dir (logs, audit log)")
    ap.add_argument("--serve-upstream", type=int, metavar="PORT", help=argparse.SUPPRESS)
    ap.add_argument("--markers", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    ADDON_SCRIPT[0] = args.addon_script.resolve()
    ADDON_SET[:] = args.addon_set
    if args.requests_pii is None:
        args.requests_pii = args.requests
    chosen = [w.strip() for w in args.workloads.split(",") if w.strip()]
    if not chosen or any(w not in WORKLOADS for w in chosen):
        ap.error(f"--workloads takes a comma-separated list from {','.join(WORKLOADS)}")
    args.workloads = [w for w in WORKLOADS if w in chosen]  # the report's order, each once
    if args.overload_concurrency is None:
        args.overload_concurrency = 8 * args.concurrency
    if args.overload_concurrency < 1 or args.overload_timeout <= 0:
        ap.error("--overload-concurrency must be >= 1 and --overload-timeout > 0")
    if args.rounds < 1:
        ap.error("--rounds must be >= 1")
    if args.variants < 1:
        ap.error("--variants must be >= 1")
    if args.instances < 1:
        ap.error("--instances must be >= 1")
    if args.instances > 1 and "d" in args.workloads:
        ap.error("--instances > 1 runs workloads a,b,c; run d with one instance")
    if args.concurrency < 1 or args.requests < 1 or args.requests_pii < 1 or args.warmup < 0:
        ap.error("--concurrency, --requests and --requests-pii must be >= 1, --warmup >= 0")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark (or, in child mode, the upstream server); exit status 0 when all checks pass."""
    args = parse_args(argv)
    if args.serve_upstream is not None:  # child mode: the upstream server
        markers = [m.encode("latin-1") for m in json.loads(args.markers.read_text())] if args.markers else []
        try:
            asyncio.run(_serve_upstream(args.serve_upstream, markers))
        except KeyboardInterrupt:
            pass
        return 0
    tmp = Path(tempfile.mkdtemp(prefix="guardian-bench-"))
    ok = False
    try:
        report = asyncio.run(bench(args, tmp))
        text = render(report)
        print(text)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n")
        print(f"\nJSON written to {args.out}  (run took {report['meta']['duration_s']}s)")
        ok = all(c["ok"] for c in report["checks"].values())
        if not ok:
            print("some checks FAILED: " + "; ".join(f"{k}: {c['problems']}" for k, c in report["checks"].items() if not c["ok"]))
        return 0 if ok else 1
    except RuntimeError as e:
        print(f"[bench] {e}", file=sys.stderr)
        return 2
    finally:
        if args.keep_tmp or not ok:
            print(f"[bench] temp dir kept: {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
