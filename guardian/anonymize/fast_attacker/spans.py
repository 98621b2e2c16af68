"""The attribute-span tagger: which words of a text state one of SynthPAI's attributes.

A per-token classifier over the same frozen MiniLM token states the fast attacker reads (one
encoder pass serves both, `FastAttacker.read`):

    g_t = relu(W1 h_t + b1)          384 -> H
    p_t = softmax(W2 g_t + b2)       none + one class per attribute of SPAN_ATTRIBUTES

A token is tagged with attribute a when a is its most probable attribute and p_t[a] reaches a's
threshold (chosen on the val authors, `meta["thresholds"]`; above 1: never tagged). Tagged tokens
are widened to whole words (a possessive "'s" left out), and neighbouring tagged words (only
spaces between them) join into one span named by the last word, the head of an English noun
phrase ("music teacher": occupation). Trained on the gold spans of the eval's own rule (`lab.eval.datasets.
synthpai_surface_forms`) of the train authors only (lab/training/fast_attacker/spans_train.py); no word list: what
it tags comes from the token states alone. Numpy at run time; the weights are a small npz with
the training record as JSON beside it (`weights/spans.npz`, `spans.json`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from guardian.anonymize.fast_attacker.model import DIM, WEIGHTS_DIR, check_shapes, load_weights, save_weights
from guardian.errors import ConfigError

__all__ = [
    "SPAN_ATTRIBUTES", "FIELD_OF_SPAN", "SpanWeights", "SpanWeightsError", "TaggedSpan", "token_probs", "tag_spans",
    "spans_path", "SPAN_HIDDEN",
]

SPAN_ATTRIBUTES = ("age", "sex", "city_country", "birth_city_country", "education", "occupation", "income",
                   "relationship_status")
# the tagger's attribute -> the evidence field (evidence.ENTITY_OF) whose ladder rewrites it
FIELD_OF_SPAN: Mapping[str, str] = {
    "age": "age", "sex": "sex", "city_country": "location", "birth_city_country": "birthplace",
    "education": "education", "occupation": "occupation", "income": "income_level",
    "relationship_status": "relationship_status",
}
SPAN_HIDDEN = 64  # H
NEVER = 1.01  # the threshold of an attribute never tagged
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_PLACEHOLDER = re.compile(r"^[A-Z_]{2,}$")  # the letters of an [ENTITY] tag a level wrote


class SpanWeightsError(ConfigError):
    """The span tagger's weights file is missing, corrupt, or does not fit the model."""


def spans_path() -> Path:
    return WEIGHTS_DIR / "spans.npz"


@dataclass
class SpanWeights:
    """W1 (DIM, H), b1 (H,), W2 (H, 1 + A), b2 (1 + A,) ; meta (thresholds per attribute, record)."""

    arrays: dict[str, np.ndarray]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def thresholds(self) -> dict[str, float]:
        given = self.meta.get("thresholds") or {}
        return {a: float(given.get(a, NEVER)) for a in SPAN_ATTRIBUTES}

    def save(self, path: str | Path) -> None:
        save_weights(path, self.arrays, self.meta)

    @classmethod
    def load(cls, path: str | Path) -> SpanWeights:
        """Read and check the weights; `SpanWeightsError` names what is wrong."""
        weights = cls(*load_weights(path, "span tagger", SpanWeightsError))
        weights.check()
        return weights

    def check(self) -> None:
        w1 = self.arrays.get("W1")
        hidden = int(w1.shape[1]) if w1 is not None and w1.ndim == 2 else SPAN_HIDDEN
        k = 1 + len(SPAN_ATTRIBUTES)
        shapes = {"W1": (DIM, hidden), "b1": (hidden,), "W2": (hidden, k), "b2": (k,)}
        check_shapes(self.arrays, shapes, "span tagger", SpanWeightsError)


@dataclass(frozen=True)
class TaggedSpan:
    """Characters [start, end) of the text tagged as stating `attribute` (SPAN_ATTRIBUTES)."""

    attribute: str
    start: int
    end: int
    score: float


def token_probs(weights: SpanWeights, states: np.ndarray) -> np.ndarray:
    """(n, 1 + A) class probabilities per token (column 0: none) for token states (n, DIM)."""
    w = weights.arrays
    g = np.maximum(states.astype(np.float32) @ w["W1"] + w["b1"], 0.0)
    z = g @ w["W2"] + w["b2"]
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def tagged_tokens(probs: np.ndarray, thresholds: Mapping[str, float]) -> tuple[np.ndarray, np.ndarray]:
    """(attribute index per token, or -1 ; its probability) under the thresholds."""
    if len(probs) == 0:
        return np.zeros(0, np.int64), np.zeros(0)
    best = np.argmax(probs[:, 1:], axis=1)
    score = probs[np.arange(len(probs)), best + 1]
    thr = np.array([thresholds.get(a, NEVER) for a in SPAN_ATTRIBUTES])
    return np.where(score >= thr[best], best, -1), score


def tag_spans(text: str, offsets: np.ndarray, probs: np.ndarray, thresholds: Mapping[str, float]) -> list[TaggedSpan]:
    """Tagged tokens widened to whole words, neighbouring words of one attribute joined."""
    attr, score = tagged_tokens(probs, thresholds)
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    if not words or not np.any(attr >= 0):
        return []
    starts = np.array([w[0] for w in words])
    per_word: dict[int, tuple[int, float]] = {}
    for (s, e), a, p in zip(offsets, attr, score):
        if a < 0 or e <= s:
            continue
        i = int(np.searchsorted(starts, s, side="right")) - 1
        if i < 0 or s >= words[i][1]:
            continue
        if i not in per_word or p > per_word[i][1]:
            per_word[i] = (int(a), float(p))
    out: list[TaggedSpan] = []
    for i in sorted(per_word):
        a, p = per_word[i]
        s, e = words[i]
        if _PLACEHOLDER.match(text[s:e]):
            continue
        if e - s > 3 and text[e - 2 : e].lower() in ("'s", "’s"):  # a possessive: the noun alone
            e -= 2
        name = SPAN_ATTRIBUTES[a]
        prev = out[-1] if out else None
        if prev is not None and text[prev.end : s].strip() == "" and prev.end < s:
            # one noun phrase ("music teacher"): one span, named by its last word, the head
            out[-1] = TaggedSpan(name, prev.start, e, round(max(prev.score, p), 4))
        else:
            out.append(TaggedSpan(name, s, e, round(p, 4)))
    return out
