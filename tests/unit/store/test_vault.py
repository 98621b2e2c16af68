"""The vault on disk: encrypted at rest, read whole or not at all, a wrong key refused."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from guardian.store.vault import VaultDB, id_key_of, load_key, open_vault
from guardian.vault.errors import VaultCorruptError, VaultKeyError
from guardian.vault.memory import Vault

SECRET_NAME = "Jane Q. Vaultington"
SECRET_MAIL = "jane.vaultington@corp.example"


def _fill(path: Path) -> str:
    vault, problem = open_vault(path, path.with_name("vault.key"), ttl=3600, max_entries=100)
    assert problem is None
    conv = vault.conversation("chatgpt.com|id|abc")
    conv.pseudonym(SECRET_NAME, "PERSON", "tags")
    conv.pseudonym(SECRET_MAIL, "EMAIL", "tags")
    vault.link("chatgpt.com|id|later", conv.id)
    vault.close()
    return conv.id


def _all_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != "vault.key")


def test_values_are_encrypted_at_rest_and_come_back(tmp_path: Path) -> None:
    path = tmp_path / "vault.sqlite3"
    cid = _fill(path)
    raw = _all_bytes(tmp_path)
    # nor the conversation's key: keys are hashed (its short tail alone, "abc", is no test: a hex
    # digest holds those three letters about one time in three)
    for secret in (SECRET_NAME, SECRET_MAIL, "Vaultington", "chatgpt.com|id|abc", "id|abc"):
        assert secret.encode() not in raw
    vault, problem = open_vault(path, tmp_path / "vault.key", ttl=3600, max_entries=100)
    assert problem is None and len(vault) == 2
    conv = vault.conversation("chatgpt.com|id|later")  # the alias survived too
    assert conv.id == cid and conv.restore("[PERSON_1] <[EMAIL_1]>") == (f"{SECRET_NAME} <{SECRET_MAIL}>", 2)
    assert conv.pseudonym("Someone Else", "PERSON", "tags")[0] == "[PERSON_2]"  # the counters came back
    vault.close()


def test_key_file_is_private(tmp_path: Path) -> None:
    key_path = tmp_path / "state" / "vault.key"
    key = load_key(key_path)
    assert stat.S_IMODE(key_path.stat().st_mode) == 0o600 and load_key(key_path) == key
    os.chmod(key_path, 0o644)
    load_key(key_path)
    assert stat.S_IMODE(key_path.stat().st_mode) == 0o600


def test_a_wrong_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "vault.sqlite3"
    _fill(path)
    with pytest.raises(VaultKeyError, match="wrong or replaced key") as info:
        VaultDB(path, Fernet.generate_key())
    assert SECRET_NAME not in str(info.value)


def test_a_corrupt_value_refuses_the_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "vault.sqlite3"
    _fill(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE entries SET original = ? WHERE label = 'EMAIL'", (b"garbage",))
    key = load_key(tmp_path / "vault.key")
    with pytest.raises(VaultCorruptError, match="does not decrypt"):
        Vault(store=VaultDB(path, key), id_key=id_key_of(key))


@pytest.mark.parametrize("damage", ["not sqlite", "bad row"])
def test_a_corrupt_file_is_set_aside_and_the_vault_starts_empty(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "vault.sqlite3"
    _fill(path)
    if damage == "not sqlite":
        for suffix in ("-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        path.write_bytes(b"this is not a database" * 100)
    else:
        with sqlite3.connect(path) as db:
            db.execute("UPDATE entries SET original = ?", (b"garbage",))
    vault, problem = open_vault(path, tmp_path / "vault.key", ttl=3600, max_entries=100)
    assert problem is not None and "starts empty" in problem and SECRET_NAME not in problem
    assert len(vault) == 0 and vault.conversations == 0
    assert list(tmp_path.glob("vault.sqlite3.unreadable-*"))
    vault.close()


def test_ttl_applies_on_load_and_clear_empties_the_file(tmp_path: Path) -> None:
    path = tmp_path / "vault.sqlite3"
    _fill(path)
    key = load_key(tmp_path / "vault.key")
    db = VaultDB(path, key)
    assert db.counts() == (1, 2)
    vault = Vault(store=db, id_key=id_key_of(key), ttl=3600, clock=lambda: 10**12)  # far in the future
    assert len(vault) == 0
    vault.clear()
    assert db.counts() == (0, 0)
    db.close()


def test_vault_clear_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from guardian.cli import main

    path = tmp_path / "vault.sqlite3"
    _fill(path)
    assert main(["vault", "status", "--db", str(path)]) == 0
    assert "1 conversations, 2 values" in capsys.readouterr().out
    assert main(["vault", "clear", "--db", str(path)]) == 0
    assert not path.exists() and (tmp_path / "vault.key").exists()
