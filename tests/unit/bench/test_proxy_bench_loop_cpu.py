"""proxy_bench's loopCPU: the CPU of mitmproxy's event-loop thread alone, per request."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from lab.bench import proxy_bench as pb

# The main thread spins until it has used 0.6 s of CPU (its own clock, so a busy machine only
# makes it take longer), then sleeps; a second thread spins all along.
_SPIN = """
import threading, time
def spin(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
def spin_cpu(seconds):
    while time.thread_time() < seconds:
        pass
threading.Thread(target=spin, args=(30.0,), daemon=True).start()
spin_cpu(0.6)
print("spun", flush=True)
time.sleep(30)
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_loop_cpu_is_the_main_threads_alone(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", _SPIN], stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"spun\n"
        time.sleep(0.3)
        child = pb.Proc("spin", 0, proc, tmp_path / "log")
        loop, whole = child.loop_cpu_s(), child.cpu_s()
        # the main thread stopped spinning; the other thread's CPU counts only in the whole process
        assert 0.2 <= loop < whole
        time.sleep(0.3)
        assert child.loop_cpu_s() == pytest.approx(loop, abs=0.05)
    finally:
        proc.kill()
        proc.wait()


def test_a_missing_thread_reads_as_no_cpu(tmp_path: Path) -> None:
    assert pb._stat_cpu_s(tmp_path / "no" / "stat") == 0.0


def test_loop_cpu_is_reported_per_request_and_as_added() -> None:
    plain, addon = pb.PhaseResult(), pb.PhaseResult()
    plain.latencies_ms, addon.latencies_ms = [1.0] * 100, [1.5] * 100
    plain.wall_s = addon.wall_s = 1.0
    plain.loop_cpu_s, addon.loop_cpu_s = 0.35, 0.43
    p, a = pb.summarize(plain), pb.summarize(addon)
    assert p["loop_cpu_ms_per_req"] == 3.5 and a["loop_cpu_ms_per_req"] == 4.3
    assert pb.added(p, a)["added_loop_cpu_ms_per_req"] == 0.8
    merged = pb.merge_phases(plain, addon)
    assert merged.loop_cpu_s == pytest.approx(0.78)
