"""The disclosure tagger: its classes, thresholds, the function-word guard, and its weights."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from guardian.detect.disclosure_tagger import CLASSES, SCORE_CAP, DisclosureTagger, load_disclosure_tagger, weights_path
from guardian.detect.prose_tagger import ProseWeights, TaggedEntity
from guardian.weights import licence_of


class _Head:
    def __init__(self, tags: list[TaggedEntity], alone: dict[str, float]) -> None:
        self.tags = tags
        self.weights = SimpleNamespace(meta={"alone": alone})
        self.thresholds = {c: 0.5 for c in CLASSES}

    def tag(self, text: str) -> list[TaggedEntity]:
        return self.tags


def test_spans_of_function_words_only_are_no_details_and_alone_is_at_least_the_threshold() -> None:
    text = "canvassing for Likud all weekend"
    tags = [TaggedEntity("GROUP", 11, 14, 0.9), TaggedEntity("GROUP", 15, 20, 0.9)]
    tagger = DisclosureTagger(_Head(tags, {"GROUP": 0.55, "JOB": 0.3, "ORG": 0.9, "PLACE": 0.9}),  # type: ignore[arg-type]
                              frozenset({"for", "all"}))
    assert [text[e.start:e.end] for e in tagger.tag(text)] == ["Likud"]
    assert tagger.alone["GROUP"] == 0.55 and tagger.alone["JOB"] == 0.5 and tagger.alone["HEALTH"] == 1.01
    # a recorded score is capped (SCORE_CAP), but a place's, and no class stands alone without one
    assert tagger.alone["ORG"] == SCORE_CAP and tagger.alone["PLACE"] == 0.9
    assert tagger.tagger.thresholds["ORG"] == 0.5 and tagger.tagger.thresholds["PLACE"] == 0.5


def test_the_shipped_weights_load_with_known_classes_and_a_clean_licence() -> None:
    weights = ProseWeights.load(weights_path())
    assert set(weights.labels) <= set(CLASSES) and weights.context >= 1
    assert set(weights.meta["alone"]) == set(weights.labels)
    assert licence_of(weights_path()).clean


def test_weights_with_a_class_of_another_head_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "disclosure_tagger.npz"
    shutil.copy(weights_path(), path)
    meta = json.loads(weights_path().with_suffix(".json").read_text())
    meta["labels"] = ["PERSON", *meta["labels"][1:]]
    path.with_suffix(".json").write_text(json.dumps(meta))
    assert load_disclosure_tagger(object(), path) is None  # logged, off: the phrase rules and the judge decide
