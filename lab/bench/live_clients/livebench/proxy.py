"""mitmdump, started plain (baseline) or with GuardianAgent between the two recorders (guardian).

    recorder_first.py -> [guardian_addon.py] -> recorder_last.py, route.py sends all to the fake internet

The recorders append JSON lines to two files; the harness reads them by offset, page by page.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .procs import ProcessGroup

__all__ = ["Proxy", "start_proxy", "free_port", "HERE", "PROJECT_ROOT"]

HERE = Path(__file__).resolve().parent
PROJECT_ROOT = HERE.parents[3]
DECISION_PROCESS_READY = re.compile(rb"decision process \d+ ready")


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (bound then released)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Proxy:
    """A running mitmdump and the files its recorders write."""

    mode: str
    port: int
    confdir: Path
    first: Path
    last: Path
    log: Path
    audit: Path | None
    process: subprocess.Popen[bytes]

    @property
    def ca_cert(self) -> Path:
        """mitmproxy's CA (Chromium trusts it by its key)."""
        return self.confdir / "mitmproxy-ca-cert.pem"

    def alive(self) -> bool:
        """True while mitmdump runs."""
        return self.process.poll() is None


def _wait_started(proc: subprocess.Popen[bytes], log: Path, decision_process: bool, timeout: float = 120.0) -> None:
    """Block until mitmdump listens (and GuardianAgent's decision process, when it has one, is ready)."""
    deadline = time.monotonic() + timeout
    soft = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"mitmdump exited early:\n{log.read_text(errors='replace')[-4000:]}")
        data = log.read_bytes()
        if b"listening at" in data:
            if not decision_process or DECISION_PROCESS_READY.search(data):
                return
            soft = soft or time.monotonic() + 60  # an older proxy may not say it: do not wait forever
            if time.monotonic() > soft:
                return
        time.sleep(0.1)
    raise RuntimeError(f"mitmdump did not start in {timeout:.0f}s:\n{log.read_text(errors='replace')[-4000:]}")


def start_proxy(mode: str, work: Path, confdir: Path, upstream_ca: Path, target_port: int, group: ProcessGroup,
                trackers: str | None = None, mitmdump: Path | None = None, htpasswd: Path | None = None) -> Proxy:
    """Start mitmdump for `mode` ("baseline" or "guardian"); killed with `group`.

    `htpasswd`: mitmproxy's proxy authentication against that file (both modes, so that both see
    the same traffic), and in guardian mode `guardian_users=proxyauth` (one session per user)."""
    work.mkdir(parents=True, exist_ok=True)
    exe = mitmdump or PROJECT_ROOT / ".venv" / "bin" / "mitmdump"
    port = free_port()
    first, last, log = work / "first.jsonl", work / "last.jsonl", work / "mitmdump.log"
    for f in (first, last):
        f.write_bytes(b"")
    cmd = [str(exe), "--listen-host", "127.0.0.1", "--listen-port", str(port),
           "--set", f"confdir={confdir}", "--set", "flow_detail=0",
           "--set", "connection_strategy=lazy",
           "--set", f"ssl_verify_upstream_trusted_ca={upstream_ca}",
           "-s", str(HERE / "route.py"), "-s", str(HERE / "recorder_first.py")]
    if htpasswd is not None:
        cmd += ["--set", f"proxyauth=@{htpasswd}"]
    audit = None
    decision_process = False
    if mode == "guardian":
        audit = work / "audit.jsonl"
        cmd += ["-s", str(PROJECT_ROOT / "guardian_addon.py")]
    cmd += ["-s", str(HERE / "recorder_last.py")]
    if mode == "guardian":
        cmd += ["--set", f"guardian_audit={audit}", "--set", "guardian_policy_fetch=false",
                "--set", "guardian_policy_db=off"]
        if trackers:
            cmd += ["--set", f"guardian_trackers={trackers}"]
        if htpasswd is not None:
            cmd += ["--set", "guardian_users=proxyauth"]
        decision_process = (os.cpu_count() or 1) >= 2
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "LIVEBENCH_TARGET": f"127.0.0.1:{target_port}",
           "LIVEBENCH_FIRST": str(first), "LIVEBENCH_LAST": str(last)}
    env.pop("GUARDIAN_LLM_BASE_URL", None)  # no LLM: rule levels only
    fh = open(log, "wb")  # noqa: SIM115 - owned by the process group
    proc = group.popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=work, env=env)
    group.files.append(fh)
    _wait_started(proc, log, decision_process)
    return Proxy(mode, port, confdir, first, last, log, audit, proc)
