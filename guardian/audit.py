"""The decision log: one JSON line per decided request (DESIGN.md step 10).

A record holds categories, keyed hashes, scores, levels and per-stage milliseconds; never a
raw value that was detected. Hashes are keyed (BLAKE2b with a secret kept beside the log) so
that a leaked log cannot be reversed by hashing a dictionary of likely emails or numbers, yet
the same value still gives the same hash across records, which lets a reader count repeats.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
from pathlib import Path
from typing import Any

__all__ = ["AuditLog", "ValueHasher"]

KEY_FILE_NAME = ".guardian-audit-key"


class ValueHasher:
    """Keyed, truncated hashes of detected values, safe to write into records."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key or secrets.token_bytes(32)

    @classmethod
    def beside(cls, log_path: Path) -> ValueHasher:
        """The hasher whose key lives next to `log_path`, created (mode 0600) on first use."""
        key_path = log_path.parent / KEY_FILE_NAME
        try:
            key = key_path.read_bytes()
            if len(key) >= 16:
                return cls(key)
        except FileNotFoundError:
            pass
        key = secrets.token_bytes(32)
        fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(key)
        return cls(key)

    def __call__(self, value: str) -> str:
        digest = hashlib.blake2b(value.encode("utf-8", "surrogatepass"), key=self._key, digest_size=8)
        return digest.hexdigest()


class AuditLog:
    """Append-only JSONL log, safe to write from several threads; one line per record."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.hasher = ValueHasher.beside(self.path)
        self._lock = threading.Lock()
        self._fh = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - kept open for the log's life

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"), default=str)
        with self._lock:
            self._fh.write(line + "\n")
            self._fh.flush()

    def close(self) -> None:
        with self._lock:
            if not self._fh.closed:
                self._fh.close()
