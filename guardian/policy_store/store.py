"""SQLite storage of policy versions, their statements and fields, and the fetch state per site.

One connection per thread (SQLite connections are not shared across threads), WAL journal so
readers on the request path never wait for the background writer, and a process-wide lock
around writes. The schema is versioned with `PRAGMA user_version`; `MIGRATIONS[i]` moves a
database from version i to i + 1, and a database newer than this code is refused.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from pathlib import Path

from guardian.policy_store.errors import PolicyDBError
from guardian.policy_store.records import PolicyVersion, Statement, StatementFields

__all__ = ["PolicyDB", "FetchState", "MIGRATIONS", "SCHEMA_VERSION", "default_db_path"]

MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: versions, statements, fetch state
    """
    CREATE TABLE policy_versions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        site TEXT NOT NULL,
        url TEXT NOT NULL,
        fetched_at REAL NOT NULL,
        sha256 TEXT NOT NULL,
        language TEXT NOT NULL,
        format TEXT NOT NULL
    );
    CREATE INDEX policy_versions_site ON policy_versions (site, fetched_at);
    CREATE TABLE statements (
        policy_id INTEGER NOT NULL REFERENCES policy_versions (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        heading TEXT NOT NULL,
        text TEXT NOT NULL,
        fields TEXT NOT NULL,
        PRIMARY KEY (policy_id, idx)
    );
    CREATE TABLE fetch_state (
        site TEXT PRIMARY KEY,
        outcome TEXT NOT NULL,
        detail TEXT,
        url TEXT,
        failures INTEGER NOT NULL DEFAULT 0,
        next_attempt_at REAL NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL
    );
    """,
    # 1 -> 2: the OPP-115 category and negation as columns, for `guardian policy show` filters
    """
    ALTER TABLE statements ADD COLUMN opp_category TEXT NOT NULL DEFAULT 'Other';
    ALTER TABLE statements ADD COLUMN negated INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX statements_category ON statements (policy_id, opp_category);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def default_db_path() -> Path:
    """`$XDG_STATE_HOME/guardian/policies.sqlite3`, else `~/.local/state/guardian/policies.sqlite3`."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "guardian" / "policies.sqlite3"


class FetchState:
    """The last fetch outcome for a site and when the next try is allowed."""

    __slots__ = ("site", "outcome", "detail", "url", "failures", "next_attempt_at", "updated_at")

    def __init__(self, site: str, outcome: str, detail: str | None, url: str | None, failures: int, next_attempt_at: float, updated_at: float) -> None:
        self.site, self.outcome, self.detail, self.url = site, outcome, detail, url
        self.failures, self.next_attempt_at, self.updated_at = failures, next_attempt_at, updated_at


class PolicyDB:
    """The policy database at `path` (":memory:" is not supported: each thread has its own connection)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path).expanduser()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise PolicyDBError(f"cannot create the folder of {self.path}: {e}") from e
        self._local = threading.local()
        self._write_lock = threading.Lock()
        self.migrate()

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA foreign_keys=ON")
                conn.execute("PRAGMA busy_timeout=10000")
            except sqlite3.Error as e:
                raise PolicyDBError(f"cannot open {self.path}: {e}") from e
            self._local.conn = conn
        return conn

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    def schema_version(self) -> int:
        return int(self._conn().execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> None:
        """Bring the schema to `SCHEMA_VERSION`, one migration per transaction."""
        with self._write_lock:
            conn = self._conn()
            current = self.schema_version()
            if current > SCHEMA_VERSION:
                raise PolicyDBError(f"{self.path} has schema version {current}; this GuardianAgent knows up to {SCHEMA_VERSION}")
            for version in range(current, SCHEMA_VERSION):
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    for stmt in (s.strip() for s in MIGRATIONS[version].split(";")):
                        if stmt:
                            conn.execute(stmt)
                    conn.execute(f"PRAGMA user_version = {version + 1}")
                    conn.execute("COMMIT")
                except sqlite3.Error as e:
                    conn.execute("ROLLBACK")
                    raise PolicyDBError(f"migration {version} -> {version + 1} of {self.path} failed: {e}") from e

    # -- versions -----------------------------------------------------------------------------

    def add_version(
        self, site: str, url: str, sha256: str, language: str, fmt: str,
        statements: list[tuple[str, str, StatementFields]], *, fetched_at: float | None = None,
    ) -> PolicyVersion:
        """Store a new version of a site's policy (or touch the latest one when the hash is unchanged)."""
        fetched_at = time.time() if fetched_at is None else fetched_at
        with self._write_lock:
            conn = self._conn()
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute(
                    "SELECT id, sha256 FROM policy_versions WHERE site = ? ORDER BY fetched_at DESC, id DESC LIMIT 1", (site,)
                ).fetchone()
                if row is not None and row[1] == sha256:
                    conn.execute("UPDATE policy_versions SET fetched_at = ?, url = ? WHERE id = ?", (fetched_at, url, row[0]))
                    version_id = row[0]
                else:
                    cur = conn.execute(
                        "INSERT INTO policy_versions (site, url, fetched_at, sha256, language, format) VALUES (?, ?, ?, ?, ?, ?)",
                        (site, url, fetched_at, sha256, language, fmt),
                    )
                    version_id = int(cur.lastrowid or 0)
                    conn.executemany(
                        "INSERT INTO statements (policy_id, idx, heading, text, fields, opp_category, negated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [
                            (version_id, i, heading, text, json.dumps(f.as_record()), f.opp_category, int(f.negated))
                            for i, (text, heading, f) in enumerate(statements)
                        ],
                    )
                conn.execute(
                    "INSERT INTO fetch_state (site, outcome, detail, url, failures, next_attempt_at, updated_at) "
                    "VALUES (?, 'stored', NULL, ?, 0, 0, ?) ON CONFLICT (site) DO UPDATE SET outcome = 'stored', "
                    "detail = NULL, url = excluded.url, failures = 0, next_attempt_at = 0, updated_at = excluded.updated_at",
                    (site, url, fetched_at),
                )
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        version = self.latest(site)
        assert version is not None
        return version

    def latest(self, site: str) -> PolicyVersion | None:
        """The newest stored version of a site's policy with its statements, or None."""
        conn = self._conn()
        row = conn.execute(
            "SELECT id, site, url, fetched_at, sha256, language FROM policy_versions WHERE site = ? "
            "ORDER BY fetched_at DESC, id DESC LIMIT 1",
            (site,),
        ).fetchone()
        if row is None:
            return None
        statements = tuple(
            Statement(id=f"p{row[0]}:{idx}", text=text, heading=heading, fields=StatementFields.from_record(json.loads(fields)))
            for idx, heading, text, fields in conn.execute(
                "SELECT idx, heading, text, fields FROM statements WHERE policy_id = ? ORDER BY idx", (row[0],)
            )
        )
        return PolicyVersion(id=row[0], site=row[1], url=row[2], fetched_at=row[3], sha256=row[4], language=row[5], statements=statements)

    def sites(self) -> list[str]:
        return [r[0] for r in self._conn().execute("SELECT DISTINCT site FROM policy_versions ORDER BY site")]

    # -- fetch state ----------------------------------------------------------------------------

    def fetch_state(self, site: str) -> FetchState | None:
        row = self._conn().execute(
            "SELECT site, outcome, detail, url, failures, next_attempt_at, updated_at FROM fetch_state WHERE site = ?", (site,)
        ).fetchone()
        return FetchState(*row) if row else None

    def record_failure(self, site: str, outcome: str, detail: str, url: str | None, *, base_s: float, max_s: float) -> FetchState:
        """Remember a failed fetch; the next try waits base_s * 2**(failures - 1), at most max_s."""
        now = time.time()
        with self._write_lock:
            conn = self._conn()
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute("SELECT failures FROM fetch_state WHERE site = ?", (site,)).fetchone()
                failures = (row[0] if row else 0) + 1
                wait = min(max_s, base_s * 2 ** (failures - 1))
                conn.execute(
                    "INSERT INTO fetch_state (site, outcome, detail, url, failures, next_attempt_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (site) DO UPDATE SET outcome = excluded.outcome, detail = excluded.detail, url = excluded.url, "
                    "failures = excluded.failures, next_attempt_at = excluded.next_attempt_at, updated_at = excluded.updated_at",
                    (site, outcome, detail[:500], url, failures, now + wait, now),
                )
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        state = self.fetch_state(site)
        assert state is not None
        return state
