"""A PostgreSQL server that hangs: its processes SIGSTOPped, its connections open, nothing
answering (a server-side statement_timeout cannot fire). Every store call a flow makes returns
within its deadline, the flow goes on with what memory holds, the writes wait in the queues and
land after the thaw, and the log says what happened once. Bounds are generous (a call "returns
in under 2 s while the server is frozen for 5 s"): the machine running the tests may be slow."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from guardian.policies.service import PolicyStore
from guardian.policies.records import StatementFields
from guardian.session import Session, SessionChanges
from guardian.store.sessions import SessionStore
from guardian.session_sync import ProxySessions
from guardian.store import StoreTimeout, StoreUnavailable, store_from_url
from guardian.store.gate import DEGRADED, DOWN, OK
from guardian.store.postgres import PostgresStore
from lab.testing.pg_cluster import PgCluster, SkipCluster, throwaway_cluster
from guardian.store.vault import VaultDB, open_vault

T = TypeVar("T")
SEEN_KEY, USER_KEY = b"k" * 32, b"u" * 32
SECRET = "Jane Q. Frozenfield"
FREEZE_S = 5.0
PROMPT_S = 2.0


@pytest.fixture(scope="module")
def cluster() -> Iterator[PgCluster]:
    """A cluster of this module's own: freezing it holds up no other test."""
    try:
        with throwaway_cluster() as c:
            yield c
    except SkipCluster as e:
        pytest.skip(f"no throwaway PostgreSQL cluster: {e}")


def _timed(fn: Callable[[], T]) -> tuple[T, float]:
    started = time.monotonic()
    out = fn()
    return out, time.monotonic() - started


def _learn(sessions: ProxySessions, session: Session, value: str) -> None:
    changes = SessionChanges(frames=(("https://widgets.partner.example", "news.example"),), ids=(session.seen.digest(value),))
    session.apply(changes)
    sessions.learnt(session, changes)  # kept in the store


def _sessions(url: str) -> tuple[SessionStore, ProxySessions]:
    store = SessionStore(store_from_url(url, component="sessions"), USER_KEY, ttl_s=3600)
    return store, ProxySessions(seen_key=SEEN_KEY, store=store)


def test_a_frozen_server_holds_up_no_flow_and_loses_no_write(
    cluster: PgCluster, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    url = cluster.create_database("frozen_flows")
    store, sessions = _sessions(url)
    other, theirs = _sessions(url)  # another proxy of the deployment
    alice = sessions.get("auth:alice")
    _learn(sessions, alice, "alice-before-7f3e9a")
    _learn(theirs, theirs.get("auth:bob"), "bob-elsewhere-7f3e9a")  # bob's memory, built on the other proxy
    vault, _ = open_vault(tmp_path / "v.sqlite3", tmp_path / "vault.key", ttl=3600, max_entries=1000, store=url)
    vault.conversation("chat").pseudonym("Before Freeze", "PERSON", "tags")
    policies = PolicyStore(url)
    fields = StatementFields(actions=frozenset({"collect"}), data=frozenset({"Email"}), opp_category="First Party Collection/Use")
    policies.db.add_version("known.example", "u", "h", "en", "html", [("We collect your e-mail address.", "", fields)])
    assert store.flush(10) and other.flush(10) and vault.store.flush(10)  # type: ignore[union-attr]

    calls = 0
    with caplog.at_level(logging.WARNING, logger="guardian"), cluster.frozen():
        frozen_at = time.monotonic()
        bob, slowest = _timed(lambda: sessions.get("auth:bob"))  # new here: starts empty
        while time.monotonic() - frozen_at < FREEZE_S:
            kept, took = _timed(lambda: sessions.pull(alice))  # a session held here, due to be read again
            assert kept is None and alice.seen.knows("alice-before-7f3e9a")  # not re-read as empty
            slowest = max(slowest, took)
            _, took = _timed(lambda: _learn(sessions, alice, f"alice-during-{calls}-7f3e9a"))  # queued
            slowest = max(slowest, took)
            _, took = _timed(lambda: vault.refresh("chat"))
            slowest = max(slowest, took)
            made, took = _timed(lambda: vault.conversation("chat", refreshed=True).pseudonym(f"{SECRET} {calls}", "PERSON", "tags"))
            slowest = max(slowest, took)
            status, took = _timed(lambda: policies.lookup_site(f"unknown{calls}.example"))
            assert status[0] == "unavailable"
            slowest = max(slowest, took)
            calls += 1
            time.sleep(0.2)
        assert slowest < PROMPT_S, f"a call took {slowest:.2f}s while the server was frozen"
        assert not bob.seen.knows("bob-elsewhere-7f3e9a")
        assert store.pending >= calls and vault.store.pending >= calls  # type: ignore[union-attr]
        for gate in (store.store.gate, vault.store.store.gate, policies.db.store.gate):  # type: ignore[union-attr]
            assert gate.state in (DEGRADED, DOWN)
        from guardian.addon.metrics import _store_metrics

        exposed = {(s.name, tuple(sorted(s.labels.items()))): s.value for m in _store_metrics() for s in m.samples}
        assert exposed[("guardian_store_state", (("state", "ok"), ("store", "sessions")))] == 0
        assert exposed[("guardian_store_queued_writes", (("store", "sessions"),))] >= calls

    # the thaw: every write made during the freeze lands, in order
    assert store.flush(30) and vault.store.flush(30)  # type: ignore[union-attr]
    gates = (store.store.gate, vault.store.store.gate, policies.db.store.gate)  # type: ignore[union-attr]
    deadline = time.monotonic() + 30
    while any(g.in_flight for g in gates):  # the reads that waited on the frozen server come back
        assert time.monotonic() < deadline
        time.sleep(0.05)
    kept = sessions.pull(bob)  # bob's first read missed: read again from where it started
    assert kept is not None
    sessions.merge(bob, kept)
    assert bob.seen.knows("bob-elsewhere-7f3e9a")
    vault.refresh("chat")
    fresh, fresh_sessions = _sessions(url)
    again = fresh_sessions.get("auth:alice")
    assert all(again.seen.knows(f"alice-during-{i}-7f3e9a") for i in range(calls)) and again.seen.knows("alice-before-7f3e9a")
    check = VaultDB(tmp_path / "v.sqlite3", (tmp_path / "vault.key").read_bytes(), store=url)
    assert check.counts() == (1, 1 + calls)
    check.close()
    assert policies.lookup_site("known.example")[0] == "stored"  # read again after the thaw (not cached before)
    for gate in gates:
        assert gate.state == OK, gate.component

    lines = [r.getMessage() for r in caplog.records if r.name == "guardian"]
    for component in ("sessions", "vault", "policy"):
        mine = [line for line in lines if line.startswith(f"guardian: store {component} ")]
        assert len([line for line in mine if "answers again" not in line]) == 1, mine  # once when it went bad
    text = "\n".join(lines)
    assert SECRET not in text and "alice" not in text and "bob" not in text
    for s in (store, other, fresh):
        s.close()
    vault.close()
    policies.db.close()


def test_a_statement_on_a_frozen_server_is_cut_at_the_clients_bound(cluster: PgCluster) -> None:
    url = cluster.create_database("frozen_bound")
    store = PostgresStore(url, schema="guardian_bound", call_timeout_s=1.0)
    with store.transaction() as c:
        c.execute("CREATE SCHEMA IF NOT EXISTS guardian_bound")
        c.execute("CREATE TABLE IF NOT EXISTS guardian_bound.t (k TEXT PRIMARY KEY)")
    with cluster.frozen():
        started = time.monotonic()
        with pytest.raises(StoreTimeout, match="no answer within 1s"):
            with store.transaction() as c:  # an open connection from the pool: it hangs
                c.execute("INSERT INTO guardian_bound.t (k) VALUES (?)", ("a",))
        assert time.monotonic() - started < 1.0 + PROMPT_S
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):  # a new connection: the connect timeout
            with store.read() as c:
                c.execute("SELECT 1")
        assert time.monotonic() - started < store.connect_timeout + PROMPT_S
        assert store.gate.state != OK
    deadline = time.monotonic() + 30
    while True:  # after a failed connect the store fails fast for a moment
        try:
            with store.read() as c:
                assert c.execute("SELECT count(*) FROM guardian_bound.t") == [(0,)]  # the cut INSERT did not commit
            break
        except StoreUnavailable:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    assert store.gate.state != OK  # reads are answered; it was a write that failed
    with store.transaction() as c:
        c.execute("INSERT INTO guardian_bound.t (k) VALUES (?)", ("a",))
    assert store.gate.state == OK
    store.close()


def test_the_proxy_reads_sessions_off_its_event_loop_within_the_deadline(cluster: PgCluster) -> None:
    """`Engine.session_of` as a flow awaits it: the loop keeps turning while the store is
    frozen, and the flow has its session within the deadline."""
    import asyncio
    from types import SimpleNamespace

    from guardian.engine import Engine

    url = cluster.create_database("frozen_addon")
    store, sessions = _sessions(url)
    sessions.refresh_s = 0.01  # every read of a held session is due
    engine = SimpleNamespace(sessions=sessions)

    async def main() -> tuple[float, float]:
        lag = 0.0
        stop = asyncio.Event()

        async def ticker() -> None:
            nonlocal lag
            while not stop.is_set():
                before = time.monotonic()
                await asyncio.sleep(0.01)
                lag = max(lag, time.monotonic() - before - 0.01)

        tick = asyncio.create_task(ticker())
        slowest = 0.0
        for i in range(10):
            started = time.monotonic()
            await Engine.session_of(engine, "auth:held")  # type: ignore[arg-type]
            await Engine.session_of(engine, f"auth:new{i}")  # type: ignore[arg-type]
            slowest = max(slowest, time.monotonic() - started)
            await asyncio.sleep(0.1)
        stop.set()
        await tick
        return slowest, lag

    asyncio.run(Engine.session_of(engine, "auth:held"))  # type: ignore[arg-type]
    with cluster.frozen():
        slowest, lag = asyncio.run(main())
    assert slowest < PROMPT_S and lag < 0.5, (slowest, lag)
    assert "auth:held" in sessions and "auth:new9" in sessions
    store.close()
