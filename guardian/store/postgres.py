"""The shared backend: one PostgreSQL database for many proxies, each component in its own schema.

    guardian_policy.*   policy_versions, statements, fetch_state, schema_version
    guardian_vault.*    meta, conversations, entries, aliases, schema_version
    guardian_labels.*   labels, models, schema_version

psycopg 3 is imported only here, only when a `postgresql://` URL is used. Connections are
autocommit, kept in a small pool that any thread may use, and every wait on the server is
bounded on both sides:

- connect: `connect_timeout` (libpq's smallest useful value, 2 s);
- a statement: the server's `statement_timeout` (5 s) for a server that runs, and the client's
  own bound (`call_timeout_s`, 6 s) for one that does not: a server whose processes are frozen
  keeps the connection open and never answers, and its timeout cannot fire. A watchdog thread
  shuts down the socket of a connection that has waited longer (the waiting call then fails
  with `StoreTimeout` and its thread is free again);
- the network: TCP keepalives and `tcp_user_timeout`, so a host that is gone is noticed on a
  connection that sits idle or waits (unless the URL sets them itself).

When the database cannot be reached, the store says so at once for `RETRY_S` seconds
(`StoreUnavailable`) instead of making every caller wait for a connect timeout: the proxy
decides on without it, and the write queues try again later. What each call found goes to the
store's gate (`guardian.store.gate`), which logs an outage and its end once each, with the
URL's password replaced.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from guardian.store.base import POSTGRESQL, Conn, Migrations, Params, Row, Store, pg_sql, split_script
from guardian.store.errors import StoreCorruptError, StoreError, StoreSchemaError, StoreTimeout, StoreUnavailable, StoreURLError
from guardian.store.url import redact_url

__all__ = ["PostgresStore", "CONNECT_TIMEOUT_S", "STATEMENT_TIMEOUT_MS", "CALL_TIMEOUT_S", "RETRY_S", "TCP_SETTINGS"]

CONNECT_TIMEOUT_S = 2  # libpq's smallest useful value
STATEMENT_TIMEOUT_MS = 5000  # no statement of ours takes long; a stuck one must not hold a thread
# The client's bound on one wait for the server: past the server's own timeout, so a server that
# runs cancels a slow statement itself and keeps the connection; a frozen one is cut.
CALL_TIMEOUT_S = STATEMENT_TIMEOUT_MS / 1000 + 1.0
# libpq's TCP settings (unix sockets ignore them): a dead peer is noticed in ~20 s on an idle
# connection and within CALL_TIMEOUT_S of unacknowledged data.
TCP_SETTINGS = {
    "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 3, "keepalives_count": 3,
    "tcp_user_timeout": int(CALL_TIMEOUT_S * 1000),
}
WATCH_TICK_S = 0.25  # how often the watchdog looks at the connections in use
RETRY_S = 2.0  # after a failed connect, fail fast this long before trying again (= the connect timeout)
MAX_IDLE = 4  # pooled connections kept open per store
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreURLError("a postgresql:// store needs psycopg: pip install -c constraints.txt 'psycopg[binary]'") from None
    return psycopg


def _map(e: Exception, where: str) -> StoreError:
    """The store error for a psycopg error: the primary message and SQLSTATE, never the DETAIL
    line (it can quote a key's value)."""
    psycopg = _psycopg()
    diag = getattr(e, "diag", None)
    primary = getattr(diag, "message_primary", None) or type(e).__name__
    state = getattr(e, "sqlstate", None)
    text = f"{where}: {type(e).__name__}{f' [{state}]' if state else ''}: {primary}"
    if isinstance(e, (psycopg.OperationalError, psycopg.InterfaceError)):
        return StoreUnavailable(text)
    if isinstance(e, psycopg.DataError):
        return StoreCorruptError(text)
    return StoreError(text)


class _PgConn(Conn):
    """One checked-out connection; `progress` is when it last heard from (or started a wait on)
    the server, for the watchdog."""

    dialect = POSTGRESQL

    def __init__(self, raw: Any, where: str, bound_s: float) -> None:
        self.raw = raw
        self._where = where
        self._bound_s = bound_s
        self.lost = False  # the connection failed: not put back in the pool
        self.cut = False  # the watchdog shut it down: the server did not answer within the bound
        self.progress = time.monotonic()

    def _fail(self, e: Exception) -> StoreError:
        if self.cut:
            self.lost = True
            return StoreTimeout(f"{self._where}: no answer within {self._bound_s:g}s")
        err = _map(e, self._where)
        if isinstance(err, StoreUnavailable):
            self.lost = True
        return err

    def execute(self, sql: str, params: Params = ()) -> list[Row]:
        self.progress = time.monotonic()
        try:
            cur = self.raw.execute(pg_sql(sql), tuple(params) if params else None)
            return [tuple(r) for r in cur.fetchall()] if cur.description is not None else []
        except _psycopg().Error as e:
            raise self._fail(e) from None
        finally:
            self.progress = time.monotonic()

    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        rows = [tuple(r) for r in rows]
        if not rows:
            return
        self.progress = time.monotonic()
        try:
            with self.raw.cursor() as cur:
                cur.executemany(pg_sql(sql), rows)
        except _psycopg().Error as e:
            raise self._fail(e) from None
        finally:
            self.progress = time.monotonic()

    def insert(self, sql: str, params: Params = ()) -> int:
        rows = self.execute(sql.rstrip().rstrip(";") + " RETURNING id", params)
        return int(rows[0][0])


def _shut(raw: Any) -> None:
    """Shut down the socket under `raw` (its owner's wait ends with an error; libpq closes it later)."""
    try:
        fd = raw.pgconn.socket
    except Exception:  # noqa: BLE001 - already closed
        return
    try:
        sock = socket.socket(fileno=os.dup(fd))
    except OSError:
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        sock.close()


class PostgresStore(Store):
    """One component's schema in the PostgreSQL database at `url` (a libpq URL)."""

    dialect = POSTGRESQL

    def __init__(self, url: str, *, schema: str, connect_timeout: int = CONNECT_TIMEOUT_S,
                 statement_timeout_ms: int = STATEMENT_TIMEOUT_MS, retry_s: float = RETRY_S,
                 call_timeout_s: float | None = None) -> None:
        if not _SCHEMA_NAME.match(schema):
            raise ValueError(f"bad schema name {schema!r}")  # names come from the code, never from input
        psycopg = _psycopg()  # a missing driver says so now, at start
        self.url = url
        self.schema = schema
        self.name = f"{redact_url(url)} ({schema})"
        self.component = schema.removeprefix("guardian_")
        self.connect_timeout = connect_timeout
        self.statement_timeout_ms = statement_timeout_ms
        # the client's own bound: the server's timeout and a second (CALL_TIMEOUT_S by default)
        self.call_timeout_s = call_timeout_s if call_timeout_s is not None else statement_timeout_ms / 1000 + 1.0
        self.retry_s = retry_s
        try:
            given = psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.Error:
            given = {}
        self._tcp = {k: v for k, v in TCP_SETTINGS.items() if k not in given}  # the URL's own settings win
        self._lock = threading.Lock()
        self._idle: list[Any] = []
        self._down_until = 0.0
        self._closed = False
        self._watch = threading.Condition(threading.Lock())  # guards _busy; the watchdog sleeps on it
        self._busy: dict[int, _PgConn] = {}
        self._watchdog: threading.Thread | None = None

    # -- connections ---------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """False while a recent connect failed (then every call fails fast until `retry_s` passed)."""
        return time.monotonic() >= self._down_until

    def _connect(self) -> Any:
        psycopg = _psycopg()
        try:
            return psycopg.connect(
                self.url, autocommit=True, connect_timeout=self.connect_timeout,
                options=f"-c search_path={self.schema} -c statement_timeout={int(self.statement_timeout_ms)}",
                **self._tcp,
            )
        except psycopg.Error as e:
            err = _map(e, f"cannot connect to {self.name}")
            if isinstance(err, StoreUnavailable):
                with self._lock:
                    self._down_until = time.monotonic() + self.retry_s
            raise err from None

    def _acquire(self) -> Any:
        if not self.available:
            raise StoreUnavailable(f"{self.name} is unavailable; next try in {self._down_until - time.monotonic():.0f}s")
        with self._lock:
            while self._idle:
                conn = self._idle.pop()
                if not conn.closed and not conn.broken:
                    return conn
                conn.close()
        return self._connect()

    def _release(self, conn: Any, lost: bool) -> None:
        if lost or conn.closed or conn.broken or self._closed:
            if lost:  # the server went away: the other idle connections are as dead
                self.release_thread()
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - closing a dead connection
                pass
            return
        with self._lock:
            if len(self._idle) < MAX_IDLE:
                self._idle.append(conn)
                return
        conn.close()

    # -- the client's bound on a wait ----------------------------------------------------------

    def _watch_start(self, conn: _PgConn) -> None:
        with self._watch:
            self._busy[id(conn)] = conn
            if self._watchdog is None:
                self._watchdog = threading.Thread(
                    target=self._watchdog_run, name=f"guardian-store-watch-{self.component}", daemon=True)
                self._watchdog.start()

    def _watch_stop(self, conn: _PgConn) -> None:
        # Under the watchdog's lock: once this returns, it never touches the socket again, so the
        # connection may be closed (and its descriptor reused) safely.
        with self._watch:
            self._busy.pop(id(conn), None)

    def _watchdog_run(self) -> None:
        # One thread per store for its life, looking every WATCH_TICK_S: nothing on the path of a
        # call wakes it (a write behind a flow must not wait for another thread to be scheduled).
        with self._watch:
            while True:
                if self._closed and not self._busy:
                    self._watchdog = None
                    return
                now = time.monotonic()
                for conn in list(self._busy.values()):
                    if not conn.cut and now - conn.progress > self.call_timeout_s:
                        conn.cut = True
                        _shut(conn.raw)
                self._watch.wait(WATCH_TICK_S)

    @contextmanager
    def _use(self, *, transaction: bool) -> Iterator[Conn]:
        if self._closed:
            raise StoreUnavailable(f"{self.name} is closed")
        with self._reported(write=transaction):
            raw = self._acquire()
            conn = _PgConn(raw, self.name, self.call_timeout_s)
            self._watch_start(conn)
            try:
                if transaction:
                    psycopg = _psycopg()
                    try:
                        with raw.transaction():  # BEGIN and COMMIT are waits on the server too: watched
                            yield conn
                            conn.progress = time.monotonic()
                    except psycopg.Error as e:  # the COMMIT itself failed
                        raise conn._fail(e) from None
                else:
                    yield conn
            finally:
                self._watch_stop(conn)
                self._release(raw, conn.lost or conn.cut)

    @contextmanager
    def read(self) -> Iterator[Conn]:
        with self._use(transaction=False) as conn:
            yield conn

    @contextmanager
    def transaction(self) -> Iterator[Conn]:
        with self._use(transaction=True) as conn:
            yield conn

    # -- schema --------------------------------------------------------------------------------

    def schema_version(self) -> int:
        with self.read() as c:
            exists = c.one("SELECT to_regclass(?)", (f"{self.schema}.schema_version",))
            if not exists or exists[0] is None:
                return 0
            row = c.one("SELECT max(version) FROM schema_version")
        return int(row[0] or 0) if row else 0

    def migrate(self, migrations: Migrations) -> int:
        scripts = migrations[POSTGRESQL]
        target = len(scripts)
        lock_id = zlib.crc32(f"guardian-schema:{self.schema}".encode())  # proxies starting together migrate one at a time
        with self.transaction() as c:
            c.execute("SELECT pg_advisory_xact_lock(?)", (lock_id,))
            c.execute(f"CREATE SCHEMA IF NOT EXISTS {self.schema}")  # a name checked in __init__
            c.execute(f"SET search_path TO {self.schema}")
            c.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = c.one("SELECT max(version) FROM schema_version")
            current = int(row[0] or 0) if row else 0
            if current > target:
                raise StoreSchemaError(f"{self.name} has schema version {current}; this GuardianAgent knows up to {target}")
            for version in range(current, target):
                try:
                    for stmt in split_script(scripts[version]):
                        c.execute(stmt)
                except StoreUnavailable:
                    raise
                except StoreError as e:
                    raise StoreSchemaError(f"migration {version} -> {version + 1} of {self.name} failed: {e}") from None
            if target > current:
                c.execute("DELETE FROM schema_version")
                c.execute("INSERT INTO schema_version (version) VALUES (?)", (target,))
        return max(current, target)

    def release_thread(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            try:
                conn.close()
            except Exception:  # noqa: BLE001
                pass

    def close(self) -> None:
        self._closed = True
        self.release_thread()
        with self._watch:
            self._watch.notify_all()
        self.gate.close()
