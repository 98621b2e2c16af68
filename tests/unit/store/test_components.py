"""The policy store, the vault and the matcher's labels on both backends: same operations, same
results; user strings only ever keys; a corrupt row skipped and logged; values encrypted at rest."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from guardian.matcher.bootstrap import LabelStore
from guardian.matcher.schema import Practice
from guardian.matcher.system1 import EvidenceItem
from guardian.store.policies import PolicyDB
from guardian.policies.records import StatementFields
from guardian.store.vault import VaultDB, id_key_of, load_key, open_vault
from guardian.vault.memory import Vault

EVIL = "x'); DROP TABLE--/../.."
SECRET = "Jane Q. Storington"


def _fields(category: str = "First Party Collection/Use") -> StatementFields:
    return StatementFields(actions=frozenset({"collect"}), data=frozenset({"Email"}), opp_category=category)


def _policy(backend: str | None, tmp_path: Path) -> PolicyDB:
    return PolicyDB(backend or tmp_path / "policies.sqlite3")


def test_policy_db_same_results(backend: str | None, tmp_path: Path) -> None:
    db = _policy(backend, tmp_path)
    v1 = db.add_version(EVIL, "https://x/p", "h1", "en", "html", [("We collect e-mail.", "Data", _fields())], fetched_at=100.0)
    assert db.add_version(EVIL, "https://x/p2", "h1", "en", "html", [], fetched_at=200.0).id == v1.id  # same hash: touched
    v2 = db.add_version(EVIL, "https://x/p", "h2", "en", "html", [("A", "", _fields()), ("B", "", _fields("Other"))], fetched_at=300.0)
    latest = db.latest(EVIL)
    assert latest is not None and latest.id == v2.id != v1.id and [s.text for s in latest.statements] == ["A", "B"]
    assert latest.statements[1].fields.opp_category == "Other" and latest.fetched_at == 300.0
    assert db.sites() == [EVIL] and db.latest("other.example") is None
    state = db.record_failure("fail.example", "network", "refused", None, base_s=10, max_s=100)
    state = db.record_failure("fail.example", "network", "refused", None, base_s=10, max_s=100)
    assert state.failures == 2 and 19 < state.next_attempt_at - state.updated_at < 21
    assert db.fetch_state(EVIL).outcome == "stored"  # type: ignore[union-attr]
    db.store.close()


def test_policy_db_skips_a_corrupt_statement(backend: str | None, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = _policy(backend, tmp_path)
    v = db.add_version("s.example", "u", "h", "en", "html", [("Good one.", "", _fields()), ("Broken one.", "", _fields())])
    with db.store.transaction() as c:
        c.execute("UPDATE statements SET fields = ? WHERE policy_id = ? AND idx = 1", ("{not json", v.id))
    with caplog.at_level(logging.WARNING):
        latest = db.latest("s.example")
    assert latest is not None and [s.text for s in latest.statements] == ["Good one."]
    assert "skipped" in caplog.text and "Broken one" not in caplog.text
    db.store.close()


def _vault(backend: str | None, tmp_path: Path) -> tuple[Vault, VaultDB]:
    vault, problem = open_vault(tmp_path / "vault.sqlite3", tmp_path / "vault.key", ttl=3600, max_entries=100, store=backend)
    assert problem is None and isinstance(vault.store, VaultDB)
    return vault, vault.store


def test_vault_same_results_and_encrypted_at_rest(backend: str | None, tmp_path: Path) -> None:
    vault, db = _vault(backend, tmp_path)
    conv = vault.conversation(EVIL)
    assert conv.pseudonym(SECRET, "PERSON", "tags") == ("[PERSON_1]", True)
    conv.pseudonym("a@b.example", "EMAIL", "tags")
    vault.link("later-" + EVIL, conv.id)
    assert db.flush() and db.pending == 0 and db.counts() == (1, 2)
    with db.store.read() as c:
        raw = repr(c.execute("SELECT * FROM entries")) + repr(c.execute("SELECT * FROM aliases")) + repr(c.execute("SELECT * FROM conversations"))
    assert SECRET not in raw and EVIL not in raw and "a@b.example" not in raw  # tokens and keyed hashes only
    vault.close()
    again, _ = _vault(backend, tmp_path)
    conv2 = again.conversation("later-" + EVIL)
    assert conv2.id == conv.id and conv2.restore("[PERSON_1]") == (SECRET, 1)
    assert conv2.pseudonym("Other Person", "PERSON", "tags")[0] == "[PERSON_2]"
    again.clear()
    assert again.store.counts() == (0, 0)  # type: ignore[union-attr]
    again.close()


def test_labels_same_results(backend: str | None, tmp_path: Path) -> None:
    store = LabelStore(tmp_path / "labels.sqlite3", store=backend)
    action = Practice(practices=frozenset({"collect"}), pi=frozenset({"email"}))
    for i in range(3):
        store.add(action, EvidenceItem(f"{EVIL}{i}", action, "We collect e-mail."), 0.9 if i else 0.1)
    assert store.count() == 3
    rows = store.all()
    assert [r[1].id for r in rows] == [f"{EVIL}{i}" for i in range(3)] and rows[0][0] == action and rows[1][2] == 0.9
    store.record_model("multihot-boot3", 3, tmp_path / "w.npz", "shipped")
    store.record_model("minilm-boot3", 3, tmp_path / "m.npz", "shipped")
    assert store.latest_model("multihot") == ("multihot-boot3", tmp_path / "w.npz")
    store.close()
