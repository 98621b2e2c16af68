"""Two proxy instances behind HAProxy with one PostgreSQL, on loopback.

    client ──> HAProxy (Debian's, mode tcp, round robin, health checks) ──> mitmdump -s guardian_addon.py  x2
                                                                         └── one throwaway PostgreSQL
                                                                             (guardian_store: sessions,
                                                                             vault, policies, labels)

Both instances get the same key files (the audit log's key and the vault's, in one folder), as
docs/deploy.md says. Shown here:

- the same decision from either instance, for a user whose memory the other instance built;
- an AI chat whose turns alternate between the instances keeps its pseudonyms, and each answer
  comes back restored;
- with one instance killed under load, every request that completed reached the upstream, every
  request sent after the kill completed (through the other instance), and the metrics of the
  instance still running read with prometheus_client's parser.

Skipped, with the reason, without haproxy (installed with apt-get when root, as the browser test
installs Chromium; GUARDIAN_NO_APT=1 forbids it), PostgreSQL's binaries, passlib or mitmdump.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from guardian.llm.server import free_port
from lab.testing.echo_upstream import EchoUpstream

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
MITMDUMP = Path(sys.executable).with_name("mitmdump")
USER_ID = "u8f14e45fceea16"
BEACON = {"Referer": "http://shop.test/", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
COLLECT = f"http://metrics.test/collect?uid={USER_ID}&ev=view"
AGAIN = f"http://cdn.other.test/p.gif?ref={USER_ID}&w=1"
NAME, EMAIL = "Jane Doe", "jane.doe.twice@example.org"
START_S = 120.0


def _auth(user: str) -> dict[str, str]:
    return {"Proxy-Authorization": "Basic " + base64.b64encode(f"{user}:{user}-pw".encode()).decode()}


Upstream = EchoUpstream  # the internet: records every request, echoes chat prompts


@dataclass
class Instance:
    port: int
    metrics_port: int
    audit: Path
    log: Path
    proc: subprocess.Popen[bytes]
    fh: object = field(repr=False)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def _haproxy() -> str:
    """haproxy's path; installed with apt-get when root and allowed; else the test skips."""
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if found:
        return found
    if os.environ.get("GUARDIAN_NO_APT") or os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.skip("haproxy is not installed (apt-get install haproxy)")
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "haproxy"]):
        done = subprocess.run(cmd, capture_output=True, timeout=600, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        if done.returncode != 0:
            pytest.skip(f"haproxy could not be installed: {done.stderr.decode(errors='replace')[-300:]}")
    found = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(found).exists():
        pytest.skip("no haproxy after apt-get install haproxy")
    return found


def haproxy_config(listen: int, servers: list[tuple[str, int]], stats: int) -> str:
    """The configuration docs/deploy.md describes, with round robin (one client address here)."""
    lines = [
        "global", "    maxconn 2000",
        "defaults", "    mode tcp", "    timeout connect 2s", "    timeout client 60s", "    timeout server 60s",
        "    retries 3", "    option redispatch",
        "frontend guardian", f"    bind 127.0.0.1:{listen}", "    default_backend proxies",
        "backend proxies", "    balance roundrobin",
    ]
    lines += [f"    server {name} 127.0.0.1:{port} check inter 300 fall 1 rise 2" for name, port in servers]
    lines += ["listen stats", f"    bind 127.0.0.1:{stats}", "    mode http", "    stats enable", "    stats uri /stats"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    from lab.testing.pg_cluster import SkipCluster, throwaway_cluster

    try:
        with throwaway_cluster() as pg:
            yield pg.create_database("instances")
    except SkipCluster as e:
        pytest.skip(f"no throwaway PostgreSQL cluster: {e}")


@pytest.fixture(scope="module")
def deployment(cluster: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    if not MITMDUMP.exists():
        pytest.skip("mitmdump is not installed in this environment")
    haproxy = _haproxy()
    passlib_apache = pytest.importorskip("passlib.apache", reason="mitmproxy's htpasswd support needs passlib")
    shared = tmp_path_factory.mktemp("deployment")  # the key files every instance is given
    htpasswd = shared / "htpasswd"
    users = passlib_apache.HtpasswdFile(str(htpasswd), new=True)
    for user in ("alice", "bob"):
        users.set_password(user, f"{user}-pw")
    users.save()
    upstream = Upstream()
    instances: list[Instance] = []
    for n in (1, 2):
        work = tmp_path_factory.mktemp(f"instance{n}")
        port, metrics = free_port(), free_port()
        log, audit = work / "mitmdump.log", shared / f"audit-{n}.jsonl"
        cmd = [
            str(MITMDUMP), "--listen-host", "127.0.0.1", "--listen-port", str(port),
            "--mode", f"upstream:http://127.0.0.1:{upstream.port}",
            "--set", f"confdir={shared / 'mitmproxy'}", "--set", "flow_detail=0",
            "--set", f"proxyauth=@{htpasswd}",
            "-s", str(ROOT / "guardian_addon.py"),
            "--set", f"guardian_rules={ROOT / 'tests' / 'e2e' / 'rules.yaml'}",
            "--set", f"guardian_audit={audit}", "--set", f"guardian_vault={shared / 'vault.sqlite3'}",
            "--set", f"guardian_store={cluster}", "--set", "guardian_users=proxyauth",
            "--set", f"guardian_policy_db={work / 'policy.db'}", "--set", "guardian_policy_fetch=false",
            "--set", "guardian_decision_process=off", "--set", "guardian_timeout=60",
            "--set", f"guardian_metrics={metrics}", "--set", "guardian_pseudonyms=surrogates",
        ]
        fh = open(log, "wb")  # noqa: SIM115 - closed with the instance
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=work, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        instances.append(Instance(port, metrics, audit, log, proc, fh))
        if n == 1:  # the first one makes the key files the second is given
            _wait_listening(instances[0])
    _wait_listening(instances[1])
    listen, stats = free_port(), free_port()
    cfg = shared / "haproxy.cfg"
    cfg.write_text(haproxy_config(listen, [("g1", instances[0].port), ("g2", instances[1].port)], stats))
    lb_log = shared / "haproxy.log"
    lb_fh = open(lb_log, "wb")  # noqa: SIM115
    lb = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stdout=lb_fh, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while not _both_up(stats):
        if lb.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"haproxy did not start:\n{lb_log.read_text(errors='replace')}")
        time.sleep(0.2)
    yield {"lb": listen, "instances": instances, "upstream": upstream, "stats": stats}
    lb.terminate()
    lb.wait(timeout=10)
    for inst in instances:
        inst.stop()
    upstream.close()


def _wait_listening(inst: Instance) -> None:
    deadline = time.monotonic() + START_S
    while b"listening at" not in inst.log.read_bytes():
        if inst.proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"mitmdump did not start:\n{inst.log.read_text(errors='replace')}")
        time.sleep(0.1)


def _both_up(stats: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", stats, timeout=2)
        conn.request("GET", "/stats;csv")
        text = conn.getresponse().read().decode()
    except OSError:
        return False
    return sum(1 for line in text.splitlines() if line.startswith("proxies,g") and ",UP," in line) == 2


def _send(port: int, method: str, url: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, url, body=body or None, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def _records(audit: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in audit.read_text().splitlines() if line.strip()] if audit.exists() else []


def _last_record(audit: Path, host: str, before: int) -> dict[str, object]:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        found = [r for r in _records(audit)[before:] if r.get("host") == host]
        if found:
            return found[-1]
        time.sleep(0.1)
    raise AssertionError(f"no record for {host} in {audit}")


def _comparable(record: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in record.items() if k not in ("ts", "ms", "id")}


def _stored_ids(url: str) -> int:
    return _count(url, "sessions", "session_ids")


def _count(url: str, component: str, table: str) -> int:
    from guardian.store import store_from_url

    store = store_from_url(url, component=component)
    try:
        with store.read() as c:
            return int(c.execute(f"SELECT count(*) FROM {table}")[0][0])  # noqa: S608 - names from the test
    except Exception:  # noqa: BLE001 - the table is made by the first write
        return 0
    finally:
        store.close()


def test_the_same_decision_from_either_instance(deployment: dict[str, object], cluster: str) -> None:
    one, two = deployment["instances"]  # type: ignore[misc]
    upstream: Upstream = deployment["upstream"]  # type: ignore[assignment]
    status, _ = _send(one.port, "GET", COLLECT, {**BEACON, **_auth("alice")})  # alice's id, learnt by instance 1
    assert status == 200
    deadline = time.monotonic() + 15
    while _stored_ids(cluster) == 0:  # written behind the flow: wait for it, as a failover would
        assert time.monotonic() < deadline, "instance 1 did not keep alice's session in the store"
        time.sleep(0.1)
    upstream.take()
    records = []
    for inst in (two, one):  # instance 2 has never seen alice: it goes on with what instance 1 kept
        before = len(_records(inst.audit))
        status, _ = _send(inst.port, "GET", AGAIN, {**BEACON, **_auth("alice")})
        assert status == 200
        records.append(_last_record(inst.audit, "cdn.other.test", before))
    assert records[0]["decision"] == "transform"
    assert _comparable(records[0]) == _comparable(records[1])
    sent = [path for path, _ in upstream.take()]
    assert len(sent) == 2 and sent[0] == sent[1] and USER_ID not in sent[0]  # the same substitute, both
    before = len(_records(two.audit))
    _send(two.port, "GET", AGAIN, {**BEACON, **_auth("bob")})  # bob: nothing of alice's
    assert _last_record(two.audit, "cdn.other.test", before)["decision"] == "allow"


def test_a_chat_alternating_between_instances_keeps_its_pseudonyms(deployment: dict[str, object], cluster: str) -> None:
    upstream: Upstream = deployment["upstream"]  # type: ignore[assignment]
    upstream.take()
    prompt = f"Hi, I am {NAME} and my e-mail is {EMAIL}. Please greet me."
    sent: list[str] = []
    for turn in range(4):  # through HAProxy: round robin, one connection each, so the turns alternate
        if turn == 1:  # the first turn's values are written behind it: wait for them, as a person typing would
            deadline = time.monotonic() + 15
            while _count(cluster, "vault", "entries") < 2:
                assert time.monotonic() < deadline, "the first instance did not keep the conversation in the store"
                time.sleep(0.05)
        body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": prompt}]}).encode()
        headers = {"Content-Type": "application/json", "Authorization": "Bearer sk-instances", **_auth("alice")}
        status, answer = _send(int(deployment["lb"]), "POST", "http://api.openai.com/v1/chat/completions", headers, body)  # type: ignore[arg-type]
        assert status == 200
        assert json.loads(answer)["choices"][0]["message"]["content"] == "You said: " + prompt  # restored
        ((_, got),) = upstream.take()
        assert NAME not in got.decode() and EMAIL not in got.decode()
        sent.append(json.loads(got)["messages"][-1]["content"])
    assert len(set(sent)) == 1 and "@example" in sent[0]  # the same made-up name and e-mail in every turn, whichever instance took it
    deadline = time.monotonic() + 15
    while True:  # the audit logs are flushed within a second
        counts = [sum(1 for r in _records(inst.audit) if r.get("host") == "api.openai.com" and "decision" in r) for inst in deployment["instances"]]  # type: ignore[attr-defined]
        if sum(counts) >= 4 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert sum(counts) == 4 and all(c >= 1 for c in counts)  # both instances took turns


def test_one_instance_killed_under_load(deployment: dict[str, object]) -> None:
    from prometheus_client.parser import text_string_to_metric_families

    one, two = deployment["instances"]  # type: ignore[misc]
    upstream: Upstream = deployment["upstream"]  # type: ignore[assignment]
    upstream.take()
    lb = int(deployment["lb"])  # type: ignore[arg-type]
    killed_at: list[float] = []

    def one_request(n: int) -> tuple[float, int | None]:
        started = time.monotonic()
        try:
            status, _ = _send(lb, "GET", f"http://shop.test/api/item?n={n}", {"Sec-Fetch-Site": "same-origin", **_auth("bob")})
        except (OSError, http.client.HTTPException):
            return started, None  # in flight when its instance died
        return started, status

    with ThreadPoolExecutor(4) as pool:
        futures = [pool.submit(one_request, n) for n in range(40)]
        time.sleep(0.5)
        two.proc.send_signal(signal.SIGKILL)
        killed_at.append(time.monotonic())
        sent = 40
        while time.monotonic() < killed_at[0] + 3.0:  # load goes on for 3 s after the kill
            futures.append(pool.submit(one_request, sent))
            sent += 1
            time.sleep(0.02)
        results = [f.result() for f in futures]
    completed = [r for r in results if r[1] is not None]
    assert all(status == 200 for _, status in completed)
    after = [r for r in results if r[0] > killed_at[0] + 1.0]  # sent once HAProxy saw the death
    assert after and all(status == 200 for _, status in after)
    assert len(completed) >= len(results) - 8  # at most what 4 connections had in flight, twice
    arrived = {int(parse_qs(urlsplit(path).query)["n"][0]) for path, _ in upstream.take()}
    assert {n for n in range(sent) if results[n][1] == 200} <= arrived  # no completed flow lost
    conn = http.client.HTTPConnection("127.0.0.1", one.metrics_port, timeout=10)
    conn.request("GET", "/metrics")
    families = {f.name: f for f in text_string_to_metric_families(conn.getresponse().read().decode())}
    assert "guardian_decisions" in families and "guardian_sessions" in families
    decided = sum(s.value for s in families["guardian_decisions"].samples if s.name == "guardian_decisions_total")
    assert decided >= len(after)
