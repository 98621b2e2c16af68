"""The vault kept between runs: SQLite beside the policy store (or a shared PostgreSQL), every
original encrypted (Fernet).

    <state>/vault.sqlite3   meta(name, value)              format version; a key check token
    (or guardian_vault.*    conversations(id, seed, counters, last_used)
     in guardian_store)     entries(conversation, pseudonym, label, original, created)
                            aliases(alias, conversation, last_used)
    <state>/vault.key       the Fernet key (AES-128-CBC + HMAC-SHA256), mode 0600: always on disk
                            with the proxy, never in the database

Only `entries.original` holds personal data, and only as a Fernet token; conversation ids and
aliases are keyed hashes, pseudonyms are tags or made-up values. Writes go through a queue and
a thread of their own (`guardian.store.WriteQueue`): a flow never waits for the database, and
writes that meet a database that is down are tried again later. A shared vault's read of one
conversation (`pull`, before a turn) goes through the store's gate: past its deadline the turn
goes on with the conversation as this proxy holds it.

Reading a SQLite file is all or nothing: the whole file is read and decrypted before the vault
uses any of it, so a corrupt file raises `VaultCorruptError` and a key that does not open it
raises `VaultKeyError`; the caller then sets the file aside and starts with an empty vault
(`open_vault`). A shared PostgreSQL vault cannot be set aside: a row that does not read or
decrypt is skipped and logged (counts only), and a database that is down at start leaves the
vault in memory until it is back. Every proxy sharing it needs the same `vault.key`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import stat
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from guardian.store import POSTGRESQL, SQLITE, SQLiteStore, Store, StoreError, StoreUnavailable, WriteQueue, store_from_url
from guardian.store.base import Row
from guardian.vault.errors import VaultCorruptError, VaultError, VaultKeyError
from guardian.vault.memory import Entry, LoadedVault, PulledConversation, Vault

__all__ = ["VaultDB", "default_vault_path", "load_key", "open_vault", "id_key_of", "KEY_FILE_NAME", "DB_FILE_NAME"]

log = logging.getLogger("guardian")

DB_FILE_NAME = "vault.sqlite3"
KEY_FILE_NAME = "vault.key"
FORMAT_VERSION = "1"
KEY_CHECK = b"guardian-vault-key-check"
KEY_MODE = 0o600
FLUSH_S = 5.0  # the most a read that must see every queued write (counts, close) waits for them
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS conversations (id TEXT PRIMARY KEY, seed INTEGER NOT NULL, counters TEXT NOT NULL, last_used REAL NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
    conversation TEXT NOT NULL, pseudonym TEXT NOT NULL, label TEXT NOT NULL, original BLOB NOT NULL,
    created REAL NOT NULL, PRIMARY KEY (conversation, pseudonym));
CREATE TABLE IF NOT EXISTS aliases (alias TEXT PRIMARY KEY, conversation TEXT NOT NULL, last_used REAL NOT NULL);
"""
_PG_SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value BYTEA NOT NULL);
CREATE TABLE conversations (id TEXT PRIMARY KEY, seed BIGINT NOT NULL, counters TEXT NOT NULL, last_used DOUBLE PRECISION NOT NULL);
CREATE TABLE entries (
    conversation TEXT NOT NULL, pseudonym TEXT NOT NULL, label TEXT NOT NULL, original BYTEA NOT NULL,
    created DOUBLE PRECISION NOT NULL, PRIMARY KEY (conversation, pseudonym));
CREATE TABLE aliases (alias TEXT PRIMARY KEY, conversation TEXT NOT NULL, last_used DOUBLE PRECISION NOT NULL);
CREATE INDEX entries_conversation ON entries (conversation);
CREATE INDEX aliases_conversation ON aliases (conversation)
"""
# SQLite files made before the store layer hold version 0 with these tables: the first migration
# (CREATE TABLE IF NOT EXISTS) only stamps them 1.
MIGRATIONS = {SQLITE: (_SCHEMA,), POSTGRESQL: (_PG_SCHEMA,)}


def _text(value: object) -> str:
    return bytes(value).decode("utf-8", "replace") if isinstance(value, (bytes, bytearray, memoryview)) else str(value)


def default_vault_path() -> Path:
    """Beside the policy store: `$XDG_STATE_HOME/guardian/vault.sqlite3` (else ~/.local/state/...)."""
    from guardian.store.policies import default_db_path

    return default_db_path().parent / DB_FILE_NAME


def load_key(path: Path) -> bytes:
    """The Fernet key at `path`, made (mode 0600) on first use; a readable-by-others key is tightened."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, KEY_MODE)
    except FileExistsError:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            log.warning("guardian: vault key %s was readable by others (mode %o); set to 0600", path, mode)
            os.chmod(path, KEY_MODE)
        key = path.read_bytes().strip()
        try:
            Fernet(key)
        except (ValueError, TypeError):
            raise VaultKeyError(f"{path} is not a vault key (32 url-safe base64 bytes)") from None
        return key
    key = Fernet.generate_key()
    with os.fdopen(fd, "wb") as fh:
        fh.write(key)
    return key


def id_key_of(key: bytes) -> bytes:
    """The key of the conversation-id hashes, derived from the vault key (stable across runs)."""
    return hashlib.sha256(b"guardian-vault-ids\x00" + base64.urlsafe_b64decode(key)).digest()


class VaultDB:
    """The encrypted vault: the SQLite file at `path`, or the shared database `store` names (a
    `postgresql://` URL or a `guardian.store.Store`). Reads in the caller's thread, writes queued."""

    def __init__(self, path: Path, key: bytes, *, store: Store | str | None = None, max_queued: int = 10_000) -> None:
        self.path = path
        self._fernet = Fernet(key)
        self._lock = threading.Lock()
        self._refused: VaultError | None = None
        self.ready = False
        if store is None:
            path.parent.mkdir(parents=True, exist_ok=True)
            existed = path.exists() and path.stat().st_size > 0
            self.store: Store = SQLiteStore(
                path, pragmas=("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=10000"), component="vault")
        else:
            existed = True
            try:
                self.store = store if isinstance(store, Store) else store_from_url(store, component="vault")
            except StoreError as e:
                raise VaultError(f"vault store: {e}") from None
        self.shared = self.store.dialect == POSTGRESQL
        self.where = self.store.name if self.shared else str(path)
        self._writes = WriteQueue(f"vault {self.where}", max_items=max_queued, gate=self.store.gate)
        try:
            self._open(existed)
        except StoreUnavailable as e:
            if not self.shared:
                self.store.close()
                raise VaultCorruptError(f"{path} is not a readable vault ({e})") from None
            log.warning("guardian: vault %s unavailable at start; conversations stay in memory and are written when it is back", self.where)
        except StoreError as e:
            self.store.close()
            raise VaultCorruptError(f"{self.where} is not a readable vault ({type(e).__name__})") from None
        except VaultError:
            self.store.close()
            raise
        if not self.shared:
            os.chmod(path, KEY_MODE)

    def _open(self, existed: bool) -> None:
        self.store.migrate(MIGRATIONS)
        self._check(existed)
        self.ready = True

    def _ensure(self) -> None:
        """The schema and the key check, once (a shared store that was down at start: now)."""
        if self.ready:
            return
        with self._lock:
            if self._refused is not None:
                raise self._refused
            if not self.ready:
                try:
                    self._open(True)
                except VaultError as e:
                    self._refused = e
                    log.error("guardian: vault %s refused: %s; nothing more is written to it", self.where, e)
                    raise

    def _check(self, existed: bool) -> None:
        with self.store.read() as c:
            rows = {str(n): v for n, v in c.execute("SELECT name, value FROM meta")}
            if not rows:
                if existed and not self.shared and c.one("SELECT count(*) FROM entries")[0]:  # type: ignore[index]
                    raise VaultCorruptError(f"{self.where} has values but no key check")
        if not rows:  # a new vault (or proxies starting together: the first one's check wins)
            version: object = FORMAT_VERSION.encode() if self.shared else FORMAT_VERSION
            with self.store.transaction() as c:
                c.execute("INSERT INTO meta (name, value) VALUES ('version', ?) ON CONFLICT (name) DO NOTHING", (version,))
                c.execute("INSERT INTO meta (name, value) VALUES ('check', ?) ON CONFLICT (name) DO NOTHING", (self._fernet.encrypt(KEY_CHECK),))
            with self.store.read() as c:
                rows = {str(n): v for n, v in c.execute("SELECT name, value FROM meta")}
        if _text(rows.get("version")) != FORMAT_VERSION:
            raise VaultCorruptError(f"{self.where} has vault format {_text(rows.get('version'))!r}, this version reads {FORMAT_VERSION}")
        try:
            ok = self._fernet.decrypt(bytes(rows.get("check") or b"")) == KEY_CHECK
        except (InvalidToken, TypeError):
            ok = False
        if not ok:
            raise VaultKeyError(f"the vault key does not open {self.where} (a wrong or replaced key); refused")

    # -- VaultStore --------------------------------------------------------------------------

    def load(self, now: float, ttl: float) -> LoadedVault:
        """Every live conversation, decrypted whole, or `VaultCorruptError` (nothing half read).
        Shared: the rows that read, the others skipped and logged; nothing while it is down."""
        self._writes.flush(FLUSH_S)
        try:
            self._ensure()
            with self.store.transaction() as c:
                c.execute("DELETE FROM entries WHERE conversation IN (SELECT id FROM conversations WHERE last_used < ?)", (now - ttl,))
                c.execute("DELETE FROM conversations WHERE last_used < ?", (now - ttl,))
                convs = c.execute("SELECT id, seed, counters, last_used FROM conversations")
                rows = c.execute("SELECT conversation, pseudonym, label, original, created FROM entries")
                aliases = c.execute("SELECT alias, conversation, last_used FROM aliases")
        except StoreUnavailable:
            if not self.shared:
                raise VaultCorruptError(f"{self.where} cannot be read (unavailable)") from None
            log.warning("guardian: vault %s unavailable; starting with the conversations in memory only", self.where)
            return LoadedVault({}, {})
        except StoreError as e:
            if not self.shared:
                raise VaultCorruptError(f"{self.where} cannot be read ({type(e).__name__})") from None
            log.warning("guardian: vault %s could not be read (%s); starting with the conversations in memory only", self.where, type(e).__name__)
            return LoadedVault({}, {})
        return self._decode(convs, rows, aliases)

    def _decode(self, convs: list, rows: list, aliases: list) -> LoadedVault:  # type: ignore[type-arg]
        out: dict[str, tuple[int, dict[str, int], float, list[Entry]]] = {}
        skipped = 0
        for cid, seed, counters, last_used in convs:
            try:
                out[str(cid)] = (int(seed), {str(k): int(v) for k, v in json.loads(counters).items()}, float(last_used), [])
            except (ValueError, TypeError, AttributeError):
                if not self.shared:
                    raise VaultCorruptError(f"{self.where}: a conversation row is malformed") from None
                skipped += 1
        for cid, pseudonym, label, token, created in rows:
            if cid not in out:
                continue
            try:
                original = self._fernet.decrypt(bytes(token)).decode("utf-8", "surrogatepass")
                out[cid][3].append(Entry(str(pseudonym), original, str(label), float(created)))
            except InvalidToken:
                if not self.shared:
                    raise VaultCorruptError(f"{self.where}: a stored value does not decrypt with the vault key") from None
                skipped += 1
            except (ValueError, TypeError, AttributeError):
                if not self.shared:
                    raise VaultCorruptError(f"{self.where}: a conversation row is malformed") from None
                skipped += 1
        live: dict[str, tuple[str, float]] = {}
        for a, c, t in aliases:
            try:
                if c in out:
                    live[str(a)] = (str(c), float(t))
            except (ValueError, TypeError):
                skipped += 1
        if skipped:
            log.warning("guardian: vault %s: %d unreadable rows skipped", self.where, skipped)
        return LoadedVault(out, live)

    def _write(self, what: str, sql: list[tuple[str, list[tuple[object, ...]]]]) -> None:
        """Queue statements to run in one transaction (each with its parameter rows)."""

        def run() -> None:
            self._ensure()
            with self.store.transaction() as c:
                for text, params in sql:
                    c.executemany(text, params)

        self._writes.put(what, run)

    def save_entry(self, conversation: str, seed: int, counters: dict[str, int], entry: Entry) -> None:
        token = self._fernet.encrypt(entry.original.encode("utf-8", "surrogatepass"))  # only the token waits in the queue
        self._write("a value", [
            ("INSERT INTO conversations (id, seed, counters, last_used) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE "
             "SET counters = excluded.counters, last_used = excluded.last_used",
             [(conversation, seed, json.dumps(counters), entry.created)]),
            ("INSERT INTO entries (conversation, pseudonym, label, original, created) VALUES (?, ?, ?, ?, ?) "
             "ON CONFLICT (conversation, pseudonym) DO UPDATE SET label = excluded.label, original = excluded.original, "
             "created = excluded.created",
             [(conversation, entry.pseudonym, entry.label, token, entry.created)]),
        ])

    def pull(self, alias: str, since: float) -> PulledConversation | None:
        """A shared store only: the conversation `alias` (a key id) names, or the one with that
        id, with its values made after `since` (another proxy's turns); None when there is none,
        the store is not shared, or it cannot be read now (the proxy goes on with its memory)."""
        if not self.shared:
            return None

        def read() -> tuple[str, list[Row], list[Row]]:
            self._ensure()
            with self.store.read() as c:
                row = c.one("SELECT conversation FROM aliases WHERE alias = ?", (alias,))
                cid = str(row[0]) if row is not None else alias
                convs = c.execute("SELECT id, seed, counters, last_used FROM conversations WHERE id = ?", (cid,))
                if not convs:
                    return cid, [], []
                rows = c.execute(
                    "SELECT conversation, pseudonym, label, original, created FROM entries WHERE conversation = ? AND created > ?",
                    (cid, since))
            return cid, convs, rows

        try:
            # past the gate's deadline, or the store down: the proxy goes on with its memory, and
            # the conversation's next read starts from the same `since` (nothing is skipped)
            cid, convs, rows = self.store.call(read)
        except StoreError as e:
            log.debug("guardian: vault %s: a conversation could not be read (%s)", self.where, type(e).__name__)
            return None
        if not convs:
            return None
        loaded = self._decode(convs, rows, [])
        if cid not in loaded.conversations:
            return None
        seed, counters, last_used, entries = loaded.conversations[cid]
        return PulledConversation(cid, seed, counters, last_used, entries)

    def save_alias(self, alias: str, conversation: str, now: float) -> None:
        self._write("an alias", [
            ("INSERT INTO aliases (alias, conversation, last_used) VALUES (?, ?, ?) ON CONFLICT (alias) DO UPDATE "
             "SET conversation = excluded.conversation, last_used = excluded.last_used",
             [(alias, conversation, now)]),
        ])

    def touch(self, conversations: Iterable[tuple[str, float]]) -> None:
        uses = [(t, c) for c, t in conversations]
        if uses:
            self._write("last uses", [("UPDATE conversations SET last_used = ? WHERE id = ?", uses)])

    def forget(self, conversations: Iterable[str]) -> None:
        ids = [(c,) for c in conversations]
        if ids:
            self._write("a forget", [
                ("DELETE FROM entries WHERE conversation = ?", ids),
                ("DELETE FROM conversations WHERE id = ?", ids),
                ("DELETE FROM aliases WHERE conversation = ?", ids),
            ])

    def clear(self) -> None:
        def run() -> None:
            self._ensure()
            with self.store.transaction() as c:
                for table in ("entries", "conversations", "aliases"):
                    c.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names
            self.store.compact()  # SQLite: no deleted token left in free pages

        self._writes.put("a clear", run)

    def flush(self, timeout: float | None = FLUSH_S) -> bool:
        """Wait for the queued writes; False when they did not all get through in time."""
        return self._writes.flush(timeout)

    @property
    def pending(self) -> int:
        """Writes waiting for the database."""
        return len(self._writes)

    def counts(self) -> tuple[int, int]:
        """(conversations, values) stored."""
        self._writes.flush(FLUSH_S)
        self._ensure()
        with self.store.read() as c:
            convs = c.one("SELECT count(*) FROM conversations")
            values = c.one("SELECT count(*) FROM entries")
        return int(convs[0] if convs else 0), int(values[0] if values else 0)

    def close(self) -> None:
        self._writes.close(FLUSH_S)
        self._close_quietly()

    def _close_quietly(self) -> None:
        try:
            self.store.close()
        except StoreError:
            pass


def open_vault(path: Path, key_path: Path, *, ttl: float, max_entries: int, store: str | None = None) -> tuple[Vault, str | None]:
    """The vault kept at `path`, read whole. When the file is corrupt or the key does not open it,
    the file is set aside (`<name>.unreadable-<time>`) and an empty vault starts; the second value
    says so (None when all went well). Never a partly read vault.

    With `store` (a `postgresql://` URL) the vault lives in that shared database and `key_path`
    stays the key on this machine. A shared vault is never set aside: when the key does not open
    it, this proxy keeps its conversations in memory only and the second value says why."""
    key = load_key(key_path)
    if store:
        try:
            db = VaultDB(path, key, store=store)
        except VaultError as e:
            return Vault(ttl=ttl, max_entries=max_entries, id_key=id_key_of(key)), f"{e}; the shared vault is left as it is and this proxy keeps its conversations in memory"
        return Vault(ttl=ttl, max_entries=max_entries, store=db, id_key=id_key_of(key)), None
    try:
        db = VaultDB(path, key)
        try:
            return Vault(ttl=ttl, max_entries=max_entries, store=db, id_key=id_key_of(key)), None
        except VaultError:
            db.close()
            raise
    except VaultError as e:
        aside = path.with_name(f"{path.name}.unreadable-{int(time.time())}")
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(path) + suffix)
            if src.exists():
                src.rename(Path(str(aside) + suffix))
        fresh = Vault(ttl=ttl, max_entries=max_entries, store=VaultDB(path, key), id_key=id_key_of(key))
        return fresh, f"{e}; the file was moved to {aside} and the vault starts empty"
