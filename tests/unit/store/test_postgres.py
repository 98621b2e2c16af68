"""PostgreSQL as the store of many proxies: shared writes, a store that goes down and comes back,
a corrupt row skipped, a wrong vault key refused without touching the shared vault."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from guardian.matcher.bootstrap import LabelStore
from guardian.matcher.schema import Practice
from guardian.matcher.system1 import EvidenceItem
from guardian.policies.service import PolicyStore
from guardian.store.policies import PolicyDB
from guardian.policies.records import StatementFields
from lab.testing.pg_cluster import PgCluster, SkipCluster, throwaway_cluster
from guardian.store.vault import VaultDB, open_vault
from guardian.vault.memory import Vault

SECRET = "Jane Q. Storington"


@pytest.fixture
def own_cluster() -> Iterator[PgCluster]:
    """A cluster of this test's own, to stop and start."""
    try:
        with throwaway_cluster() as cluster:
            yield cluster
    except SkipCluster as e:
        pytest.skip(f"no throwaway PostgreSQL cluster: {e}")


def _fields() -> StatementFields:
    return StatementFields(actions=frozenset({"collect"}), data=frozenset({"Email"}), opp_category="First Party Collection/Use")


def test_two_proxies_see_each_others_writes(pg_url: str, tmp_path: Path) -> None:
    a, b = PolicyDB(pg_url), PolicyDB(pg_url)
    a.add_version("shared.example", "u", "h", "en", "html", [("We collect e-mail.", "", _fields())])
    assert b.latest("shared.example").statements[0].text == "We collect e-mail."  # type: ignore[union-attr]
    b.record_failure("down.example", "network", "x", None, base_s=1, max_s=2)
    assert a.fetch_state("down.example").failures == 1  # type: ignore[union-attr]

    key_path = tmp_path / "vault.key"  # every proxy has a copy of the same key
    va, _ = open_vault(tmp_path / "a.sqlite3", key_path, ttl=3600, max_entries=100, store=pg_url)
    conv = va.conversation("chat-1")
    conv.pseudonym(SECRET, "PERSON", "tags")
    assert va.store.flush()  # type: ignore[union-attr]
    vb, _ = open_vault(tmp_path / "b.sqlite3", key_path, ttl=3600, max_entries=100, store=pg_url)
    assert vb.conversation("chat-1").restore("[PERSON_1]") == (SECRET, 1)
    va.close()
    vb.close()

    la, lb = LabelStore(tmp_path / "la.sqlite3", store=pg_url), LabelStore(tmp_path / "lb.sqlite3", store=pg_url)
    p = Practice(practices=frozenset({"collect"}))
    la.add(p, EvidenceItem("s1", p, "text"), 1.0)
    lb.add(p, EvidenceItem("s2", p, "text"), 0.0)
    la.flush()
    assert lb.count() == 2 and la.count() == 2
    la.close()
    lb.close()


def test_a_corrupt_shared_row_is_skipped_and_logged(pg_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    vault, _ = open_vault(tmp_path / "v.sqlite3", tmp_path / "vault.key", ttl=3600, max_entries=100, store=pg_url)
    conv = vault.conversation("chat")
    conv.pseudonym(SECRET, "PERSON", "tags")
    conv.pseudonym("other@example.org", "EMAIL", "tags")
    vault.close()
    db = VaultDB(tmp_path / "v.sqlite3", (tmp_path / "vault.key").read_bytes(), store=pg_url)
    with db.store.transaction() as c:
        c.execute("UPDATE entries SET original = ? WHERE label = 'EMAIL'", (b"garbage",))
    db.close()
    with caplog.at_level(logging.WARNING):
        again, problem = open_vault(tmp_path / "v.sqlite3", tmp_path / "vault.key", ttl=3600, max_entries=100, store=pg_url)
    assert problem is None and len(again) == 1 and "1 unreadable rows skipped" in caplog.text
    assert SECRET not in caplog.text
    again.close()


def test_a_wrong_key_leaves_the_shared_vault_alone(pg_url: str, tmp_path: Path) -> None:
    vault, _ = open_vault(tmp_path / "v.sqlite3", tmp_path / "vault.key", ttl=3600, max_entries=100, store=pg_url)
    vault.conversation("chat").pseudonym(SECRET, "PERSON", "tags")
    vault.close()
    (tmp_path / "other").mkdir()
    other, problem = open_vault(tmp_path / "other" / "v.sqlite3", tmp_path / "other" / "vault.key", ttl=3600, max_entries=100, store=pg_url)
    assert problem is not None and "wrong or replaced key" in problem and "in memory" in problem
    assert other.store is None and len(other) == 0
    db = VaultDB(tmp_path / "v.sqlite3", (tmp_path / "vault.key").read_bytes(), store=pg_url)
    assert db.counts() == (1, 1)  # untouched
    db.close()


def test_the_store_going_down_mid_run(own_cluster: PgCluster, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from types import SimpleNamespace

    from guardian.records import Action, Basis, RecipientType

    url = own_cluster.create_database("outage")
    policies = PolicyStore(url)
    policies.db.add_version("known.example", "u", "h", "en", "html", [("We collect your e-mail address.", "", _fields())])
    vault, _ = open_vault(tmp_path / "v.sqlite3", tmp_path / "vault.key", ttl=3600, max_entries=100, store=url)
    db = vault.store
    assert isinstance(db, VaultDB)
    conv = vault.conversation("chat")
    conv.pseudonym("Before Outage", "PERSON", "tags")
    assert db.flush()

    own_cluster.stop()
    with caplog.at_level(logging.WARNING):
        started = time.monotonic()
        status = policies.lookup_site("unknown.example")
        conv.pseudonym(SECRET, "PERSON", "tags")  # the flow goes on; the write waits in the queue
        vault.link("alias", conv.id)
        assert time.monotonic() - started < 5
        assert status[0] == "unavailable"
        action = Action("other.example", frozenset(), RecipientType.ANALYTICS, (), Basis.DEFAULT)
        context = SimpleNamespace(destination="other.example", destination_site="other.example")
        evidence = policies.transparency(action, context)  # type: ignore[arg-type]
        assert not evidence.evidence
        assert not db.flush(0.5) and db.pending >= 2
    assert "unavailable" in caplog.text and "guardian" in caplog.text

    own_cluster.start()
    assert db.flush(30) and db.pending == 0
    check = VaultDB(tmp_path / "v.sqlite3", (tmp_path / "vault.key").read_bytes(), store=url)
    assert check.counts() == (1, 2)
    check.close()
    assert policies.db.latest("known.example") is not None  # reads work again
    vault.close()


def test_the_store_down_at_start(own_cluster: PgCluster, tmp_path: Path) -> None:
    url = own_cluster.create_database("late")
    own_cluster.stop()
    db = PolicyDB(url)  # no error: migrated at the first call that reaches it
    vault, problem = open_vault(tmp_path / "v.sqlite3", tmp_path / "vault.key", ttl=3600, max_entries=100, store=url)
    assert problem is None and len(vault) == 0
    vault.conversation("chat").pseudonym(SECRET, "PERSON", "tags")
    labels = LabelStore(tmp_path / "l.sqlite3", store=url)
    p = Practice(practices=frozenset({"collect"}))
    labels.add(p, EvidenceItem("s", p, "t"), 1.0)
    own_cluster.start()
    time.sleep(0.1)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the stores fail fast for a few seconds after a failed connect
        try:
            db.add_version("late.example", "u", "h", "en", "html", [("We collect e-mail.", "", _fields())])
            break
        except Exception:  # noqa: BLE001
            time.sleep(0.5)
    assert db.latest("late.example") is not None
    assert vault.store.flush(30)  # type: ignore[union-attr]
    assert labels.count() == 1
    check = VaultDB(tmp_path / "v.sqlite3", (tmp_path / "vault.key").read_bytes(), store=url)
    assert check.counts() == (1, 1)
    check.close()
    vault.close()
    labels.close()


def test_assembly_puts_every_store_in_postgresql(pg_url: str, tmp_path: Path) -> None:
    from guardian.assemble import build_components
    from guardian.settings import Settings
    from guardian.vault.options import VaultOptions

    settings = Settings.from_values({"guardian_store": pg_url, "guardian_policy_db": str(tmp_path / "p.sqlite3")})
    parts = build_components(settings, warm=False)
    try:
        assert parts.policy_store is not None and parts.policy_store.db.store.dialect == "postgresql"
        assert not (tmp_path / "p.sqlite3").exists()
        boot = parts.matcher.bootstrap
        if boot is not None:
            assert boot.store.store.dialect == "postgresql"
    finally:
        parts.close()
    options = VaultOptions.from_values({"guardian_vault": "disk", "guardian_store": pg_url})
    assert options.store == pg_url and VaultOptions.from_values({"guardian_store": pg_url}).store is None


def test_vault_status_and_clear_commands_on_the_shared_store(pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from guardian.cli import main

    key_path = tmp_path / "vault.key"
    vault, _ = open_vault(tmp_path / "v.sqlite3", key_path, ttl=3600, max_entries=100, store=pg_url)
    vault.conversation("chat").pseudonym(SECRET, "PERSON", "tags")
    vault.close()
    args = ["--store", pg_url, "--key", str(key_path)]
    assert main(["vault", "status", *args]) == 0
    out = capsys.readouterr().out
    assert "1 conversations, 1 values" in out and "password" not in out
    assert main(["vault", "clear", *args]) == 0
    assert "vault cleared" in capsys.readouterr().out
    assert main(["vault", "status", *args]) == 0
    assert "0 conversations, 0 values" in capsys.readouterr().out
    other = tmp_path / "other.key"
    other.write_bytes(Fernet.generate_key())
    assert main(["vault", "status", "--store", pg_url, "--key", str(other)]) != 0  # another key: refused
