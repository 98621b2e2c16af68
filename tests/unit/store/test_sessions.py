"""guardian/store/sessions.py on both backends: what one instance's session learnt, another
instance finds for the same user (and no other user does); an unreachable store never raises
into a decision and its writes are retried; corrupt rows are skipped; user names are keys only."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from guardian.session import Session, SessionChanges
from guardian.store.sessions import SessionStore
from guardian.session_sync import ProxySessions
from guardian.store import store_from_url

SEEN_KEY = b"k" * 32
USER_KEY = b"u" * 32
EVIL = "auth:x'); DROP TABLE session_ids;--/../.."
FRAME = ("https://widgets.partner.example", "news.example")


def _store(backend: str | None, tmp_path: Path, **kw: object) -> SessionStore:
    return SessionStore(store_from_url(backend, component="sessions", path=tmp_path / "sessions.sqlite3"), USER_KEY,
                        ttl_s=3600, **kw)  # type: ignore[arg-type]


def _learn(sessions: ProxySessions, session: Session, value: str) -> None:
    """What a decision made in this proxy teaches (applied, then kept in the store)."""
    changes = SessionChanges(frames=(FRAME,), ids=(session.seen.digest(value),))
    session.apply(changes)
    sessions.learnt(session, changes)


def test_another_instance_goes_on_with_the_users_memory(backend: str | None, tmp_path: Path) -> None:
    one, two = _store(backend, tmp_path), _store(backend, tmp_path)
    first = ProxySessions(seen_key=SEEN_KEY, store=one)
    _learn(first, first.get(EVIL), "u8f14e45fceea16")
    assert one.flush(10)
    second = ProxySessions(seen_key=SEEN_KEY, store=two)  # another proxy, the same database
    theirs = second.get(EVIL)
    assert theirs.seen.knows("u8f14e45fceea16") and theirs.frames.top_site(FRAME[0]) == FRAME[1]
    assert not second.get("auth:bob").seen.knows("u8f14e45fceea16")  # another user: nothing of hers
    with two.store.read() as c:  # the user's name is not in the database, only a keyed hash of it
        rows = c.execute("SELECT user_key FROM session_ids")
    assert rows and all(EVIL.encode() not in bytes(r[0]) for r in rows)
    one.close(), two.close()


def test_old_rows_are_not_loaded(backend: str | None, tmp_path: Path) -> None:
    now = [10_000.0]
    store = _store(backend, tmp_path, clock=lambda: now[0])
    sessions = ProxySessions(seen_key=SEEN_KEY, store=store)
    _learn(sessions, sessions.get("addr:10.0.0.1"), "u8f14e45fceea16")
    assert store.flush(10)
    now[0] += 3601
    assert store.load("addr:10.0.0.1", SEEN_KEY) is None
    store.close()


def test_a_corrupt_row_is_skipped(backend: str | None, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = _store(backend, tmp_path)
    sessions = ProxySessions(seen_key=SEEN_KEY, store=store)
    _learn(sessions, sessions.get("auth:alice"), "u8f14e45fceea16")
    assert store.flush(10)
    with store.store.transaction() as c:
        c.execute("INSERT INTO session_ids (user_key, digest, written) VALUES (?, ?, ?)",
                  (store.user_hash("auth:alice"), b"short", 9e12))
    with caplog.at_level(logging.WARNING, logger="guardian"):
        kept = store.load("auth:alice", SEEN_KEY)
    assert kept is not None and len(kept.ids) == 1 and "1 unreadable rows skipped" in caplog.text
    store.close()


def test_the_store_down_never_stops_a_decision(pg_cluster, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    url = pg_cluster.create_database("sessions_down")
    store = _store(url, tmp_path)
    sessions = ProxySessions(seen_key=SEEN_KEY, store=store)
    _learn(sessions, sessions.get("auth:alice"), "u8f14e45fceea16")
    assert store.flush(10)
    pg_cluster.stop()
    try:
        fresh = ProxySessions(seen_key=SEEN_KEY, store=store).get("auth:alice")  # cannot load: starts empty, no error
        assert not fresh.seen.knows("u8f14e45fceea16")
        _learn(sessions, sessions.get("auth:carol"), "c0ffee0000beef1")  # queued, not lost
        assert store.pending >= 1
    finally:
        pg_cluster.start()
    assert store.flush(30)
    other = _store(url, tmp_path)
    assert ProxySessions(seen_key=SEEN_KEY, store=other).get("auth:carol").seen.knows("c0ffee0000beef1")
    store.close(), other.close()


def test_a_session_held_here_learns_what_another_instance_kept_since(backend: str | None, tmp_path: Path) -> None:
    now = [20_000.0]
    one, two = _store(backend, tmp_path, clock=lambda: now[0]), _store(backend, tmp_path, clock=lambda: now[0])
    first, second = ProxySessions(seen_key=SEEN_KEY, store=one), ProxySessions(seen_key=SEEN_KEY, store=two, refresh_s=5.0)
    held = second.get("auth:alice")  # this instance already holds alice's session (a round-robin balancer)
    second.synced(held, 1)  # and its decision process has a copy
    _learn(first, first.get("auth:alice"), "u8f14e45fceea16")  # then the other instance learns something
    assert one.flush(10)
    assert not second.stale(held) and not held.seen.knows("u8f14e45fceea16")
    now[0] += 6
    assert second.stale(held)
    kept = second.pull(held)
    assert kept is not None
    second.merge(held, kept)
    assert held.seen.knows("u8f14e45fceea16") and held.frames.top_site(FRAME[0]) == FRAME[1]
    assert not second.stale(held)  # read again in REFRESH_S at the earliest
    unsent = second.unsent(held)
    assert unsent and unsent[-1].ids == (held.seen.digest("u8f14e45fceea16"),)  # for the copy too
    assert not two.pending  # what it read is not written back
    assert not second.get("auth:bob").seen.knows("u8f14e45fceea16")
    one.close(), two.close()


def test_only_a_shared_store_is_read_again_by_default(tmp_path: Path) -> None:
    store = _store(None, tmp_path)
    assert not store.shared and ProxySessions(seen_key=SEEN_KEY, store=store).refresh_s == 0
    store.close()
