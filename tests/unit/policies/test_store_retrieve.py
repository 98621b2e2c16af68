from __future__ import annotations

import sqlite3
import threading

import pytest

from guardian.policies import ActionQuery, PolicyDBError, transparency_signals
from guardian.policies.service import PolicyStore
from guardian.store.policies import PolicyDB
from guardian.store.policies import SCHEMA_VERSION

from .conftest import FIXTURES


def test_migrations_and_newer_schema_refused(tmp_path) -> None:
    db = PolicyDB(tmp_path / "p.db")
    assert db.schema_version() == SCHEMA_VERSION == 2
    conn = sqlite3.connect(tmp_path / "p.db")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(PolicyDBError):
        PolicyDB(tmp_path / "p.db")


def test_same_text_keeps_one_version_changed_text_adds_one(store: PolicyStore) -> None:
    path = FIXTURES / "shop_policy.html"
    v1 = store.ingest_file("shop.example", path)
    assert store.ingest_file("shop.example", path).id == v1.id
    v2 = store.ingest("shop.example", "x", path.read_text() + "<p>We collect your phone number for security.</p>", "text/html")
    assert v2.id != v1.id and store.db.latest("shop.example").id == v2.id
    assert v2.statements[0].id == f"p{v2.id}:0"


def test_concurrent_readers_and_writers(tmp_path) -> None:
    store = PolicyStore(tmp_path / "p.db")
    text = (FIXTURES / "shop_policy.html").read_text()
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            for j in range(5):
                store.ingest(f"s{i}.example", "u", text + f"<p>We collect your email address {j}.</p>", "text/html")
                assert store.db.latest(f"s{(i + 1) % 4}.example") is None or store.db.latest(f"s{(i + 1) % 4}.example").statements
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(store.db.sites()) == 4


def test_top_k_ranks_the_matching_statement_first(store: PolicyStore) -> None:
    store.ingest_file("shop.example", FIXTURES / "shop_policy.html")
    _, _, index, _ = store.lookup_site("shop.example", request_fetch=False)
    q = ActionQuery.of(data=["PostalAddress"], actions=["collect", "share"], recipients=["service_provider"])
    ev = index.top_k(q)
    assert 0 < len(ev) <= 8 and "delivery service providers" in ev[0].statement.text
    assert all(a.score >= b.score for a, b in zip(ev, ev[1:]))
    assert all(0 <= e.structured <= 1 and 0 <= e.keyword <= 1 for e in ev)


def test_transparency_signals_follow_the_evidence(store: PolicyStore) -> None:
    store.ingest_file("shop.example", FIXTURES / "shop_policy.html")
    _, _, index, _ = store.lookup_site("shop.example", request_fetch=False)
    q = ActionQuery.of(data=["Email"], purposes=["marketing"])
    s = transparency_signals(q, index.top_k(q))
    assert s.has_evidence and s.covers_category and s.covers_purpose and s.substantial_text
    assert not transparency_signals(q, ()).has_evidence
    q2 = ActionQuery.of(data=["Health"], purposes=["profiling"])
    s2 = transparency_signals(q2, index.top_k(q2))
    assert not s2.covers_category and not s2.covers_purpose
