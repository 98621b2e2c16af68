"""The embedded backend: one SQLite file per component, as GuardianAgent has always kept them.

One connection per thread (a SQLite connection is not shared between threads while in use), the
WAL journal so readers never wait for the writer, and a lock per store around transactions
(BEGIN IMMEDIATE). The schema version is `PRAGMA user_version`, as the files have always held it.
A lock held by another process is waited for at most the busy timeout (10 s), then the call
fails with `StoreUnavailable` (the write queues try again later); what each call found goes to
the store's gate (`guardian.store.gate`).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from guardian.store.base import SQLITE, Conn, Migrations, Params, Row, Store, split_script
from guardian.store.errors import StoreCorruptError, StoreError, StoreSchemaError, StoreUnavailable

__all__ = ["SQLiteStore", "map_sqlite_error", "DEFAULT_PRAGMAS"]

DEFAULT_PRAGMAS = ("journal_mode=WAL", "foreign_keys=ON", "busy_timeout=10000")  # a lock is waited for 10 s at most
T = TypeVar("T")
_TRANSIENT = ("locked", "busy", "unable to open", "disk i/o", "readonly")


def map_sqlite_error(e: sqlite3.Error, where: str) -> StoreError:
    """The store error for a sqlite3 error (its message names tables and columns, never values)."""
    text = str(e)
    if isinstance(e, sqlite3.OperationalError) and any(t in text.lower() for t in _TRANSIENT):
        return StoreUnavailable(f"{where}: {text}")
    if isinstance(e, (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError)):
        return StoreError(f"{where}: {type(e).__name__}: {text}")
    return StoreCorruptError(f"{where}: {type(e).__name__}: {text}")


class _SQLiteConn(Conn):
    dialect = SQLITE

    def __init__(self, raw: sqlite3.Connection, where: str) -> None:
        self.raw = raw
        self._where = where

    def execute(self, sql: str, params: Params = ()) -> list[Row]:
        try:
            return self.raw.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as e:
            raise map_sqlite_error(e, self._where) from None

    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            self.raw.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.Error as e:
            raise map_sqlite_error(e, self._where) from None

    def insert(self, sql: str, params: Params = ()) -> int:
        try:
            return int(self.raw.execute(sql, tuple(params)).lastrowid or 0)
        except sqlite3.Error as e:
            raise map_sqlite_error(e, self._where) from None


class SQLiteStore(Store):
    """The SQLite file at `path` (its folder is made). ":memory:" is not supported: each thread has its own connection."""

    dialect = SQLITE

    def __init__(self, path: str | os.PathLike[str], *, pragmas: Iterable[str] = DEFAULT_PRAGMAS, timeout: float = 10.0,
                 component: str | None = None) -> None:
        self.path = Path(path).expanduser()
        self.name = str(self.path)
        self.component = component or self.path.name.split(".", 1)[0]
        self.pragmas = tuple(pragmas)
        self.timeout = timeout
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreUnavailable(f"cannot create the folder of {self.path}: {e}") from e
        self._local = threading.local()
        self._lock = threading.Lock()  # one transaction at a time in this process
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()

    def _raw(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                # check_same_thread=False only so close() can close every thread's connection
                conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False)
                for pragma in self.pragmas:
                    conn.execute(f"PRAGMA {pragma}")  # fixed strings from the code
            except sqlite3.Error as e:
                raise map_sqlite_error(e, f"cannot open {self.path}") from None
            self._local.conn = conn
            with self._all_lock:
                self._all.append(conn)
        return conn

    def call(self, fn: Callable[[], T], *, deadline: float | None = None) -> T:
        """`fn()` in place: a local file has no server to freeze, WAL readers never wait for the
        writer, and a lock held elsewhere is waited for at most the busy timeout."""
        return fn()

    @contextmanager
    def read(self) -> Iterator[Conn]:
        with self._reported():
            yield _SQLiteConn(self._raw(), str(self.path))

    @contextmanager
    def transaction(self) -> Iterator[Conn]:
        with self._reported(write=True), self._lock:
            raw = self._raw()
            conn = _SQLiteConn(raw, str(self.path))
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                try:
                    raw.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise

    def schema_version(self) -> int:
        with self.read() as c:
            row = c.one("PRAGMA user_version")
        return int(row[0]) if row else 0

    def migrate(self, migrations: Migrations) -> int:
        scripts = migrations[SQLITE]
        target = len(scripts)
        current = self.schema_version()
        if current > target:
            raise StoreSchemaError(f"{self.path} has schema version {current}; this GuardianAgent knows up to {target}")
        for version in range(current, target):
            try:
                with self.transaction() as c:
                    for stmt in split_script(scripts[version]):
                        c.execute(stmt)
                    c.execute(f"PRAGMA user_version = {version + 1:d}")
            except StoreUnavailable:
                raise
            except StoreError as e:
                raise StoreSchemaError(f"migration {version} -> {version + 1} of {self.path} failed: {e}") from None
        return max(current, target)

    def compact(self) -> None:
        with self._lock:
            try:
                self._raw().execute("VACUUM")
            except sqlite3.Error as e:
                raise map_sqlite_error(e, str(self.path)) from None

    def release_thread(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            return
        self._local.conn = None
        with self._all_lock:
            self._all = [c for c in self._all if c is not conn]
        try:
            conn.close()
        except sqlite3.Error:
            pass

    def close(self) -> None:
        """Close every thread's connection (a later use opens a new one)."""
        with self._all_lock:
            conns, self._all = self._all, []
        self._local = threading.local()
        for conn in conns:
            try:
                conn.close()
            except sqlite3.Error:
                pass
        self.gate.close()
