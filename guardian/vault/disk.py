"""The vault on disk: SQLite beside the policy store, every original encrypted (Fernet).

    <state>/vault.sqlite3   meta(name, value)              format version; a key check token
                            conversations(id, seed, counters, last_used)
                            entries(conversation, pseudonym, label, original, created)
                            aliases(alias, conversation, last_used)
    <state>/vault.key       the Fernet key (AES-128-CBC + HMAC-SHA256), mode 0600

Only `entries.original` holds personal data, and only as a Fernet token; conversation ids and
aliases are keyed hashes, pseudonyms are tags or made-up values. Reading is all or nothing: the
whole file is read and decrypted before the vault uses any of it, so a corrupt file raises
`VaultCorruptError` and a key that does not open it raises `VaultKeyError`; the caller then
sets the file aside and starts with an empty vault (`open_vault`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from guardian.vault.errors import VaultCorruptError, VaultError, VaultKeyError
from guardian.vault.store import Entry, LoadedVault, Vault

__all__ = ["VaultDB", "default_vault_path", "load_key", "open_vault", "id_key_of", "KEY_FILE_NAME", "DB_FILE_NAME"]

log = logging.getLogger("guardian")

DB_FILE_NAME = "vault.sqlite3"
KEY_FILE_NAME = "vault.key"
FORMAT_VERSION = "1"
KEY_CHECK = b"guardian-vault-key-check"
KEY_MODE = 0o600
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS conversations (id TEXT PRIMARY KEY, seed INTEGER NOT NULL, counters TEXT NOT NULL, last_used REAL NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
    conversation TEXT NOT NULL, pseudonym TEXT NOT NULL, label TEXT NOT NULL, original BLOB NOT NULL,
    created REAL NOT NULL, PRIMARY KEY (conversation, pseudonym));
CREATE TABLE IF NOT EXISTS aliases (alias TEXT PRIMARY KEY, conversation TEXT NOT NULL, last_used REAL NOT NULL);
"""


def default_vault_path() -> Path:
    """Beside the policy store: `$XDG_STATE_HOME/guardian/vault.sqlite3` (else ~/.local/state/...)."""
    from guardian.policy_store.store import default_db_path

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
    """The encrypted vault file. One connection, used under a lock from any thread."""

    def __init__(self, path: Path, key: bytes) -> None:
        self.path = path
        self._fernet = Fernet(key)
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists() and path.stat().st_size > 0
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            self._check(existed)
        except sqlite3.DatabaseError as e:
            self._close_quietly()
            raise VaultCorruptError(f"{path} is not a readable vault ({type(e).__name__})") from None
        except VaultError:
            self._close_quietly()
            raise
        os.chmod(path, KEY_MODE)

    def _check(self, existed: bool) -> None:
        rows = dict(self._db.execute("SELECT name, value FROM meta").fetchall())
        if not rows:
            if existed and self._db.execute("SELECT count(*) FROM entries").fetchone()[0]:
                raise VaultCorruptError(f"{self.path} has values but no key check")
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (FORMAT_VERSION,))
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('check', ?)", (self._fernet.encrypt(KEY_CHECK),))
            return
        if str(rows.get("version")) != FORMAT_VERSION:
            raise VaultCorruptError(f"{self.path} has vault format {rows.get('version')!r}, this version reads {FORMAT_VERSION}")
        try:
            ok = self._fernet.decrypt(bytes(rows.get("check") or b"")) == KEY_CHECK
        except InvalidToken:
            ok = False
        if not ok:
            raise VaultKeyError(f"the vault key does not open {self.path} (a wrong or replaced key); refused")

    # -- VaultStore --------------------------------------------------------------------------

    def load(self, now: float, ttl: float) -> LoadedVault:
        """Every live conversation, decrypted whole, or `VaultCorruptError` (nothing half read)."""
        with self._lock:
            try:
                self._db.execute("DELETE FROM entries WHERE conversation IN (SELECT id FROM conversations WHERE last_used < ?)", (now - ttl,))
                self._db.execute("DELETE FROM conversations WHERE last_used < ?", (now - ttl,))
                convs = self._db.execute("SELECT id, seed, counters, last_used FROM conversations").fetchall()
                rows = self._db.execute("SELECT conversation, pseudonym, label, original, created FROM entries").fetchall()
                aliases = self._db.execute("SELECT alias, conversation, last_used FROM aliases").fetchall()
            except sqlite3.DatabaseError as e:
                raise VaultCorruptError(f"{self.path} cannot be read ({type(e).__name__})") from None
        out: dict[str, tuple[int, dict[str, int], float, list[Entry]]] = {}
        try:
            for cid, seed, counters, last_used in convs:
                out[str(cid)] = (int(seed), {str(k): int(v) for k, v in json.loads(counters).items()}, float(last_used), [])
            for cid, pseudonym, label, token, created in rows:
                if cid not in out:
                    continue
                original = self._fernet.decrypt(bytes(token)).decode("utf-8", "surrogatepass")
                out[cid][3].append(Entry(str(pseudonym), original, str(label), float(created)))
        except InvalidToken:
            raise VaultCorruptError(f"{self.path}: a stored value does not decrypt with the vault key") from None
        except (ValueError, TypeError, AttributeError):
            raise VaultCorruptError(f"{self.path}: a conversation row is malformed") from None
        live = {str(a): (str(c), float(t)) for a, c, t in aliases if c in out}
        return LoadedVault(out, live)

    def save_entry(self, conversation: str, seed: int, counters: dict[str, int], entry: Entry) -> None:
        token = self._fernet.encrypt(entry.original.encode("utf-8", "surrogatepass"))
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO conversations VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET counters = excluded.counters, "
                "last_used = excluded.last_used",
                (conversation, seed, json.dumps(counters), entry.created),
            )
            self._db.execute(
                "INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?, ?)",
                (conversation, entry.pseudonym, entry.label, token, entry.created),
            )
            self._db.execute("COMMIT")

    def save_alias(self, alias: str, conversation: str, now: float) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO aliases VALUES (?, ?, ?)", (alias, conversation, now))

    def touch(self, conversations: Iterable[tuple[str, float]]) -> None:
        with self._lock:
            self._db.executemany("UPDATE conversations SET last_used = ? WHERE id = ?", [(t, c) for c, t in conversations])

    def forget(self, conversations: Iterable[str]) -> None:
        ids = [(c,) for c in conversations]
        with self._lock:
            self._db.executemany("DELETE FROM entries WHERE conversation = ?", ids)
            self._db.executemany("DELETE FROM conversations WHERE id = ?", ids)
            self._db.executemany("DELETE FROM aliases WHERE conversation = ?", ids)

    def clear(self) -> None:
        with self._lock:
            for table in ("entries", "conversations", "aliases"):
                self._db.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names
            self._db.execute("VACUUM")  # no deleted token left in free pages

    def counts(self) -> tuple[int, int]:
        """(conversations, values) stored."""
        with self._lock:
            convs = self._db.execute("SELECT count(*) FROM conversations").fetchone()[0]
            values = self._db.execute("SELECT count(*) FROM entries").fetchone()[0]
        return int(convs), int(values)

    def close(self) -> None:
        with self._lock:
            self._close_quietly()

    def _close_quietly(self) -> None:
        try:
            self._db.close()
        except (sqlite3.Error, AttributeError):
            pass


def open_vault(path: Path, key_path: Path, *, ttl: float, max_entries: int) -> tuple[Vault, str | None]:
    """The vault kept at `path`, read whole. When the file is corrupt or the key does not open it,
    the file is set aside (`<name>.unreadable-<time>`) and an empty vault starts; the second value
    says so (None when all went well). Never a partly read vault."""
    key = load_key(key_path)
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
