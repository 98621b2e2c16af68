"""guardian/store/gate.py and the write queue's part in it: a read past its deadline is answered
from memory, a store that is bad is asked by one read at a time, the outage and its end are
logged once each with counts, the queues are woken when the store is back. No database: the
calls are functions that wait, and report to the gate as the backends do."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from guardian.session import SessionChanges
from guardian.store.sessions import SessionStore
from guardian.session_sync import ProxySessions
from guardian.store import SQLiteStore, StoreTimeout, StoreUnavailable, WriteQueue, store_from_url
from guardian.store.gate import DEGRADED, DOWN, OK, StoreGate, gates, off_loop

# Generous bounds: the machine running the tests may be slow; the gate's answers are not.
DEADLINE_S = 0.2
PROMPT_S = 2.0  # "at once" / "within the deadline", as a test can say it without flaking


@pytest.fixture
def gate() -> Iterator[StoreGate]:
    g = StoreGate("test-db", component="sessions", deadline_s=DEADLINE_S, workers=2)
    yield g
    g.close()


def _backend(gate: StoreGate, wait: threading.Event | None = None, value: object = "rows") -> Callable[[], object]:
    """A read as a backend does it: the database's time, then its report to the gate."""

    def read() -> object:
        started = time.monotonic()
        if wait is not None:
            wait.wait(30)
        gate.ran(time.monotonic() - started)
        return value

    return read


def _timed(fn: Callable[[], object]) -> tuple[object, float]:
    started = time.monotonic()
    try:
        out: object = fn()
    except StoreUnavailable as e:
        out = e
    return out, time.monotonic() - started


def test_a_healthy_store_answers(gate: StoreGate) -> None:
    assert gate.call(_backend(gate)) == "rows" and gate.state == OK
    assert gate.snapshot().from_memory == 0


def test_a_read_past_its_deadline_is_answered_from_memory_and_the_next_at_once(
    gate: StoreGate, caplog: pytest.LogCaptureFixture,
) -> None:
    frozen = threading.Event()
    with caplog.at_level(logging.WARNING, logger="guardian"):
        out, took = _timed(lambda: gate.call(_backend(gate, frozen)))
        assert isinstance(out, StoreTimeout) and took < PROMPT_S and gate.state == DEGRADED
        for _ in range(5):  # the first read is still out: nobody else waits for the store
            out, took = _timed(lambda: gate.call(_backend(gate)))
            assert isinstance(out, StoreTimeout) and took < PROMPT_S
        frozen.set()  # it answers, late: not yet a recovery
        deadline = time.monotonic() + 10
        while gate.in_flight and time.monotonic() < deadline:
            time.sleep(0.01)
        assert gate.state == DEGRADED
        assert gate.call(_backend(gate)) == "rows" and gate.state == OK  # a prompt answer: well again
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2, lines  # one line when it went bad, one when it came back
    assert "did not answer within 0.20s" in lines[0] and "sessions" in lines[0] and "test-db" in lines[0]
    assert "answers again" in lines[1] and "6 reads were answered from memory" in lines[1]
    assert gate.snapshot().from_memory == 6 and gate.timeouts == 1


def test_never_more_waiting_threads_than_workers(gate: StoreGate) -> None:
    stuck = threading.Event()
    try:
        started = [threading.Thread(target=lambda: _timed(lambda: gate.call(_backend(gate, stuck), deadline=30))) for _ in range(2)]
        for t in started:
            t.start()
        deadline = time.monotonic() + 10
        while gate.in_flight < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        out, took = _timed(lambda: gate.call(_backend(gate), deadline=30))  # both threads wait on the database
        assert isinstance(out, StoreTimeout) and took < PROMPT_S
    finally:
        stuck.set()
    for t in started:
        t.join(10)
    assert gate.call(_backend(gate)) == "rows"


def test_a_store_gone_is_down_logged_once_and_back(gate: StoreGate, caplog: pytest.LogCaptureFixture) -> None:
    def refused() -> object:
        err = StoreUnavailable("postgresql://u@db/x (guardian_sessions): OperationalError [08006]: connection refused")
        gate.failed(err)  # as the backend reports it
        raise err

    queue = WriteQueue("sessions", gate=gate, retry_s=60, max_retry_s=60)
    with caplog.at_level(logging.WARNING, logger="guardian"):
        for _ in range(3):
            out, took = _timed(lambda: gate.call(refused))
            assert isinstance(out, StoreUnavailable) and took < PROMPT_S
        queue.put("a write", lambda: None)
        assert gate.state == DOWN and gate.failures == 3
        gate.ran(0.01)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and "is unavailable (connection refused)" in lines[0]
    assert "3 reads were answered from memory, 1 writes queued" in lines[1] and gate.state == OK
    assert queue.flush(10)


def test_the_queue_is_woken_when_the_store_answers_again(gate: StoreGate) -> None:
    up = threading.Event()

    def write() -> None:  # a transaction, reported as the backend does
        if not up.is_set():
            err = StoreUnavailable("db: connection refused")
            gate.failed(err, write=True)
            raise err
        gate.ran(0.01, write=True)

    queue = WriteQueue("vault", gate=gate, retry_s=60, max_retry_s=60)  # a pause far longer than the test
    queue.put("a value", write)
    deadline = time.monotonic() + 10
    while queue.failures < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert queue.failures == 1 and len(queue) == 1
    up.set()
    gate.ran(0.01)  # a read is answered promptly: reads are served, and the writes are tried now
    deadline = time.monotonic() + 10
    while len(queue) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(queue) == 0 and queue.failures == 1  # written at once, not after the minute's pause
    assert gate.state == OK  # the write got through: well again
    queue.close()


def test_reads_served_while_writes_fail_are_one_outage(gate: StoreGate, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="guardian"):
        for _ in range(3):  # a lock held elsewhere: the writes fail, the reads are answered
            gate.failed(StoreUnavailable("s.sqlite3: database is locked"), write=True)
            assert gate.call(_backend(gate)) == "rows"  # reads are not held back
        assert gate.state == DOWN
        gate.ran(0.5, write=True)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and "database is locked" in lines[0] and "answers again" in lines[1]


def test_new_writes_do_not_end_a_retry_pause() -> None:
    tries = 0

    def down() -> None:
        nonlocal tries
        tries += 1
        raise StoreUnavailable("db: down")

    queue = WriteQueue("labels", retry_s=60)
    queue.put("first", down)
    deadline = time.monotonic() + 10
    while tries < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    for i in range(50):  # each would be a try against a store that is down
        queue.put(f"w{i}", lambda: None)
    time.sleep(0.3)
    assert tries == 1 and len(queue) == 51
    queue.close(0)


def test_a_full_queue_drops_the_oldest_and_counts_them(gate: StoreGate) -> None:
    done: list[int] = []
    hold = threading.Event()

    def write(i: int) -> Callable[[], None]:
        def run() -> None:
            if not hold.is_set():
                err = StoreUnavailable("db: down")
                gate.failed(err, write=True)
                raise err
            gate.ran(0.01, write=True)
            done.append(i)
        return run

    queue = WriteQueue("sessions", gate=gate, max_items=5, retry_s=60)
    for i in range(8):
        queue.put(f"w{i}", write(i))
    assert queue.dropped == 3 and gate.snapshot().queued == 5 and gate.snapshot().dropped == 3
    hold.set()
    gate.ran(0.01)
    assert queue.flush(10)
    assert done == [3, 4, 5, 6, 7]  # the newest kept, in order


def test_off_loop_runs_on_the_store_layers_threads() -> None:
    async def main() -> str:
        return await off_loop(lambda: threading.current_thread().name)

    assert asyncio.run(main()).startswith("guardian-store-caller")


def test_a_read_that_missed_is_read_again_from_where_it_started(tmp_path: Path) -> None:
    now = [50_000.0]
    one = SessionStore(store_from_url(None, component="sessions", path=tmp_path / "s.sqlite3"), b"u" * 32, ttl_s=3600,
                       clock=lambda: now[0])
    sessions = ProxySessions(seen_key=b"k" * 32, store=one)
    held = sessions.get("auth:alice")
    other = ProxySessions(seen_key=b"k" * 32, store=one)  # another instance, the same rows
    writer = other.get("auth:alice")
    now[0] += 1
    other.learnt(writer, SessionChanges(ids=(writer.seen.digest("u8f14e45fceea16"),)))
    assert one.flush(10)
    real = one.store.call

    def frozen(fn: Callable[[], object], *, deadline: float | None = None) -> object:
        raise StoreTimeout("s.sqlite3: no answer within 0.3s")

    one.store.call = frozen  # type: ignore[method-assign]
    now[0] += 6
    assert sessions.pull(held) is None  # not read: the session goes on with what it holds
    one.store.call = real  # type: ignore[method-assign]
    now[0] += 6
    kept = sessions.pull(held)  # starts where the missed read started, not at the last mark
    assert kept is not None and any(d == held.seen.digest("u8f14e45fceea16") for d, _, _ in kept.ids)
    one.close()


def test_sqlite_reads_stay_in_place_and_a_locked_file_queues_writes(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    import sqlite3

    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(SQLiteStore(path, pragmas=("journal_mode=WAL", "busy_timeout=200"), component="sessions"),
                         b"u" * 32, ttl_s=3600)
    sessions = ProxySessions(seen_key=b"k" * 32, store=store)
    alice = sessions.get("auth:alice")
    sessions.learnt(alice, SessionChanges(ids=(alice.seen.digest("before-lock-1"),)))
    assert store.flush(10)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
    try:
        with caplog.at_level(logging.WARNING, logger="guardian"):
            started = time.monotonic()
            sessions.learnt(alice, SessionChanges(ids=(alice.seen.digest("during-lock-1"),)))  # queued
            bob = sessions.get("auth:bob")  # a WAL reader does not wait for the writer
            assert time.monotonic() - started < PROMPT_S and not bob.seen.knows("before-lock-1")
            assert not store.flush(1.0) and store.pending == 1
        assert "database is locked" in caplog.text and store.store.gate.state == DOWN
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.flush(30) and store.pending == 0 and store.store.gate.state == OK
    assert ProxySessions(seen_key=b"k" * 32, store=store).get("auth:alice").seen.knows("during-lock-1")
    store.close()


def test_closed_gates_are_not_reported() -> None:
    g = StoreGate("x", component="labels")
    assert g in gates()
    g.close()
    assert g not in gates()


def test_a_bad_store_is_probed_until_it_answers_without_a_flows_read(monkeypatch: pytest.MonkeyPatch) -> None:
    import guardian.store.gate as gate_module

    monkeypatch.setattr(gate_module, "PROBE_S", 0.05)
    up = threading.Event()
    probes = 0

    def ping() -> None:  # as `Store._ping` does, reported as the backend does
        nonlocal probes
        probes += 1
        if not up.is_set():
            g.failed(StoreUnavailable("db: connection refused"))
            raise StoreUnavailable("db: connection refused")
        g.ran(0.001)

    g = StoreGate("db", component="policy", deadline_s=DEADLINE_S, probe=ping)
    try:
        g.failed(StoreUnavailable("db: connection refused"))
        deadline = time.monotonic() + 10
        while probes < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert probes >= 3 and g.state == DOWN
        up.set()
        while g.state != OK and time.monotonic() < deadline:
            time.sleep(0.01)
        assert g.state == OK
        seen = probes
        time.sleep(0.3)
        assert probes == seen  # well again: no more probes
    finally:
        g.close()
