"""What a decision costs the proxy in process and through the decision process (guardian/worker.py).

Decides workload a of proxy_bench.py (small first-party bodies, allow) one request after another,
first with the pipeline in this process, then through a real `python -m guardian.worker` child,
and prints per request: latency p50/p95, this process's CPU, and the child's CPU (from /proc).

    .venv/bin/python lab/bench/decision_process_bench.py [--requests 1000] [--gap-ms 0]

`--gap-ms` waits between requests, as a lightly used proxy does: a process woken for each
request runs colder than one in a tight loop.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "lab" / "bench"))

import proxy_bench  # noqa: E402

from guardian.decider import FlowDecider  # noqa: E402
from guardian.addon.offload import DecisionProcess  # noqa: E402
from guardian.assemble import assemble  # noqa: E402
from guardian.records import HttpRequest  # noqa: E402
from guardian.session import Sessions  # noqa: E402
from guardian.session_sync import ProxySessions  # noqa: E402
from guardian.settings import Settings  # noqa: E402

READY_LIMIT_S = 180.0
SETTLE_S = 10.0  # the child's background loads finish before measuring


def _parse(raw: bytes) -> HttpRequest:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, url, _ = lines[0].split(" ")
    headers = tuple(tuple(line.split(": ", 1)) for line in lines[1:])
    return HttpRequest(method=method, url=url, headers=headers, body=body)  # type: ignore[arg-type]


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _row(name: str, latencies: list[float], own_cpu_s: float, child_cpu_s: float | None) -> str:
    n = len(latencies)
    q = statistics.quantiles(latencies, n=20)
    child = f"{child_cpu_s / n * 1000:8.3f}" if child_cpu_s is not None else "       -"
    return f"{name:<12} {statistics.median(latencies) * 1000:8.3f} {q[18] * 1000:8.3f} {own_cpu_s / n * 1000:8.3f} {child}"


async def run(args: argparse.Namespace) -> None:
    settings = Settings.from_values({"guardian_rules": str(ROOT / "lab" / "bench" / "rules.yaml"), "guardian_policy_db": "off"})
    requests = [_parse(r.raw) for r in proxy_bench.workload_a()]
    gap = args.gap_ms / 1000

    async def measure(decide: object) -> tuple[list[float], float]:
        latencies, c0 = [], time.process_time()
        for i in range(args.requests):
            t = time.perf_counter()
            decision = await decide(requests[i % len(requests)])  # type: ignore[operator]
            latencies.append(time.perf_counter() - t)
            assert decision is not None and decision.verdict.value == "allow"
            if gap:
                await asyncio.sleep(gap)
        return latencies, time.process_time() - c0

    # one user's session on each side, as the proxy keeps it (frames, identifiers seen)
    proxy_sessions = ProxySessions()
    here, there = Sessions().get("bench"), proxy_sessions.get("bench")
    pipeline, decider = assemble(settings), FlowDecider()
    for thread in threading.enumerate():  # the background model loads are not a decision's cost
        if thread.name.startswith("guardian-") and thread.name.endswith("-warm"):
            thread.join()
    for r in requests:  # warm both paths' caches alike
        await decider.decide(pipeline, r, here, fail="closed", timeout=10)
    in_process = await measure(lambda r: decider.decide(pipeline, r, here, fail="closed", timeout=10))
    decider.close()

    process = DecisionProcess()
    process.start(settings)
    deadline = time.monotonic() + READY_LIMIT_S
    while not process.ready:
        if time.monotonic() > deadline:
            raise SystemExit("the decision process did not get ready")
        await process.decide(requests[0], there, proxy_sessions, fail="closed", timeout=10)
        await asyncio.sleep(0.2)
    await asyncio.sleep(SETTLE_S)
    assert process.pid is not None
    child0 = _cpu_s(process.pid)
    through_child = await measure(lambda r: process.decide(r, there, proxy_sessions, fail="closed", timeout=10))
    child_cpu = _cpu_s(process.pid) - child0
    process.close()

    print(f"workload a, {args.requests} requests one after another, gap {args.gap_ms:g} ms")
    print(f"{'path':<12} {'p50 ms':>8} {'p95 ms':>8} {'CPU here':>8} {'CPU child':>8}   (CPU in ms per request)")
    print(_row("in process", *in_process, None))
    print(_row("child", *through_child, child_cpu))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--gap-ms", type=float, default=0.0, help="pause between requests (default 0)")
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
