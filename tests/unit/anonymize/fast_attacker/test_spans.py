"""The span tagger (fast_attacker/spans.py): words from token probabilities, its weights' checks and
record, a missing or corrupt weights file, and (with the packaged MiniLM) tagging on the attacker's pass."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from guardian.anonymize.fast_attacker import FastAttacker, SpanWeights, SpanWeightsError, spans_path
from guardian.anonymize.fast_attacker.model import DIM
from guardian.anonymize.fast_attacker.spans import SPAN_ATTRIBUTES, TaggedSpan, tag_spans, token_probs

from .test_fast_attacker import needs_model

K = 1 + len(SPAN_ATTRIBUTES)


def _probs(rows: list[tuple[str | None, float]]) -> np.ndarray:
    """One row per token: (attribute or None, its probability); the rest goes to none."""
    out = np.zeros((len(rows), K))
    for i, (attr, p) in enumerate(rows):
        if attr is None:
            out[i, 0] = 1.0
        else:
            out[i, 1 + SPAN_ATTRIBUTES.index(attr)] = p
            out[i, 0] = 1.0 - p
    return out


def _offsets(text: str) -> np.ndarray:
    """Whitespace tokens, as character offsets."""
    out, pos = [], 0
    for word in text.split():
        start = text.index(word, pos)
        out.append((start, start + len(word)))
        pos = start + len(word)
    return np.array(out, np.int64)


THR = {a: 0.5 for a in SPAN_ATTRIBUTES}


def test_tokens_above_threshold_become_word_spans() -> None:
    text = "I work as a nurse now"
    probs = _probs([(None, 0), (None, 0), (None, 0), (None, 0), ("occupation", 0.9), ("occupation", 0.3)])
    assert tag_spans(text, _offsets(text), probs, THR) == [TaggedSpan("occupation", 12, 17, 0.9)]
    assert tag_spans(text, _offsets(text), probs, {**THR, "occupation": 0.95}) == []


def test_a_word_piece_tags_the_whole_word_and_a_noun_phrase_is_one_span_named_by_its_head() -> None:
    text = "my music teacher rocks"
    offsets = np.array([(0, 2), (3, 8), (9, 13), (13, 16), (17, 22)])  # "teach" + "##er"
    probs = _probs([(None, 0), ("education", 0.8), (None, 0), ("occupation", 0.7), (None, 0)])
    spans = tag_spans(text, offsets, probs, THR)
    assert [(text[s.start:s.end], s.attribute) for s in spans] == [("music teacher", "occupation")]


def test_possessive_and_entity_tags_are_left_out() -> None:
    text = "anthropology's fine [PERSON] here"
    offsets = _offsets(text)
    probs = _probs([("education", 0.9), (None, 0), ("occupation", 0.9), (None, 0)])
    spans = tag_spans(text, offsets, probs, THR)
    assert [(text[s.start:s.end], s.attribute) for s in spans] == [("anthropology", "education")]


def test_punctuation_between_words_keeps_spans_apart() -> None:
    text = "Zurich, Switzerland"
    spans = tag_spans(text, _offsets(text), _probs([("city_country", 0.9), ("city_country", 0.8)]), THR)
    assert [text[s.start:s.end] for s in spans] == ["Zurich", "Switzerland"]


def test_no_tokens_no_spans() -> None:
    assert tag_spans("", np.zeros((0, 2), np.int64), np.zeros((0, K)), THR) == []


def test_token_probs_are_distributions() -> None:
    rng = np.random.default_rng(0)
    w = SpanWeights({"W1": rng.normal(size=(DIM, 8)).astype(np.float32), "b1": np.zeros(8, np.float32),
                     "W2": rng.normal(size=(8, K)).astype(np.float32), "b2": np.zeros(K, np.float32)})
    w.check()
    p = token_probs(w, rng.normal(size=(5, DIM)))
    assert p.shape == (5, K) and np.allclose(p.sum(axis=1), 1.0)
    assert all(v > 1 for v in w.thresholds.values())  # no thresholds given: never tagged


def test_shipped_weights_are_small_and_carry_their_record() -> None:
    w = SpanWeights.load(spans_path())
    assert spans_path().stat().st_size < 1_000_000
    for key in ("data", "split", "split_seed", "seed", "thresholds", "metrics", "command"):
        assert key in w.meta
    assert {"val", "dev", "test"} <= set(w.meta["metrics"])
    assert set(w.thresholds) == set(SPAN_ATTRIBUTES)


def test_corrupt_or_misshapen_weights_are_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "spans.npz"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(SpanWeightsError, match="span tagger"):
        SpanWeights.load(bad)
    arrays = dict(SpanWeights.load(spans_path()).arrays)
    arrays["W2"] = np.zeros((3, 3), np.float32)
    with pytest.raises(SpanWeightsError, match="shape"):
        SpanWeights(arrays).check()


def test_missing_spans_weights_are_logged_and_the_attacker_runs_without_the_tagger(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        attacker = FastAttacker.shipped(spans=tmp_path / "missing.npz")
    assert attacker.tagger is None and attacker.span_status.startswith("unavailable: span tagger weights")
    assert any("span tagger is off" in r.getMessage() for r in caplog.records)


@needs_model
def test_read_tags_spans_on_the_attackers_pass() -> None:
    attacker = FastAttacker.shipped()
    text = "I'm 34 and married, a nurse from Ohio."
    reading = attacker.read(text, tag=True)
    found = {(text[s.start:s.end], s.attribute) for s in reading.spans}
    assert {("nurse", "occupation"), ("34", "age"), ("married", "relationship_status")} <= found
    assert attacker.read(text).spans == []  # tagging only when asked
    assert attacker.read("The weather was fine and the bus came on time.", tag=True).spans == []


@needs_model
def test_offsets_without_the_model_match_the_encoder() -> None:
    from guardian.anonymize.fast_attacker.encoder import TokenEncoder

    enc = TokenEncoder("int8")
    texts = ["I work as a nurse in Tacoma.", "word " * 700, ""]
    for states, offsets in zip(enc.encode(texts), enc.offsets(texts)):
        assert np.array_equal(states.offsets, offsets)
