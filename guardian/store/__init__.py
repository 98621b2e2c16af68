"""The store layer: one small API over SQLite (embedded, the default) and PostgreSQL (shared).

    store_from_url(url, component=..., path=...)
      ├── ""/None or a path  -> SQLiteStore   (one file per component, today's files and formats)
      └── postgresql://...   -> PostgresStore (one schema per component in a shared database)
    WriteQueue                  writes off the request path, retried while the store is down
    StoreGate (`Store.gate`)    reads on a flow's path with a deadline, on threads of the store's
                                own (`Store.call`), and the store's health for the log and /metrics

What is kept has a module of its own here, named for its rows: `policies` (policy versions and
statements, `PolicyDB`), `vault` (AI chats' pseudonyms, `VaultDB`) and `sessions` (users' memory,
`SessionStore`); the matcher's labels (`guardian.matcher.bootstrap.LabelStore`) too keep their
own SQL and migrations. All reach the database only through this API. `guardian_store` (docs/store.md)
picks the backend for all three.
"""

from __future__ import annotations

import os
from pathlib import Path

from guardian.store.base import POSTGRESQL, SQLITE, Conn, Migrations, Store
from guardian.store.errors import StoreCorruptError, StoreError, StoreSchemaError, StoreTimeout, StoreUnavailable, StoreURLError
from guardian.store.gate import StoreGate, off_loop
from guardian.store.sqlite import SQLiteStore
from guardian.store.url import check_store_url, is_postgres_url, redact_url
from guardian.store.writeback import WriteQueue

__all__ = [
    "Store",
    "Conn",
    "Migrations",
    "SQLiteStore",
    "WriteQueue",
    "StoreGate",
    "off_loop",
    "store_from_url",
    "check_store_url",
    "is_postgres_url",
    "redact_url",
    "StoreError",
    "StoreURLError",
    "StoreUnavailable",
    "StoreTimeout",
    "StoreSchemaError",
    "StoreCorruptError",
    "SQLITE",
    "POSTGRESQL",
]



def store_from_url(url: str | os.PathLike[str] | None, *, component: str = "main", path: str | os.PathLike[str] | None = None) -> Store:
    """The store `url` names: a `postgresql://` (or `postgres://`) URL, a `sqlite:///file` URL, or a
    file path; None or "" means the SQLite file at `path`. `component` names the PostgreSQL schema
    (`guardian_<component>`). A bad URL raises `StoreURLError` (without the password)."""
    text = os.fspath(url) if url is not None else ""
    if is_postgres_url(text):
        from guardian.store.postgres import PostgresStore

        checked = check_store_url(text)
        assert checked is not None
        return PostgresStore(checked, schema=f"guardian_{component}")
    if text.startswith("sqlite://"):
        text = text[len("sqlite://"):]
    if not text:
        if path is None:
            raise StoreURLError("no store given: a postgresql:// URL or a SQLite file path")
        text = os.fspath(path)
    if "://" in text:
        raise StoreURLError("use postgresql://..., sqlite:///file, or a file path")
    return SQLiteStore(Path(text), component=component)
