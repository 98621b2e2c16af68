from __future__ import annotations

import random

from lab.training.detect.augment import drop_subject, lower, move_first, typo, variants

TEXT = "I work at Petrobras as a clerk. What is the tallest mountain?"
SPANS = [(10, 19, "ORG"), (25, 30, "JOB")]


def _values(text: str, spans: list[tuple[int, int, str]]) -> list[str]:
    return [text[s:e] for s, e, _ in spans]


def test_each_transform_keeps_the_labelled_values() -> None:
    rng = random.Random(0)
    for transform in (lower, typo, drop_subject, move_first):
        done = transform(TEXT, list(SPANS), rng)
        assert done is not None, transform.__name__
        text, spans = done
        assert text != TEXT
        assert [v.lower() for v in _values(text, spans)] == ["petrobras", "clerk"], transform.__name__


def test_dropping_the_subject_and_moving_the_sentence() -> None:
    text, spans = drop_subject(TEXT, list(SPANS), random.Random(0)) or ("", [])
    assert text.startswith("work at Petrobras") and _values(text, spans) == ["Petrobras", "clerk"]
    assert drop_subject("I am a nurse. Why?", [(7, 12, "JOB")], random.Random(0)) is None  # no verb left to stand on
    moved, spans = move_first(TEXT, list(SPANS), random.Random(1)) or ("", [])
    assert moved.startswith("What is the tallest mountain?") and _values(moved, spans) == ["Petrobras", "clerk"]


def test_a_transform_never_touches_a_span() -> None:
    assert typo("Ozempic", [(0, 7, "HEALTH")], random.Random(0)) is None
    assert move_first("Only one sentence here", [], random.Random(0)) is None


def test_variants_keep_source_and_group() -> None:
    items = [("llm", "g1", TEXT, list(SPANS)), ("prompt", "g2", "Where is Lyon?", [])]
    out = variants(items, random.Random(3), per_item=2, sources=frozenset({"llm"}))
    assert out and all(source == "llm" and group == "g1" for source, group, _, _ in out)
    for _, _, text, spans in out:
        assert [v.lower() for v in _values(text, spans)] == ["petrobras", "clerk"]
