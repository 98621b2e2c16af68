"""The decision log: one JSON line per decided request (DESIGN.md step 10).

A record holds categories, keyed hashes, scores, levels and per-stage milliseconds; never a
raw value that was detected. Hashes are keyed (BLAKE2b with a secret kept beside the log) so
that a leaked log cannot be reversed by hashing a dictionary of likely emails or numbers, yet
the same value still gives the same hash across records, which lets a reader count repeats.

Writing is buffered so that a request pays for one `json.dumps` and a list append, not for file
I/O: `AuditLog.write` queues the line, and a daemon flusher thread writes the queue out every
`FLUSH_INTERVAL_S` seconds. A line written more than that long ago is in the file (handed to the
OS, so a crash of the process loses at most the last interval; there is no fsync, so a power
cut may lose more). `flush()` writes the queue now and `close()` writes it and stops the thread.
The queue is bounded (`MAX_BUFFER_LINES`, `MAX_BUFFER_BYTES`): a write that finds it full writes
it out on the caller's thread instead of growing memory. A write after `close()` raises
`ValueError`, as writing to a closed file does.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import secrets
import threading
import weakref
from pathlib import Path
from typing import Any

import orjson

__all__ = ["AuditLog", "ValueHasher", "FLUSH_INTERVAL_S", "MAX_BUFFER_LINES", "MAX_BUFFER_BYTES"]

log = logging.getLogger("guardian")

KEY_FILE_NAME = ".guardian-audit-key"
FLUSH_INTERVAL_S = 1.0  # the most a written line may wait before it is in the file
MAX_BUFFER_LINES = 10_000
MAX_BUFFER_BYTES = 8 * 1024 * 1024


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

    def derive(self, label: str) -> bytes:
        """A key for another use of this secret (e.g. "identifier-swap"), independent of the hashes."""
        return hashlib.blake2b(label.encode("utf-8"), key=self._key, digest_size=32).digest()

    def __call__(self, value: str) -> str:
        digest = hashlib.blake2b(value.encode("utf-8", "surrogatepass"), key=self._key, digest_size=8)
        return digest.hexdigest()


def _encode(record: dict[str, Any]) -> bytes:
    """One record as one UTF-8 JSON line. orjson writes one in a seventh of the stdlib's time (a
    record per request, on the request path); the stdlib takes what orjson refuses (a lone
    surrogate kept by surrogateescape, an integer beyond 64 bits), escaped as JSON does."""
    try:
        return orjson.dumps(record, default=str, option=orjson.OPT_APPEND_NEWLINE | orjson.OPT_NON_STR_KEYS)
    except TypeError:  # orjson.JSONEncodeError
        return (json.dumps(record, ensure_ascii=True, separators=(",", ":"), default=str) + "\n").encode("ascii")


class _Sink:
    """The queue, the file and the flusher thread: the state an `AuditLog` shares with its thread.

    Kept apart from `AuditLog` so that the thread holds no reference to the log object, and a log
    that is dropped (or still open at interpreter exit) is flushed and closed by a finalizer."""

    def __init__(self, path: Path, interval: float, max_lines: int, max_bytes: int) -> None:
        self.interval = interval
        self.max_lines = max_lines
        self.max_bytes = max_bytes
        self.lock = threading.Lock()  # guards the queue, its size, `closed` and `error`
        self.io_lock = threading.Lock()  # one writer of the file at a time, so lines keep their order
        self.lines: list[bytes] = []
        self.size = 0
        self.closed = False
        self.error: OSError | None = None  # the flusher's last failure, for the caller's next write
        # Unbuffered and O_APPEND: each write goes straight to the OS, and a short write tells
        # exactly which bytes are not yet in the file, so a retry neither repeats nor cuts a line.
        self.fh = open(path, "ab", buffering=0)  # noqa: SIM115 - kept open for the log's life
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, name="guardian-audit-flush", daemon=True)
        self.thread.start()

    def full(self) -> bool:
        """Whether the queue holds more than its cap (call with `lock` held)."""
        return len(self.lines) > self.max_lines or self.size > self.max_bytes

    def put(self, line: bytes) -> None:
        """Queue one line; write the queue out here if it is over its cap; raise a pending flusher error."""
        with self.lock:
            if self.closed:
                raise ValueError("audit log is closed")
            self.lines.append(line)
            self.size += len(line)
            full = self.full()
            error, self.error = (None, self.error) if full else (self.error, None)
        if full:
            self.drain()  # raises the OSError itself if the file still cannot be written
        elif error is not None:
            # The line is queued; the error reports an earlier flush that failed (lines kept).
            raise error

    def drain(self) -> None:
        """Write every queued line to the file; on OSError keep the unwritten lines (up to the cap) and raise."""
        with self.io_lock:
            if self.fh.closed:  # after close(): its own final drain took every line
                return
            with self.lock:
                lines, self.lines, self.size = self.lines, [], 0
            if not lines:
                return
            data = b"".join(lines)
            done = 0
            try:
                view = memoryview(data)
                for _ in range(len(data)):  # bounded: each pass writes at least one byte
                    n = self.fh.write(view[done:])
                    if not n:
                        raise OSError(errno.EIO, "audit log: write returned no bytes")
                    done += n
                    if done >= len(data):
                        break
                self.fh.flush()
            except OSError:
                self.keep(data[done:])
                raise
            with self.lock:
                self.error = None  # what an earlier failure held back is in the file now

    def keep(self, unwritten: bytes) -> None:
        """Put lines that could not be written back at the head of the queue, dropping the newest over the cap."""
        # The first piece may be the rest of a line cut by a short write: it must go out first.
        back = [p + b"\n" for p in unwritten.split(b"\n")[:-1]]
        with self.lock:
            merged = back + self.lines
            size = sum(len(x) for x in merged)
            dropped = 0
            while len(merged) > 1 and (len(merged) > self.max_lines or size > self.max_bytes):
                size -= len(merged.pop())
                dropped += 1
            self.lines, self.size = merged, size
        if dropped:
            log.error("guardian: audit log buffer full while the file fails: %d records dropped", dropped)

    def run(self) -> None:
        """The flusher thread: write the queue out every `interval` seconds until stopped."""
        while not self.stop.wait(self.interval):  # bounded by close(), which sets `stop`
            try:
                self.drain()
            except OSError as e:
                with self.lock:
                    self.error = e
                log.error("guardian: cannot write the audit log (records kept for the next try): %s", e)
            except Exception:  # noqa: BLE001 - the flusher must outlive any bug, or lines pile up unseen
                log.exception("guardian: audit log flusher failed")

    def close(self) -> None:
        """Stop the thread, write everything still queued, close the file; a second call does nothing."""
        with self.lock:
            if self.closed:
                return
            self.closed = True  # from here on `put` refuses, so the final drain sees every line
        self.stop.set()
        if threading.current_thread() is not self.thread:  # a finalizer may run on any thread
            self.thread.join()
        try:
            self.drain()
        finally:
            with self.io_lock:
                self.fh.close()


class AuditLog:
    """Append-only JSONL log, safe to write from several threads; one line per record, buffered.

    `write` queues; the file gets the lines within `flush_interval_s`, on `flush()` or on `close()`.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        flush_interval_s: float = FLUSH_INTERVAL_S,
        max_buffer_lines: int = MAX_BUFFER_LINES,
        max_buffer_bytes: int = MAX_BUFFER_BYTES,
    ) -> None:
        if flush_interval_s <= 0 or max_buffer_lines < 1 or max_buffer_bytes < 1:
            raise ValueError("flush_interval_s, max_buffer_lines and max_buffer_bytes must be positive")
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.hasher = ValueHasher.beside(self.path)
        self._sink = _Sink(self.path, flush_interval_s, max_buffer_lines, max_buffer_bytes)
        # A log nobody closed is flushed when it is collected or when the interpreter exits.
        self._finalizer = weakref.finalize(self, self._sink.close)

    @property
    def closed(self) -> bool:
        """Whether `close()` was called."""
        return self._sink.closed

    def write(self, record: dict[str, Any]) -> None:
        """Queue one record as a JSON line.

        Raises ValueError after `close()`, and OSError when the queue was full and could not be
        written, or when the flusher failed since the last call (that record is still queued)."""
        self._sink.put(_encode(record))

    def write_encoded(self, line: bytes) -> None:
        """Queue one record already encoded as its JSON line (ending in a newline), as `write`."""
        self._sink.put(line)

    def flush(self) -> None:
        """Write every queued line to the file now; raises OSError if the file cannot be written."""
        self._sink.drain()

    def close(self) -> None:
        """Write everything queued, stop the flusher thread and close the file; safe to call twice."""
        self._finalizer()  # runs `_Sink.close` once, however often close() is called
