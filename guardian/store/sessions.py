"""Sessions kept in the store, so that another proxy instance (or this one, restarted) goes on
with a user's memory: frames and the identifiers seen, as keyed digests.

    ProxySessions.learnt(session, changes) ──> SessionStore.save(user, changes)   queued, never on
                                                                   the request path
    ProxySessions.get(user), new here ──> SessionStore.load(user)   one read, the first time a user
                                                                   comes to this instance
    ProxySessions.pull(session)  ──> SessionStore.load(user, since=...)   a shared store only: what
                                                                   other instances added, every REFRESH_S

(`guardian.session_sync`: the store is one of the places a session is copied to; this module
only reads and writes its rows.)

- Users are stored by a keyed hash of their key (`ValueHasher.derive`), never by name: a user
  name is only ever a bound parameter's input, never a path or SQL, and not readable from the
  database.
- Identifiers are the session's keyed digests already; every instance of a deployment uses the
  same digest key (derived from the deployment's key file, which each instance is given), so a
  digest written by one is found by another.
- Rows older than the session TTL are not loaded, and are deleted now and then.
- Reads go through the store's gate (`guardian.store.gate`): one that does not come back within
  its deadline (a few hundred milliseconds), or finds the store down, gives None and the session
  goes on with what memory holds: a user new here starts empty, a session held here keeps what
  it has. The rows it did not read are read at the user's next read (`ProxySessions.pull`), so
  nothing another instance kept is skipped. `save` queues the changes and retries them
  (`guardian.store.WriteQueue`). A corrupt row is skipped and counted in the log, never shown.

With `guardian_store` unset the sessions stay in memory, as before: one proxy, one memory.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from guardian.session import SessionChanges, SessionSnapshot
from guardian.store import POSTGRESQL, SQLITE, Store, StoreError, StoreUnavailable, WriteQueue
from guardian.store.base import Row

__all__ = ["SessionStore", "MIGRATIONS", "PURGE_EVERY_S"]

log = logging.getLogger("guardian")

PURGE_EVERY_S = 600.0  # expired rows are deleted at most this often
MAX_ROWS = 50_000  # per user and table: the bound of the in-memory session
MAX_MISSED = 10_000  # users whose last read did not come back, remembered to read again

_SCHEMA = """
CREATE TABLE IF NOT EXISTS session_frames (
    user_key BLOB NOT NULL, origin TEXT NOT NULL, top TEXT, written REAL NOT NULL, PRIMARY KEY (user_key, origin));
CREATE TABLE IF NOT EXISTS session_ids (
    user_key BLOB NOT NULL, digest BLOB NOT NULL, written REAL NOT NULL, PRIMARY KEY (user_key, digest));
CREATE TABLE IF NOT EXISTS session_cookie_sites (
    user_key BLOB NOT NULL, cookie BLOB NOT NULL, sites BLOB NOT NULL, written REAL NOT NULL, PRIMARY KEY (user_key, cookie))
"""
_PG_SCHEMA = """
CREATE TABLE session_frames (
    user_key BYTEA NOT NULL, origin TEXT NOT NULL, top TEXT, written DOUBLE PRECISION NOT NULL, PRIMARY KEY (user_key, origin));
CREATE TABLE session_ids (
    user_key BYTEA NOT NULL, digest BYTEA NOT NULL, written DOUBLE PRECISION NOT NULL, PRIMARY KEY (user_key, digest));
CREATE TABLE session_cookie_sites (
    user_key BYTEA NOT NULL, cookie BYTEA NOT NULL, sites BYTEA NOT NULL, written DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_key, cookie))
"""
MIGRATIONS = {SQLITE: (_SCHEMA,), POSTGRESQL: (_PG_SCHEMA,)}
_SITE_DIGEST = 8  # bytes per first-party site digest in `sites` (guardian.fieldkinds.seen)


class SessionStore:
    """The sessions' rows in one store (`guardian_store`'s database, schema guardian_sessions)."""

    def __init__(
        self, store: Store, user_key: bytes, *, ttl_s: float, clock: Callable[[], float] = time.time,
        max_queued: int = 10_000, read_deadline_s: float | None = None,
    ) -> None:
        self.store = store
        self.ttl_s = ttl_s
        self.read_deadline_s = read_deadline_s  # a read on a flow's path waits this long (None: the gate's)
        self._user_key = user_key  # keys the hash that stands for a user in the rows
        self._clock = clock
        self._writes = WriteQueue(f"sessions {store.name}", max_items=max_queued, gate=store.gate)
        self._ready = False
        self._purged_at = 0.0
        # user -> the oldest `since` a read of theirs did not get: the next read starts there
        self._missed: OrderedDict[str, float] = OrderedDict()
        self._missed_lock = threading.Lock()
        if self.shared:
            store.gate.start(self._ensure)  # the schema and a first connection now, not on a user's first read

    def _ensure(self) -> None:
        if not self._ready:
            self.store.migrate(MIGRATIONS)
            self._ready = True

    def user_hash(self, user: str) -> bytes:
        """What stands for `user` in the rows (a keyed hash: the name is not stored)."""
        return hashlib.blake2b(user.encode("utf-8", "surrogatepass"), key=self._user_key, digest_size=16).digest()

    # -- reads -------------------------------------------------------------------------------------

    @property
    def shared(self) -> bool:
        """Whether other proxy instances write here too (PostgreSQL): then a session is read again now and then."""
        return self.store.dialect == POSTGRESQL

    def now(self) -> float:
        """The store's clock (the rows' `written`)."""
        return self._clock()

    def load(self, user: str, seen_key: bytes, *, since: float | None = None) -> SessionSnapshot | None:
        """`user`'s stored memory as a snapshot (ages from the rows' times), or with `since` only
        the rows written from then on (what other instances added); None when there is none or
        the store cannot be read now (the session then goes on with what it has)."""
        now = self._clock()
        since = now - self.ttl_s if since is None else max(since, now - self.ttl_s)
        with self._missed_lock:
            missed = self._missed.pop(user, None)
        if missed is not None:
            since = max(min(since, missed), now - self.ttl_s)
        who = self.user_hash(user)
        try:
            frames, ids, cookies = self.store.call(lambda: self._read(who, since), deadline=self.read_deadline_s)
        except StoreError as e:  # not read now: the next read of this user starts where this one did
            if not isinstance(e, StoreUnavailable):  # an outage is the gate's to log, once
                log.warning("guardian: sessions: a user's rows could not be read (%s)", type(e).__name__)
            self._miss(user, since)
            return None
        if not (frames or ids or cookies):
            return None
        skipped = 0
        out_frames: list[tuple[str, str, float]] = []
        for origin, top, written in frames:
            if isinstance(origin, str) and isinstance(top, str) and isinstance(written, (int, float)):
                out_frames.append((origin, top, max(0.0, now - float(written))))
            else:
                skipped += 1
        out_ids: list[tuple[bytes, bool, float]] = []
        for digest, written in ids:
            digest = bytes(digest) if isinstance(digest, (bytes, bytearray, memoryview)) else None
            if digest is not None and len(digest) == 16 and isinstance(written, (int, float)):
                out_ids.append((digest, True, max(0.0, now - float(written))))
            else:
                skipped += 1
        out_cookies: list[tuple[bytes, tuple[bytes, ...], float]] = []
        for cookie, sites, written in cookies:
            raw = bytes(sites) if isinstance(sites, (bytes, bytearray, memoryview)) else b""
            if isinstance(cookie, (bytes, bytearray, memoryview)) and raw and len(raw) % _SITE_DIGEST == 0 \
                    and isinstance(written, (int, float)):
                split = tuple(raw[i:i + _SITE_DIGEST] for i in range(0, len(raw), _SITE_DIGEST))
                out_cookies.append((bytes(cookie), split, max(0.0, now - float(written))))
            else:
                skipped += 1
        if skipped:
            log.warning("guardian: sessions: %d unreadable rows skipped", skipped)
        return SessionSnapshot(user, seen_key, tuple(out_frames), tuple(out_ids), tuple(out_cookies))

    def _read(self, who: bytes, since: float) -> tuple[list[Row], list[Row], list[Row]]:
        self._ensure()
        with self.store.read() as c:
            frames = c.execute(
                "SELECT origin, top, written FROM session_frames WHERE user_key = ? AND written >= ? AND top IS NOT NULL "
                "ORDER BY written LIMIT ?", (who, since, MAX_ROWS))
            ids = c.execute(
                "SELECT digest, written FROM session_ids WHERE user_key = ? AND written >= ? ORDER BY written LIMIT ?",
                (who, since, MAX_ROWS))
            cookies = c.execute(
                "SELECT cookie, sites, written FROM session_cookie_sites WHERE user_key = ? AND written >= ? "
                "ORDER BY written LIMIT ?", (who, since, MAX_ROWS))
        return frames, ids, cookies

    def _miss(self, user: str, since: float) -> None:
        with self._missed_lock:
            self._missed[user] = min(since, self._missed.get(user, since))
            self._missed.move_to_end(user)
            while len(self._missed) > MAX_MISSED:
                self._missed.popitem(last=False)

    # -- writes ------------------------------------------------------------------------------------

    def save(self, user: str, changes: SessionChanges) -> None:
        """Queue what a decision taught `user`'s session; returns at once."""
        if not changes:
            return
        who, now = self.user_hash(user), self._clock()
        frames = [(who, origin, top, now) for origin, top in changes.frames]
        ids = [(who, digest, now) for digest in changes.ids]
        cookies = [(who, key, b"".join(sites), now) for key, sites in changes.cookie_sites]

        def run() -> None:
            self._ensure()
            with self.store.transaction() as c:
                if frames:
                    c.executemany(
                        "INSERT INTO session_frames (user_key, origin, top, written) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (user_key, origin) DO UPDATE SET top = excluded.top, written = excluded.written", frames)
                if ids:
                    c.executemany(
                        "INSERT INTO session_ids (user_key, digest, written) VALUES (?, ?, ?) "
                        "ON CONFLICT (user_key, digest) DO UPDATE SET written = excluded.written", ids)
                if cookies:
                    c.executemany(
                        "INSERT INTO session_cookie_sites (user_key, cookie, sites, written) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (user_key, cookie) DO UPDATE SET sites = excluded.sites, written = excluded.written",
                        cookies)

        self._writes.put("a session's changes", run)
        if now - self._purged_at > PURGE_EVERY_S:
            self._purged_at = now
            self._writes.put("expired session rows", self._purge)

    def _purge(self) -> None:
        self._ensure()
        since = self._clock() - self.ttl_s
        with self.store.transaction() as c:
            for table in ("session_frames", "session_ids", "session_cookie_sites"):  # fixed names, never input
                c.execute(f"DELETE FROM {table} WHERE written < ?", (since,))  # noqa: S608

    def flush(self, timeout: float | None = 5.0) -> bool:
        """Wait for the queued writes (tests, shutdown)."""
        return self._writes.flush(timeout)

    @property
    def pending(self) -> int:
        return len(self._writes)

    def close(self) -> None:
        self._writes.close()
        self.store.close()
