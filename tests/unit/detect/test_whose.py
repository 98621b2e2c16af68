"""The subject judge: its features, its weights' checks and its decisions (with a fake encoder)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from guardian.detect.whose import DIM, KINDS, SubjectJudge, SubjectModelError, SubjectWeights, span_features, weights_path


@dataclass
class _States:
    states: np.ndarray
    offsets: np.ndarray


class _Encoder:
    """One token per word; a word's state is 1.0 in the dimension of its length (a toy encoding)."""

    variant, layers = "int8", 2

    def __init__(self) -> None:
        self.calls = 0

    def encode(self, texts: list[str]) -> list[_States]:
        self.calls += 1
        out = []
        for text in texts:
            import re

            words = list(re.finditer(r"\S{1,64}", text))
            states = np.zeros((len(words), DIM), np.float32)
            for i, w in enumerate(words):
                states[i, min(len(w.group()), DIM - 1)] = 1.0
            out.append(_States(states, np.array([[w.start(), w.end()] for w in words], np.int64).reshape(-1, 2)))
        return out


def _weights(threshold: float = 0.5, hot: int = 7) -> SubjectWeights:
    """A head whose output is large when the span's own mean state has dimension `hot`."""
    width = 4 * DIM + len(KINDS)
    W1 = np.zeros((width, 2), np.float32)
    W1[hot, 0] = 30.0
    return SubjectWeights({"W1": W1, "b1": np.array([-10.0, 0.0], np.float32), "w2": np.array([1.0, 0.0], np.float32),
                           "b2": np.array([-5.0], np.float32)}, {"threshold": threshold, "layers": 2, "encoder": "int8",
                                                                 "kinds": list(KINDS)})


def test_features_read_the_span_its_sentence_around_it_and_the_kind() -> None:
    enc = _Encoder()
    text = "Hello there. I work at Acmecorp today. Bye now."
    (s,) = enc.encode([text])
    start = text.index("Acmecorp")
    x = span_features(text, s.states, s.offsets, start, start + 8, "org")
    assert x.shape == (4 * DIM + len(KINDS),)
    assert x[8] == 1.0  # the span: one 8-letter word
    assert x[DIM + 1] > 0 and x[DIM + 4] > 0  # before it in its sentence: "I", "work"
    assert x[2 * DIM + 6] == 1.0  # after it: "today." only, not the next sentence
    assert x[4 * DIM + KINDS.index("org")] == 1.0


def test_the_judge_gives_one_probability_per_span_and_remembers_the_text() -> None:
    enc = _Encoder()
    judge = SubjectJudge(_weights(hot=7), enc)
    text = "I am a teacher at Baltimore today."
    spans = [(text.index("teacher"), text.index("teacher") + 7, "job"), (text.index("Baltimore"), text.index("Baltimore") + 9, "place")]
    probs = judge.probabilities(text, spans)
    assert probs[0] > 0.99 and probs[1] < 0.01  # the toy head keeps 7-letter spans only
    assert judge.probabilities(text, spans) == probs and enc.calls == 1  # remembered
    assert judge.probabilities(text, []) == ()


def test_weights_that_do_not_fit_are_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = _weights()
    w.arrays["W1"] = w.arrays["W1"][:10]
    w.save(tmp_path / "bad.npz")
    with pytest.raises(SubjectModelError):
        SubjectWeights.load(tmp_path / "bad.npz")
    with pytest.raises(SubjectModelError):
        SubjectJudge(_weights(), type("E", (), {"variant": "fp32", "layers": 6})())


def test_the_shipped_weights_load_and_declare_their_data() -> None:
    w = SubjectWeights.load(weights_path())
    assert 0.5 <= w.threshold <= 0.99 and w.layers == 2
    assert "CC BY 4.0" in w.meta["data"]["own"] and w.meta["licence"]["clean"] is True
