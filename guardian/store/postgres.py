"""The shared backend: one PostgreSQL database for many proxies, each component in its own schema.

    guardian_policy.*   policy_versions, statements, fetch_state, schema_version
    guardian_vault.*    meta, conversations, entries, aliases, schema_version
    guardian_labels.*   labels, models, schema_version

psycopg 3 is imported only here, only when a `postgresql://` URL is used. Connections are
autocommit, with a short connect timeout and a statement timeout, kept in a small pool that any
thread may use. When the database cannot be reached, the store says so at once for `RETRY_S`
seconds (`StoreUnavailable`) instead of making every caller wait for a connect timeout: the
proxy decides on without it, and the write queues try again later. The outage and the recovery
are logged once each, with the URL's password replaced.
"""

from __future__ import annotations

import logging
import re
import threading
import time
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from guardian.store.base import POSTGRESQL, Conn, Migrations, Params, Row, Store, pg_sql, split_script
from guardian.store.errors import StoreCorruptError, StoreError, StoreSchemaError, StoreUnavailable, StoreURLError
from guardian.store.url import redact_url

__all__ = ["PostgresStore", "CONNECT_TIMEOUT_S", "STATEMENT_TIMEOUT_MS", "RETRY_S"]

log = logging.getLogger("guardian")

CONNECT_TIMEOUT_S = 2  # libpq's smallest useful value
STATEMENT_TIMEOUT_MS = 5000  # no statement of ours takes long; a stuck one must not hold a thread
RETRY_S = 5.0  # after a failed connect, fail fast this long before trying again
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
    dialect = POSTGRESQL

    def __init__(self, raw: Any, where: str) -> None:
        self.raw = raw
        self._where = where
        self.lost = False  # the connection failed: not put back in the pool

    def _fail(self, e: Exception) -> StoreError:
        err = _map(e, self._where)
        if isinstance(err, StoreUnavailable):
            self.lost = True
        return err

    def execute(self, sql: str, params: Params = ()) -> list[Row]:
        try:
            cur = self.raw.execute(pg_sql(sql), tuple(params) if params else None)
            return [tuple(r) for r in cur.fetchall()] if cur.description is not None else []
        except _psycopg().Error as e:
            raise self._fail(e) from None

    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        rows = [tuple(r) for r in rows]
        if not rows:
            return
        try:
            with self.raw.cursor() as cur:
                cur.executemany(pg_sql(sql), rows)
        except _psycopg().Error as e:
            raise self._fail(e) from None

    def insert(self, sql: str, params: Params = ()) -> int:
        rows = self.execute(sql.rstrip().rstrip(";") + " RETURNING id", params)
        return int(rows[0][0])


class PostgresStore(Store):
    """One component's schema in the PostgreSQL database at `url` (a libpq URL)."""

    dialect = POSTGRESQL

    def __init__(self, url: str, *, schema: str, connect_timeout: int = CONNECT_TIMEOUT_S,
                 statement_timeout_ms: int = STATEMENT_TIMEOUT_MS, retry_s: float = RETRY_S) -> None:
        if not _SCHEMA_NAME.match(schema):
            raise ValueError(f"bad schema name {schema!r}")  # names come from the code, never from input
        _psycopg()  # a missing driver says so now, at start
        self.url = url
        self.schema = schema
        self.name = f"{redact_url(url)} ({schema})"
        self.connect_timeout = connect_timeout
        self.statement_timeout_ms = statement_timeout_ms
        self.retry_s = retry_s
        self._lock = threading.Lock()
        self._idle: list[Any] = []
        self._down_until = 0.0
        self._down_since: float | None = None
        self._closed = False

    # -- connections ---------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """False while a recent connect failed (then every call fails fast until `retry_s` passed)."""
        return time.monotonic() >= self._down_until

    def _connect(self) -> Any:
        psycopg = _psycopg()
        try:
            conn = psycopg.connect(
                self.url, autocommit=True, connect_timeout=self.connect_timeout,
                options=f"-c search_path={self.schema} -c statement_timeout={int(self.statement_timeout_ms)}",
            )
        except psycopg.Error as e:
            err = _map(e, f"cannot connect to {self.name}")
            if isinstance(err, StoreUnavailable):
                self._mark_down(err)
            raise err from None
        with self._lock:
            if self._down_since is not None:
                log.warning("guardian: store %s is back after %.0fs", self.name, time.monotonic() - self._down_since)
                self._down_since = None
        return conn

    def _mark_down(self, err: StoreError) -> None:
        with self._lock:
            self._down_until = time.monotonic() + self.retry_s
            first = self._down_since is None
            if first:
                self._down_since = time.monotonic()
        if first:
            log.warning("guardian: store %s is unavailable (%s); going on without it and retrying every %.0fs",
                        self.name, str(err).rsplit(": ", 1)[-1], self.retry_s)

    def _acquire(self) -> Any:
        if self._closed:
            raise StoreUnavailable(f"{self.name} is closed")
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

    @contextmanager
    def read(self) -> Iterator[Conn]:
        raw = self._acquire()
        conn = _PgConn(raw, self.name)
        try:
            yield conn
        finally:
            self._release(raw, conn.lost)

    @contextmanager
    def transaction(self) -> Iterator[Conn]:
        psycopg = _psycopg()
        raw = self._acquire()
        conn = _PgConn(raw, self.name)
        try:
            with raw.transaction():
                yield conn
        except psycopg.Error as e:  # the COMMIT itself failed
            raise conn._fail(e) from None
        finally:
            self._release(raw, conn.lost)

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
