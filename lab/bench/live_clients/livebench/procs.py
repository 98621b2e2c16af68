"""Every process the harness starts, killed at exit, also on errors and signals.

Each child gets its own process group (so a child's children go with it), and only those
groups are signalled: nothing is killed by name.
"""

from __future__ import annotations

import atexit
import os
import signal
import subprocess
from types import FrameType
from typing import IO, Any

__all__ = ["ProcessGroup"]


class ProcessGroup:
    """Starts children in new sessions and terminates them (then kills) on `close`."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[bytes]] = []
        self.files: list[IO[Any]] = []
        atexit.register(self.close)

    def popen(self, cmd: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        """Popen in a new session, remembered for `close`."""
        proc: subprocess.Popen[bytes] = subprocess.Popen(cmd, start_new_session=True, **kwargs)
        self.procs.append(proc)
        return proc

    def stop(self, proc: subprocess.Popen[bytes]) -> None:
        """SIGTERM one child's group, SIGKILL it if it lingers."""
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=10)
            except ProcessLookupError:
                pass
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        if proc in self.procs:
            self.procs.remove(proc)

    def close(self) -> None:
        """SIGTERM each child's group, wait a little, then SIGKILL what is left (idempotent)."""
        for proc in self.procs:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait(timeout=5)
        self.procs.clear()
        for fh in self.files:
            fh.close()
        self.files.clear()

    def install_signal_handlers(self) -> None:
        """SIGTERM/SIGINT/SIGHUP: close the children, then exit."""

        def handler(signum: int, _frame: FrameType | None) -> None:
            self.close()
            raise SystemExit(128 + signum)

        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, handler)
