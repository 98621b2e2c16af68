"""PostgreSQL faults under load: the proxy goes on deciding from memory and loses no write.

    load (several users, proxyauth) ──> mitmdump -s guardian_addon.py ──> upstream (127.0.0.1)
                                         └── guardian_store: a throwaway PostgreSQL cluster

The users send, in turn, a tracker beacon carrying their id (learnt into their session), the same
id to another site (rewritten because the session knows it), a first-party request (allowed
unchanged) and an AI chat turn with a name and an e-mail (pseudonyms kept in the vault). Phases:

    warmup   the first requests after the start (counted apart: the first flows load models)
    before   the store answers
    stopped  `pg_ctl stop -m fast`, restarted after STOP_S
    frozen   every process of the cluster SIGSTOPped for FREEZE_S (connections open, no answer),
             twice (a short and a long freeze), each followed by a quiet `after` phase

Per phase: every request completed and decided as it should (checked on what reached the
upstream: the id never raw where it is rewritten, the first-party request unchanged, the chat's
name and e-mail never raw and the answer restored), and the latency (p50, p95, max) against the
`before` phase. The targets: p95 within 2x before + 200 ms, no request over 1 s longer than the
slowest before.

Then the proxy is stopped and a fresh one started on the same store and key files, with an empty
memory: each id learnt in every phase must still be rewritten (the session's writes landed), and
each chat must get the surrogate it got before (the vault's writes landed).

    .venv/bin/python lab/bench/store_faults.py [--users 4] [--freeze 10,25] [--out results.json]

Needs PostgreSQL's binaries (Debian's postgresql) and mitmdump; takes about 3 minutes.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from lab.bench.proxy_bench import MITMDUMP, _free_port  # noqa: E402 - after the path
from lab.testing.echo_upstream import EchoUpstream  # noqa: E402
from lab.testing.pg_cluster import PgCluster, throwaway_cluster  # noqa: E402

BEACON = {"Referer": "http://shop.test/", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}
KINDS = ("beacon", "again", "first_party", "chat")
THINK_S = 0.05  # between one user's requests: a person's page sends a few a second
WARMUP_S, BEFORE_S, STOP_S, QUIET_S = 5.0, 15.0, 10.0, 10.0
P95_FACTOR, P95_SLACK_S, MAX_SLACK_S = 2.0, 0.2, 1.0  # the targets
START_S = 120.0
NAMES = ("Ada Quellbrook", "Bruno Faltermeyer", "Cora Wendlingham", "Dario Pellucci", "Edda Marrowfield",
         "Fynn Oberkampf", "Greta Sollinger", "Hugo Brantwell")


@dataclass
class Sent:
    """One request: who sent it, what kind, in which phase, how long it took and how it ended."""
    n: int
    user: str
    kind: str
    phase: str
    started: float
    seconds: float = 0.0
    status: int | None = None
    answer: bytes = b""
    error: str = ""


@dataclass
class Proxy:
    port: int
    metrics: int
    log: Path
    proc: object = field(repr=False)

    def stop(self) -> None:
        import subprocess

        assert isinstance(self.proc, subprocess.Popen)
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def start_proxy(work: Path, shared: Path, store: str, upstream: int, users: list[str], name: str) -> Proxy:
    """mitmdump with the addon's defaults (the decision process on), the store and proxyauth users."""
    import subprocess

    from passlib.apache import HtpasswdFile

    htpasswd = shared / "htpasswd"
    if not htpasswd.exists():
        file = HtpasswdFile(str(htpasswd), new=True)
        for user in users:
            file.set_password(user, f"{user}-pw")
        file.save()
    folder = work / name
    folder.mkdir()
    port, metrics = _free_port(), _free_port()
    log = folder / "mitmdump.log"
    cmd = [
        str(MITMDUMP), "--listen-host", "127.0.0.1", "--listen-port", str(port),
        "--mode", f"upstream:http://127.0.0.1:{upstream}",
        "--set", f"confdir={shared / 'mitmproxy'}", "--set", "flow_detail=0", "--set", f"proxyauth=@{htpasswd}",
        "-s", str(ROOT / "guardian_addon.py"),
        "--set", f"guardian_rules={ROOT / 'lab' / 'bench' / 'rules.yaml'}",
        "--set", f"guardian_audit={shared / (name + '-audit.jsonl')}", "--set", f"guardian_vault={shared / 'vault.sqlite3'}",
        "--set", f"guardian_store={store}", "--set", "guardian_users=proxyauth",
        "--set", f"guardian_policy_db={folder / 'policy.db'}", "--set", "guardian_policy_fetch=false",
        "--set", f"guardian_metrics={metrics}", "--set", "guardian_pseudonyms=surrogates",
    ]
    fh = open(log, "wb")  # noqa: SIM115 - the process holds it until it ends
    proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=folder, env={"PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin", "HOME": str(folder)})
    deadline = time.monotonic() + START_S
    while b"listening at" not in log.read_bytes():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"mitmdump did not start:\n{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.2)
    return Proxy(port, metrics, log, proc)


def user_id(user: str, phase: str) -> str:
    """An id the user's tracker gives them, one per phase, so each phase's learning can be checked."""
    return "u" + hashlib.sha256(f"{user}/{phase}".encode()).hexdigest()[:15]


def chat_prompt(user: str, phase: str, users: list[str]) -> str:
    name = NAMES[(users.index(user) * 3 + len(phase)) % len(NAMES)]
    mail = f"{name.split()[0].lower()}.{hashlib.sha256(f'{user}{phase}'.encode()).hexdigest()[:6]}@example.org"
    return f"Hi, I am {name} and my e-mail is {mail}. Please greet me."


def send(port: int, user: str, kind: str, phase: str, n: int, users: list[str]) -> Sent:
    auth = {"Proxy-Authorization": "Basic " + base64.b64encode(f"{user}:{user}-pw".encode()).decode(), "X-Bench-N": str(n)}
    uid = user_id(user, phase)
    if kind == "beacon":
        method, url, headers, body = "GET", f"http://metrics.test/collect?uid={uid}&ev=view", BEACON, b""
    elif kind == "again":
        method, url, headers, body = "GET", f"http://cdn.other.test/p.gif?ref={uid}&w=1", BEACON, b""
    elif kind == "first_party":
        method, url, headers, body = "GET", f"http://shop.test/api/item?n={n}", {"Sec-Fetch-Site": "same-origin"}, b""
    else:
        method, url = "POST", "http://api.openai.com/v1/chat/completions"
        headers = {"Content-Type": "application/json", "Authorization": "Bearer sk-store-faults"}
        body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": chat_prompt(user, phase, users)}]}).encode()
    sent = Sent(n, user, kind, phase, time.monotonic())
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, url, body=body or None, headers={**headers, **auth})
        resp = conn.getresponse()
        sent.status, sent.answer = resp.status, resp.read()
    except (OSError, http.client.HTTPException) as e:
        sent.error = type(e).__name__
    finally:
        conn.close()
        sent.seconds = time.monotonic() - sent.started
    return sent


def verdict(sent: Sent, upstream: EchoUpstream, users: list[str], learnt: bool = True) -> str:
    """'' when the request ended as it should; else what went wrong. `learnt`: whether the user's
    beacon of this phase was answered before this request started (else its id is new to the
    session, and going raw to another site is right)."""
    if sent.status != 200:
        return f"status {sent.status} {sent.error}".strip()
    with upstream.lock:
        arrived = upstream.keyed.get(str(sent.n))
    if arrived is None:
        return "never reached the upstream"
    path, body = arrived
    uid = user_id(sent.user, sent.phase)
    if sent.kind == "beacon" or (sent.kind == "again" and learnt):
        return f"{sent.kind}: the id went raw" if uid in path else ""
    if sent.kind == "again":
        return ""
    if sent.kind == "first_party":
        return "" if parse_qs(urlsplit(path).query).get("n") == [str(sent.n)] else "first-party request changed"
    prompt = chat_prompt(sent.user, sent.phase, users)
    name, mail = prompt.split("I am ")[1].split(" and")[0], prompt.split("is ")[1].split(". ")[0]
    if name in body.decode(errors="replace") or mail in body.decode(errors="replace"):
        return "chat: a value went raw"
    if json.loads(sent.answer)["choices"][0]["message"]["content"] != "You said: " + prompt:
        return "chat: the answer was not restored"
    return ""


class Load:
    """Each user sends the four kinds in turn, back to back with a short pause, in the current phase."""

    def __init__(self, port: int, users: list[str]) -> None:
        self.port, self.users = port, users
        self.phase = "before"
        self.sent: list[Sent] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self._n = 0
        self.threads = [threading.Thread(target=self._user, args=(u,), daemon=True) for u in users]

    def _next(self) -> int:
        with self.lock:
            self._n += 1
            return self._n

    def _user(self, user: str) -> None:
        turn = self.users.index(user)
        while not self.stopping.is_set():
            kind = KINDS[turn % len(KINDS)]
            turn += 1
            done = send(self.port, user, kind, self.phase, self._next(), self.users)
            with self.lock:
                self.sent.append(done)
            time.sleep(THINK_S)

    def __enter__(self) -> Load:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(timeout=120)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else 0.0


def run_phases(cluster: PgCluster, load: Load, freezes: list[float]) -> list[tuple[str, Callable[[], None], Callable[[], None], float]]:
    """The phases in order: (name, fault on, fault off, seconds)."""
    nothing: Callable[[], None] = lambda: None  # noqa: E731
    phases = [("warmup", nothing, nothing, WARMUP_S), ("before", nothing, nothing, BEFORE_S),
              ("stopped", lambda: cluster.stop("fast"), cluster.start, STOP_S), ("after_restart", nothing, nothing, QUIET_S)]
    for seconds in freezes:
        phases += [(f"frozen_{seconds:g}s", cluster.freeze, cluster.thaw, seconds), (f"after_{seconds:g}s", nothing, nothing, QUIET_S)]
    return phases


def metrics(port: int) -> dict[str, float]:
    from prometheus_client.parser import text_string_to_metric_families

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/metrics")
    out: dict[str, float] = {}
    for family in text_string_to_metric_families(conn.getresponse().read().decode()):
        if family.name.startswith("guardian_store"):
            for s in family.samples:
                out[s.name + json.dumps(s.labels, sort_keys=True)] = s.value
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--users", type=int, default=4)
    ap.add_argument("--freeze", default="10,25", help="freeze lengths in seconds, comma-separated")
    ap.add_argument("--out", type=Path, default=None, help="write the report as JSON here")
    args = ap.parse_args()
    users = [f"user{i}" for i in range(args.users)]
    freezes = [float(s) for s in args.freeze.split(",") if s]
    upstream = EchoUpstream(key_header="X-Bench-N")
    report: dict[str, object] = {"users": len(users), "freezes_s": freezes}
    with throwaway_cluster() as cluster, tempfile.TemporaryDirectory(prefix="guardian-faults-") as tmp:
        work = Path(tmp)
        shared = work / "shared"
        shared.mkdir()
        store = cluster.create_database("faults")
        proxy = start_proxy(work, shared, store, upstream.port, users, "first")
        phases: list[dict[str, object]] = []
        try:
            with Load(proxy.port, users) as load:
                for name, on, off, seconds in run_phases(cluster, load, freezes):
                    load.phase = name
                    t0 = time.monotonic()
                    on()
                    time.sleep(max(0.0, seconds - (time.monotonic() - t0)))
                    off()
                    phases.append({"name": name, "seconds": round(time.monotonic() - t0, 1)})
                load.phase = "end"
                time.sleep(2)
            report["metrics_after"] = metrics(proxy.metrics)
        finally:
            proxy.stop()
        sent = [s for s in load.sent if s.phase != "end"]
        learnt_at: dict[tuple[str, str], float] = {}
        for s in sent:
            if s.kind == "beacon" and s.status == 200:
                key = (s.user, s.phase)
                learnt_at[key] = min(learnt_at.get(key, float("inf")), s.started + s.seconds)
        wrong = {s.n: verdict(s, upstream, users, learnt_at.get((s.user, s.phase), float("inf")) < s.started) for s in sent}
        before = [s.seconds for s in sent if s.phase == "before"]
        p95_before, max_before = pct(before, 0.95), max(before, default=0.0)
        report["first_request_ms"] = round(min(sent, key=lambda s: s.n).seconds * 1000, 1) if sent else None
        for p in phases:
            mine = [s for s in sent if s.phase == p["name"]]
            secs = [s.seconds for s in mine]
            p.update(requests=len(mine), wrong=sum(1 for s in mine if wrong[s.n]),
                     wrong_kinds=sorted({wrong[s.n] for s in mine if wrong[s.n]}),
                     p50_ms=round(statistics.median(secs) * 1000, 1) if secs else None,
                     p95_ms=round(pct(secs, 0.95) * 1000, 1), max_ms=round(max(secs, default=0.0) * 1000, 1),
                     slowest=[(s.kind, round(s.seconds * 1000, 1)) for s in sorted(mine, key=lambda s: -s.seconds)[:3]])
            p["p95_ok"] = pct(secs, 0.95) <= P95_FACTOR * p95_before + P95_SLACK_S
            p["max_ok"] = max(secs, default=0.0) <= max_before + MAX_SLACK_S
        report["phases"] = phases

        # a fresh proxy, empty memory, the same store: what the first one learnt must be there
        again = start_proxy(work, shared, store, upstream.port, users, "second")
        kept: dict[str, dict[str, int]] = {}
        try:
            first_surrogate = {(s.user, s.phase): upstream.keyed[str(s.n)][1] for s in sent if s.kind == "chat" and not wrong[s.n]}
            n = 10_000_000
            for p in phases:
                ids = chats = ids_kept = chats_kept = 0
                for user in users:
                    if not any(s.user == user and s.phase == p["name"] and s.kind == "beacon" for s in sent):
                        continue
                    n += 1
                    ids += 1
                    done = send(again.port, user, "again", str(p["name"]), n, users)
                    ids_kept += int(done.status == 200 and not verdict(done, upstream, users))
                    if (user, p["name"]) in first_surrogate:
                        n += 1
                        chats += 1
                        done = send(again.port, user, "chat", str(p["name"]), n, users)
                        ids_before = _said(first_surrogate[(user, str(p["name"]))])
                        chats_kept += int(not verdict(done, upstream, users) and _said(upstream.keyed[str(n)][1]) == ids_before)
                kept[str(p["name"])] = {"ids": ids, "ids_kept": ids_kept, "chats": chats, "chats_same_surrogates": chats_kept}
        finally:
            again.stop()
        report["after_restart_of_the_proxy"] = kept
        report["log_lines"] = [line for line in proxy.log.read_text(errors="replace").splitlines() if "store" in line][:40]
    print(json.dumps(report, indent=1))
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    ok = all(p["wrong"] == 0 and p["p95_ok"] and p["max_ok"] for p in phases if p["name"] != "warmup") and all(
        v["ids"] == v["ids_kept"] and v["chats"] == v["chats_same_surrogates"] for v in kept.values())
    print("all targets met" if ok else "targets NOT met")
    return 0 if ok else 1


def _said(body: bytes) -> str:
    """The user's message as the AI service got it (with the surrogates)."""
    return str(json.loads(body)["messages"][-1]["content"])


if __name__ == "__main__":
    raise SystemExit(main())
