"""The licence-clean pair generator (lab/training/matcher/synthetic.py) and its training record."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from guardian.matcher.model import S1Weights
from guardian.matcher.schema import PI_TYPES, PURPOSES, Practice
from lab.training.matcher import synthetic
from lab.training.matcher.opp115 import OppStatement, _rule_annotate, derive_pairs, split_policies, violates_any

SMALL = 12  # policies: enough for every practice kind, quick to annotate
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def statements() -> list[OppStatement]:
    return synthetic.generate_statements(seed=0, n_policies=SMALL)


def _digest(statements: list[OppStatement]) -> str:
    return hashlib.sha256(repr([(s.sid, s.text, s.gold, s.practice) for s in statements]).encode()).hexdigest()


def test_deterministic_by_seed(statements: list[OppStatement]) -> None:
    assert _digest(synthetic.generate_statements(seed=0, n_policies=SMALL)) == _digest(statements)
    assert _digest(synthetic.generate_statements(seed=1, n_policies=SMALL)) != _digest(statements)


def test_deterministic_across_processes() -> None:
    """Practices hold frozensets, whose order changes with the string hash seed: texts and pairs must not."""
    code = ("import hashlib; from lab.training.matcher import synthetic as s; "
            "c = lambda g: (sorted(g.practices), sorted(g.pi), sorted(g.purposes), sorted(g.parties), g.mode, g.does_not, g.opt_in); "
            "st = s.generate_statements(seed=0, n_policies=3); pairs = s.derive_pairs(st, seed=0); "
            "print(hashlib.sha256(repr(([x.text for x in st], [[c(g) for g in x.gold] for x in st], "
            "[(p.kind, p.label, c(p.action)) for p in pairs])).encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(digests) == 1


def test_fields_are_the_rule_annotators_reading(statements: list[OppStatement]) -> None:
    annotate = _rule_annotate()
    assert all(s.practice == annotate(s.text) for s in statements)
    # the reading is not the gold: System 1 learns the request path's reading, errors included
    assert any(s.practice not in s.gold_practices for s in statements)


def test_labels_agree_with_violates_any(statements: list[OppStatement]) -> None:
    pairs = derive_pairs(statements, seed=0)
    assert {p.label for p in pairs} == {0, 1}
    assert all(p.label == violates_any(p.statement.gold_practices, p.action) for p in pairs)
    assert {p.kind.split(":")[0] for p in pairs} == {"described", "near_miss", "cross"}


def test_split_is_by_policy() -> None:
    train, test = synthetic.load_split(seed=0, n_policies=SMALL)
    train_ids, test_ids = {p.policy for p in train}, {p.policy for p in test}
    assert train_ids and test_ids and not train_ids & test_ids
    assert (train_ids, test_ids) == split_policies(list(train_ids | test_ids))
    by_statement = {p.statement.sid: p.policy for p in train + test}
    assert all(sid.startswith(f"syn{uid}:") for sid, uid in by_statement.items())


def test_every_practice_kind_is_produced(statements: list[OppStatement]) -> None:
    gold: list[Practice] = [g for s in statements for g in s.gold_practices]
    assert {a for g in gold for a in g.practices} == {"collect", "share"}
    assert {g.mode for g in gold} == {"explicit", "implicit", None}
    assert {g.does_not for g in gold} == {True, False}
    for flag in ("opt_in", "opt_out", "identifiable", "aggregated", "tracking"):
        assert any(getattr(g, flag) for g in gold), flag
    assert {t for g in gold for t in g.pi} == set(PI_TYPES)
    assert {q for g in gold for q in g.purposes} == set(PURPOSES)
    assert {r for g in gold for r in g.parties} == {"first party", "Named third party", "Unnamed third party",
                                                      "Other part of company/affiliate", "Public"}
    assert any(not g.pi for g in gold) and any(not g.purposes for g in gold)  # data / purpose left unsaid
    assert {len(s.gold_practices) for s in statements} >= {1, 2, 3}


def test_text_is_filled_policy_english(statements: list[OppStatement]) -> None:
    for s in statements:
        assert s.text and "{" not in s.text and "}" not in s.text and "  " not in s.text, s.text
        assert s.text[0].isupper() or s.text[0].isdigit(), s.text
    texts = [s.text.lower() for s in statements]
    assert any("do not" in t or "never" in t for t in texts)
    assert any("consent" in t or "permission" in t or "opt in" in t for t in texts)
    assert len(set(texts)) == len(texts)


def test_synthetic_has_only_the_segment_scheme() -> None:
    from guardian.errors import ConfigError
    from lab.training.matcher.train import load_split

    with pytest.raises(ConfigError, match="segment"):
        load_split(synthetic.SYNTHETIC_DATA, 0, "practice")


def test_training_records_say_data_and_licence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lab.training.matcher import train as train_mod

    opp = train_mod.training_record("multihot", "segment", train_policies=1, test_policies=1, train_pairs=1, test_pairs=1,
                                    seed=0, epochs=1, metrics={}, seconds=0.0)
    assert opp["licence"] == {"data": [{"source": "OPP-115 (usableprivacy.org)", "licence": "research, teaching and scholarship only"}],
                              "clean": False}
    small = synthetic.load_split(seed=0, n_policies=SMALL)
    monkeypatch.setattr(synthetic, "load_split", lambda seed=0: small)
    out = tmp_path / "multihot.npz"
    train_mod.train(synthetic.SYNTHETIC_DATA, "multihot", out, epochs=1, cache_dir=None)
    meta = S1Weights.load(out).meta
    assert meta["data"] == "template statements written for the project (lab/training/matcher/synthetic.py)"
    assert meta["licence"] == {"data": [{"source": meta["data"], "licence": "Apache-2.0"}], "clean": True}
    assert meta["scheme"] == "segment" and "licence_note" not in meta  # `eval` measures it on OPP-115's segment pairs
