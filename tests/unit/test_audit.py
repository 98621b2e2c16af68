"""The buffered audit log: lines reach the file in time, in order, whole, and survive failures."""

from __future__ import annotations

import gc
import json
import logging
import os
import stat
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from guardian.audit import FLUSH_INTERVAL_S, KEY_FILE_NAME, AuditLog

NEVER = 3600.0  # a flush interval no test waits for: only flush(), close() or the cap write


def _lines(path: Path) -> list[str]:
    """The file's complete lines (none when it does not exist yet)."""
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def _wait_lines(path: Path, n: int, timeout: float) -> float:
    """Poll until `path` holds `n` lines; return the seconds it took (fails after `timeout`)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:  # bounded by timeout
        if len(_lines(path)) >= n:
            return time.monotonic() - t0
        time.sleep(0.02)
    pytest.fail(f"{path} has {len(_lines(path))} lines after {timeout}s, expected {n}")


class FlakyFile:
    """Stands in for the log's file: notes who writes; the next `fail` writes fail (ENOSPC, or short by `partial`)."""

    def __init__(self, real: Any, fail: int, partial: int = 0) -> None:
        self.real, self.fail, self.partial = real, fail, partial
        self.writers: set[str] = set()  # names of the threads that wrote

    @property
    def closed(self) -> bool:
        return bool(self.real.closed)

    def write(self, data: memoryview) -> int:
        self.writers.add(threading.current_thread().name)
        if self.fail > 0:
            self.fail -= 1
            if self.partial:
                written = self.real.write(data[: self.partial])
                self.partial = 0
                return int(written)  # a short write; the next call raises
            raise OSError(28, "No space left on device")
        return int(self.real.write(data))

    def flush(self) -> None:
        self.real.flush()

    def close(self) -> None:
        self.real.close()


def test_lines_reach_the_file_within_the_flush_interval_without_close(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    sink = log._sink
    with sink.io_lock:
        sink.fh = FlakyFile(sink.fh, fail=0)  # type: ignore[assignment]
    try:
        log.write({"decision": "allow", "n": 1})
        waited = _wait_lines(path, 1, timeout=FLUSH_INTERVAL_S + 2)
        assert waited <= FLUSH_INTERVAL_S + 0.75
        assert json.loads(_lines(path)[0]) == {"decision": "allow", "n": 1}
        assert sink.fh.writers == {sink.thread.name}  # type: ignore[attr-defined]  # not the caller's thread
    finally:
        log.close()


def test_close_writes_everything_and_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER)
    for i in range(100):
        log.write({"i": i, "text": "é ü 漢字"})
    assert _lines(path) == []  # still queued: nothing made it write yet
    log.close()
    log.close()
    assert [json.loads(x)["i"] for x in _lines(path)] == list(range(100))
    assert json.loads(_lines(path)[0])["text"] == "é ü 漢字"
    assert log.closed and not log._sink.thread.is_alive()
    with pytest.raises(ValueError, match="closed"):
        log.write({"late": True})
    log.flush()  # nothing queued, file closed: a no-op, not an error


def test_flush_writes_now(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER)
    try:
        log.write({"a": 1})
        log.flush()
        assert len(_lines(path)) == 1
    finally:
        log.close()


@pytest.mark.parametrize("interval, cap", [(0.005, 10_000), (NEVER, 37)])
def test_eight_writers_lose_and_interleave_no_line(tmp_path: Path, interval: float, cap: int) -> None:
    # Once with a busy flusher thread, once with the writers' own synchronous flushes at the cap.
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=interval, max_buffer_lines=cap)
    per_thread, padding = 400, "x" * 300  # long lines, so a torn write would show
    start = threading.Barrier(8)

    def writer(t: int) -> None:
        start.wait(timeout=10)
        for i in range(per_thread):
            log.write({"t": t, "i": i, "pad": padding})

    threads = [threading.Thread(target=writer, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=60)
    log.close()
    records = [json.loads(x) for x in _lines(path)]  # a torn or interleaved line fails to parse
    assert len(records) == 8 * per_thread
    for t in range(8):
        assert [r["i"] for r in records if r["t"] == t] == list(range(per_thread))  # each writer's order kept
    assert all(r["pad"] == padding for r in records)


def test_full_buffer_is_written_on_the_callers_thread(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER, max_buffer_lines=5)
    try:
        for i in range(5):
            log.write({"i": i})
        assert _lines(path) == []
        log.write({"i": 5})  # the sixth line is over the cap: this write flushes
        assert [json.loads(x)["i"] for x in _lines(path)] == list(range(6))
    finally:
        log.close()


def test_byte_cap_also_triggers_a_synchronous_flush(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER, max_buffer_bytes=200)
    try:
        log.write({"small": 1})
        assert _lines(path) == []
        log.write({"big": "y" * 300})
        assert len(_lines(path)) == 2
    finally:
        log.close()


def test_hasher_key_beside_the_log_is_private_and_shared(tmp_path: Path) -> None:
    path = tmp_path / "logs" / "audit.jsonl"
    first = AuditLog(path)
    second = AuditLog(path)
    try:
        key = path.parent / KEY_FILE_NAME
        assert key.exists() and stat.S_IMODE(key.stat().st_mode) == 0o600
        assert first.hasher("jane@example.org") == second.hasher("jane@example.org")
        assert first.hasher("jane@example.org") != first.hasher("john@example.org")
        other = AuditLog(tmp_path / "elsewhere" / "audit.jsonl")
        assert other.hasher("jane@example.org") != first.hasher("jane@example.org")  # another key
        other.close()
    finally:
        first.close()
        second.close()
    assert AuditLog(path, flush_interval_s=NEVER).hasher("x") == first.hasher("x")  # key survives a restart


def test_a_failing_flush_is_logged_kept_and_reported_to_the_next_write(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=0.02)
    sink = log._sink
    flaky = FlakyFile(sink.fh, fail=10**9)  # the disk stays full until the test frees it below
    with sink.io_lock:
        sink.fh = flaky  # type: ignore[assignment]
    try:
        with caplog.at_level(logging.ERROR, logger="guardian"):
            log.write({"i": 0})
            for _ in range(300):  # bounded wait for the flusher's failed attempt and its log line
                # (the flusher sets the error before it logs: wait for the line, not the flag)
                if any("cannot write the audit log" in r.getMessage() for r in caplog.records) or _lines(path):
                    break
                time.sleep(0.01)
        assert any("cannot write the audit log" in r.getMessage() for r in caplog.records)
        with pytest.raises(OSError, match="No space"):
            log.write({"i": 1})  # the earlier failure surfaces here; this record is still queued
        flaky.fail = 0  # space again (a retry that succeeded before this write, on a loaded machine, made it flaky)
        assert sink.thread.is_alive()
        _wait_lines(path, 2, timeout=3)  # the next attempt writes both, once
        log.flush()
        assert [json.loads(x)["i"] for x in _lines(path)] == [0, 1]
    finally:
        log.close()


def test_a_short_write_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER)
    sink = log._sink
    with sink.io_lock:
        sink.fh = FlakyFile(sink.fh, fail=2, partial=10)  # type: ignore[assignment]
    try:
        log.write({"i": 0, "pad": "z" * 40})
        log.write({"i": 1})
        with pytest.raises(OSError):
            log.flush()  # 10 bytes went out, then the disk filled
        log.flush()
        assert [json.loads(x)["i"] for x in _lines(path)] == [0, 1]  # no line repeated or cut
    finally:
        log.close()


def test_a_failing_file_keeps_at_most_the_cap(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER, max_buffer_lines=3)
    sink = log._sink
    with sink.io_lock:
        sink.fh = FlakyFile(sink.fh, fail=10**6)  # type: ignore[assignment]
    try:
        with caplog.at_level(logging.ERROR, logger="guardian"):
            for i in range(3):
                log.write({"i": i})
            for i in range(3, 6):
                with pytest.raises(OSError):
                    log.write({"i": i})  # over the cap, and the synchronous flush fails
        assert len(sink.lines) <= 3
        assert any("dropped" in r.getMessage() for r in caplog.records)
        sink.fh.fail = 0  # type: ignore[attr-defined]
        log.flush()
        assert [json.loads(x)["i"] for x in _lines(path)] == [0, 1, 2]  # the oldest kept, in order
    finally:
        log.close()


def test_a_dropped_log_is_flushed_and_its_thread_ends(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER)
    thread = log._sink.thread
    log.write({"i": 0})
    del log
    gc.collect()
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert len(_lines(path)) == 1


def test_lone_surrogates_are_escaped_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path, flush_interval_s=NEVER)
    log.write({"path": "/a\udcff"})
    log.close()
    assert json.loads(_lines(path)[0])["path"] == "/a\udcff"
    assert os.path.getsize(path) > 0
