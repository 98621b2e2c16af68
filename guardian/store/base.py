"""What every backend gives the components: a connection with `?` placeholders, transactions,
versioned migrations per dialect.

    Store                  one component's tables (the policy store, the vault, the labels)
      ├── read()           a connection for reads (autocommit)
      ├── transaction()    a connection inside BEGIN ... COMMIT (ROLLBACK on any error)
      ├── migrate(m)       m[dialect][i] moves the schema from version i to i + 1
      ├── call(fn)         fn() (a read on a flow's path) within a deadline, on threads of the
      │                    store's own (`guardian.store.gate`): `StoreTimeout` past it
      ├── gate             those threads, and the store's health: every read() and
      │                    transaction() reports to it
      └── close()
    Conn                   execute / executemany / insert (the new row's id); rows are tuples

The components write one SQL text for both backends: `?` placeholders (the PostgreSQL backend
turns them into `%s` in one place, `pg_sql`) and the SQL the two share (`INSERT ... ON CONFLICT
... DO UPDATE`, `substr`, subqueries). What differs (column types, AUTOINCREMENT vs IDENTITY)
lives in the migrations, which are given per dialect. Values only ever travel as bound
parameters; a table or schema name is never built from user input.
"""

from __future__ import annotations

import functools
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from guardian.store.errors import StoreUnavailable
from guardian.store.gate import StoreGate

__all__ = ["Store", "Conn", "Migrations", "Params", "Row", "pg_sql", "split_script", "SQLITE", "POSTGRESQL"]

SQLITE = "sqlite"
POSTGRESQL = "postgresql"

Params = Sequence[Any]
Row = tuple[Any, ...]
Migrations = Mapping[str, Sequence[str]]  # dialect -> scripts; scripts[i]: version i -> i + 1
_GATE_LOCK = threading.Lock()
T = TypeVar("T")


class Conn(ABC):
    """One connection as a component uses it: `?` placeholders, rows as tuples."""

    dialect: str

    @abstractmethod
    def execute(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement; the rows it returns (empty for a write)."""

    @abstractmethod
    def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement for each parameter row."""

    @abstractmethod
    def insert(self, sql: str, params: Params = ()) -> int:
        """Run one INSERT into a table with an integer `id` key; the new row's id."""

    def one(self, sql: str, params: Params = ()) -> Row | None:
        rows = self.execute(sql, params)
        return rows[0] if rows else None


class Store(ABC):
    """One component's tables in one database (a SQLite file or a PostgreSQL schema)."""

    dialect: str
    name: str  # for logs and errors: a path, or the URL without its password
    component: str = "store"  # what it holds (policy, vault, labels, sessions): for logs and /metrics

    @property
    def gate(self) -> StoreGate:
        """This store's reads with a deadline, and its health as every call found it."""
        gate: StoreGate | None = self.__dict__.get("_gate")
        if gate is None:
            with _GATE_LOCK:
                gate = self.__dict__.get("_gate")
                if gate is None:
                    gate = self.__dict__["_gate"] = StoreGate(self.name, component=self.component, probe=self._ping)
        return gate

    def _ping(self) -> None:
        """The cheapest read: whether the database answers."""
        with self.read() as c:
            c.execute("SELECT 1")

    def call(self, fn: Callable[[], T], *, deadline: float | None = None) -> T:
        """`fn()`, which uses this store, for a caller that must not wait long (a flow): on the
        gate's threads, `StoreTimeout` past `deadline` (the gate's by default) or at once while
        the store is not answering. The caller then goes on with what memory holds."""
        return self.gate.call(fn, deadline=deadline)

    @contextmanager
    def _reported(self, *, write: bool = False) -> Iterator[None]:
        """Tell the gate what a use of the database found: how long it took, or that it was unavailable."""
        started = time.monotonic()
        try:
            yield
        except StoreUnavailable as e:
            self.gate.failed(e, write=write)
            raise
        self.gate.ran(time.monotonic() - started, write=write)

    @abstractmethod
    @contextmanager
    def read(self) -> Iterator[Conn]:
        """A connection for reads; `StoreUnavailable` when the database cannot be reached."""

    @abstractmethod
    @contextmanager
    def transaction(self) -> Iterator[Conn]:
        """A connection inside one transaction: committed when the block ends, rolled back on an error."""

    @abstractmethod
    def schema_version(self) -> int: ...

    @abstractmethod
    def migrate(self, migrations: Migrations) -> int:
        """Bring the schema to `len(migrations[dialect])`; the version it is at. A newer schema
        than this code knows raises `StoreSchemaError`."""

    def compact(self) -> None:
        """Give deleted rows' space back where the backend can (SQLite: VACUUM)."""

    def release_thread(self) -> None:
        """Let go of what the calling thread holds (its SQLite connection; idle PostgreSQL ones)."""

    @abstractmethod
    def close(self) -> None: ...


def split_script(script: str) -> list[str]:
    """The statements of a migration script (`;`-separated; the scripts have no `;` in literals)."""
    return [s.strip() for s in script.split(";") if s.strip()]


@functools.lru_cache(maxsize=512)
def pg_sql(sql: str) -> str:
    """`?` placeholders as psycopg's `%s` (and a literal `%` as `%%`), outside quoted literals."""
    out: list[str] = []
    quote: str | None = None
    for ch in sql:
        if quote is not None:
            out.append("%%" if ch == "%" else ch)
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
            out.append(ch)
        elif ch == "?":
            out.append("%s")
        elif ch == "%":
            out.append("%%")
        else:
            out.append(ch)
    return "".join(out)
