"""The embedded default LLM: llama-cpp-python's OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO

from guardian.errors import ConfigError
from guardian.llm.settings import DEFAULT_MODEL

__all__ = ["EmbeddedServer", "DEFAULT_PORT", "free_port", "wait_ready"]

DEFAULT_PORT = 8081
DEFAULT_CTX = 4096


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (for tests)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(base_url: str, timeout: float, proc: subprocess.Popen[bytes] | None = None) -> bool:
    """Whether `GET {base_url}/models` answers within `timeout` (False early if `proc` died)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(f"{base_url}/models", timeout=2) as r:
                if r.status == 200 and "data" in json.loads(r.read() or b"{}"):
                    return True
        except (urllib.error.URLError, OSError, ValueError):
            pass
        time.sleep(0.3)
    return False


class EmbeddedServer:
    """Starts and stops `python -m llama_cpp.server` with the cached model; loopback only."""

    def __init__(
        self,
        model: Path | str | None = None,
        *,
        port: int = DEFAULT_PORT,
        n_ctx: int = DEFAULT_CTX,
        threads: int | None = None,
        log_path: Path | str | None = None,
    ) -> None:
        from guardian.llm.provision import model_path

        self.model = Path(model) if model else model_path()
        self.port = port
        self.n_ctx = n_ctx
        # GUARDIAN_LLM_THREADS=1 helps on a crowded machine: llama.cpp's threads wait for each other.
        self.threads = threads or int(os.environ.get("GUARDIAN_LLM_THREADS") or 0) or max(1, os.cpu_count() or 1)
        self.log_path = Path(log_path) if log_path else None
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "llama_cpp.server",
            "--model", str(self.model),
            "--model_alias", DEFAULT_MODEL,
            "--host", "127.0.0.1",
            "--port", str(self.port),
            "--n_ctx", str(self.n_ctx),
            "--n_threads", str(self.threads),
            "--n_threads_batch", str(self.threads),
            # Our client streams (so a caller that gives up stops the generation); by default the
            # server would also cut a running stream short whenever another request arrives.
            "--interrupt_requests", "false",
        ]

    def start(self, wait: float = 180.0) -> EmbeddedServer:
        """Start the server and wait until it answers; ConfigError if it cannot start."""
        if not self.model.exists():
            raise ConfigError(f"no model at {self.model}; run ./guardian.sh setup-llm")
        if wait_ready(self.base_url, 0.5):
            raise ConfigError(f"port {self.port} on 127.0.0.1 already serves an LLM; stop it or pick another port")
        out: IO[bytes] | int = subprocess.DEVNULL
        if self.log_path is not None:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            self._log = open(self.log_path, "ab")
            out = self._log
        self.proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        if not wait_ready(self.base_url, wait, self.proc):
            code = self.proc.poll()
            self.stop()
            where = f"; see {self.log_path}" if self.log_path else ""
            raise ConfigError(f"the embedded LLM server did not start (exit {code}){where}")
        return self

    def wait(self) -> int:
        assert self.proc is not None
        return self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> EmbeddedServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
