from __future__ import annotations

import pytest

from guardian.errors import ConfigError
from lab.eval.datasets import DATASETS, load_dataset, pick, synthpai_surface_forms

from .conftest import SHARED


def test_tab_paragraphs_keep_direct_and_quasi_only(fixtures) -> None:  # type: ignore[no-untyped-def]
    samples = load_dataset("tab", fixtures)
    assert [s.id for s in samples] == ["001-0001#2", "001-0001#4"]
    first, second = samples
    assert [(g.value, g.label, g.direct) for g in first.spans] == [
        ("1234/05", "CODE", True), ("John Smith", "PERSON", True), ("3 May 2005", "DATETIME", False)
    ]
    assert [g.value for g in second.spans] == ["Leeds"]  # "Court" is NO_MASK
    for s in samples:
        assert all(s.text[g.start : g.end] == g.value for g in s.spans)


def test_synthpai_spans_follow_the_documented_rule(fixtures) -> None:  # type: ignore[no-untyped-def]
    samples = {s.id: s for s in load_dataset("synthpai", fixtures)}
    assert set(samples) == {"pers1#0", "pers1#2"}  # the comment without a span is not a sample
    first = samples["pers1#0"]
    assert [(g.value, g.label) for g in first.spans] == [
        ("Zurich", "city_country"), ("as a guy", "sex"), ("Computer Science", "education")
    ]
    # birth_city_country has no human label (not inferable): "Cleveland" is no gold span
    assert [(g.value, g.label) for g in samples["pers1#2"].spans] == [("31", "age")]


def test_synthpai_surface_forms() -> None:
    assert synthpai_surface_forms("income_level", "high") == []
    assert any("Switzerland" in f for f in synthpai_surface_forms("city_country", "Zurich, Switzerland"))
    assert not any(f == r"\bMasters\b" for f in synthpai_surface_forms("education", "Masters in Law"))
    assert any("250" in f and "k" in f for f in synthpai_surface_forms("income", "250 thousand swiss francs"))


def test_pii300k_rows_without_spans_are_skipped(fixtures) -> None:  # type: ignore[no-untyped-def]
    samples = load_dataset("pii300k", fixtures)
    assert [s.id for s in samples] == ["1A", "3A"]
    assert all(s.text[g.start : g.end] == g.value for s in samples for g in s.spans)


def test_pick_is_seeded_and_prefix_stable(fixtures) -> None:  # type: ignore[no-untyped-def]
    samples = load_dataset("pii300k", fixtures)
    assert pick(samples, 1, 42) == pick(samples, 1, 42)
    assert pick(samples, 1, 42) == pick(samples, 2, 42)[:1]
    assert len(pick(samples, 10, 1)) == 2


def test_unknown_dataset_and_missing_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ConfigError):
        load_dataset("nope", tmp_path)
    with pytest.raises(ConfigError, match="not found"):
        load_dataset("tab", tmp_path)


@pytest.mark.skipif(not SHARED.exists(), reason=f"shared benchmark data not found at {SHARED}")
@pytest.mark.parametrize("name", DATASETS)
def test_shared_data_loads_with_consistent_spans(name: str) -> None:
    samples = load_dataset(name, SHARED)
    assert len(samples) >= 50
    assert all(s.spans and all(s.text[g.start : g.end] == g.value for g in s.spans) for s in samples)
