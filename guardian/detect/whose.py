"""Whose a detail in a prompt is: a learned judge of the writer's own details against the topic.

`detect/subject.py` keeps a place, an organisation, a job, a condition, a date, an age or an
amount in a prompt only when it is the writer's, and its phrase rules name a few sentence shapes
("I live in", "I work at", "I was diagnosed with"). People say it in many more ways: "Since my
MS diagnosis ...", "As someone living with HIV, ...", "Working nights as an ICU nurse at St.
Mary's, I ...". This judge reads the words around a candidate span and gives the probability that
the span is a detail of the writer (or of a private person in the writer's life) rather than
what the prompt asks about. It was trained on text whose phrasing no one here wrote (people's
first-person persona statements against public questions; `guardian-lab detect train-subject`,
lab/training/detect/subject.py), so it carries over to phrasings no rule lists.

Per candidate span [s, e) of kind k in a text, with h_t the prose tagger's MiniLM token states
(the same encoder and depth: `ProseTagger.encoder`), the features are

    x = [mean h over the span ; mean h over up to LEFT tokens before it in its sentence ;
         mean h over up to RIGHT tokens after it in its sentence ; mean h over its sentence ;
         one-hot(k)]                                            4 * 384 + |KINDS|
    p = sigmoid(w2 . relu(W1 x + b1) + b2)

and the span is the writer's when p reaches the record's threshold (chosen on held-out data for
few public words taken). Numpy at run time; the weights are a small npz with its record as JSON
beside it (data, licences, split, figures).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from guardian.weights import read_npz
from guardian.errors import ConfigError

__all__ = [
    "KINDS", "LEFT", "RIGHT", "SubjectWeights", "SubjectJudge", "SubjectModelError", "span_features",
    "weights_path", "load_judge", "JUDGE_CACHE_TEXTS",
]

log = logging.getLogger(__name__)

KINDS = ("place", "org", "date", "group", "job", "health", "age", "money", "study")
DIM = 384
LEFT = 16  # tokens of the sentence read before the span
RIGHT = 12  # and after it
JUDGE_CACHE_TEXTS = 1024  # texts whose probabilities a judge remembers (a chat resends its history)
WEIGHTS_DIR = Path(__file__).parent / "weights"
_SENTENCE_END = re.compile(r"[.!?\n]{1,8}(?=\s|$)")


class SubjectModelError(ConfigError):
    """The subject judge's weights are missing, corrupt, or do not fit the encoder."""


def weights_path() -> Path:
    return WEIGHTS_DIR / "subject.npz"


@dataclass
class SubjectWeights:
    """W1 (4*DIM+|KINDS|, H), b1 (H,), w2 (H,), b2 (1,); meta: the training record."""

    arrays: dict[str, np.ndarray]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def threshold(self) -> float:
        return float(self.meta.get("threshold", 1.01))

    @property
    def layers(self) -> int:
        return int(self.meta.get("layers", 2))

    @property
    def variant(self) -> str:
        return str(self.meta.get("encoder", "int8"))

    def save(self, path: str | Path) -> None:
        """The npz and its record beside it, as the prose tagger's (`prose_tagger.save_weights`)."""
        from guardian.detect.prose_tagger import save_weights

        save_weights(path, self.arrays, self.meta)

    @classmethod
    def load(cls, path: str | Path) -> SubjectWeights:
        path = Path(path)
        try:
            with read_npz(path) as npz:
                arrays = {k: npz[k].astype(np.float32) for k in ("W1", "b1", "w2", "b2")}
            meta = json.loads(path.with_suffix(".json").read_text())
        except (OSError, KeyError, ValueError) as e:
            raise SubjectModelError(f"subject judge weights {path}: {e}") from e
        width = 4 * DIM + len(KINDS)
        if arrays["W1"].shape[0] != width or arrays["W1"].shape[1] != arrays["b1"].shape[0] != arrays["w2"].shape[0]:
            raise SubjectModelError(f"subject judge weights {path}: shapes {[a.shape for a in arrays.values()]} do not fit")
        if list(meta.get("kinds", KINDS)) != list(KINDS):
            raise SubjectModelError(f"subject judge weights {path}: trained for kinds {meta.get('kinds')}, not {KINDS}")
        return cls(arrays, meta)


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around [start, end): from after the last sentence end before it to the next after it."""
    left = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    after = _SENTENCE_END.search(text, end)
    return left, after.start() if after else len(text)


def span_features(text: str, states: np.ndarray, offsets: np.ndarray, start: int, end: int, kind: str) -> np.ndarray:
    """The feature vector of span [start, end) of kind `kind` (module docstring), from token states."""
    x = np.zeros(4 * DIM + len(KINDS), np.float32)
    if kind in KINDS:
        x[4 * DIM + KINDS.index(kind)] = 1.0
    n = len(offsets)
    if n == 0:
        return x
    s_begin, s_end = _sentence_bounds(text, start, end)
    tok_start, tok_end = offsets[:, 0], offsets[:, 1]
    inside = (tok_end > start) & (tok_start < end)
    sentence = (tok_end > s_begin) & (tok_start < s_end)
    before = np.flatnonzero(sentence & (tok_end <= start))[-LEFT:]
    after = np.flatnonzero(sentence & (tok_start >= end))[:RIGHT]
    for i, rows in enumerate((np.flatnonzero(inside), before, after, np.flatnonzero(sentence))):
        if len(rows):
            x[i * DIM : (i + 1) * DIM] = states[rows].mean(axis=0)
    return x


class SubjectJudge:
    """The probability that a span of a prompt is the writer's own detail (module docstring)."""

    def __init__(self, weights: SubjectWeights, encoder: Any, *, cache_texts: int = JUDGE_CACHE_TEXTS) -> None:
        if (getattr(encoder, "variant", weights.variant), getattr(encoder, "layers", weights.layers)) != (
                weights.variant, weights.layers):
            raise SubjectModelError(
                f"the subject judge reads {weights.variant} states after {weights.layers} layers; the encoder gives "
                f"{encoder.variant} after {encoder.layers}")
        self.weights = weights
        self.encoder = encoder
        self.threshold = weights.threshold
        a = weights.arrays
        self._W1, self._b1, self._w2, self._b2 = a["W1"], a["b1"], a["w2"], float(a["b2"].reshape(-1)[0])
        self._cache: OrderedDict[bytes, tuple[float, ...]] = OrderedDict()
        self._cache_texts = cache_texts
        self._lock = threading.Lock()

    def probabilities(self, text: str, spans: Sequence[tuple[int, int, str]]) -> tuple[float, ...]:
        """P(the writer's own) for each (start, end, kind) in `text`: one encoder pass per text,
        remembered under a digest of the text and the spans (no text is kept)."""
        if not spans:
            return ()
        key = hashlib.blake2b(repr((text, tuple(spans))).encode("utf-8", "surrogatepass"), digest_size=16).digest()
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        token_states = self.encoder.encode([text])[0]
        feats = np.stack([span_features(text, token_states.states, token_states.offsets, s, e, k) for s, e, k in spans])
        hidden = np.maximum(feats @ self._W1 + self._b1, 0.0)
        logits = hidden @ self._w2 + self._b2
        probs = tuple(float(p) for p in 1.0 / (1.0 + np.exp(-logits)))
        with self._lock:
            self._cache[key] = probs
            if len(self._cache) > self._cache_texts:
                self._cache.popitem(last=False)
        return probs


_lock = threading.Lock()
_judges: dict[tuple[str, int], SubjectJudge | None] = {}


def load_judge(encoder: Any, path: str | Path | None = None) -> SubjectJudge | None:
    """The process-wide judge over `encoder` (the prose tagger's), or None when no weights ship or
    they do not load (logged once): the phrase rules of `subject.py` then decide alone."""
    where = Path(path) if path is not None else weights_path()
    key = (str(where), id(encoder))
    with _lock:
        if key not in _judges:
            try:
                _judges[key] = SubjectJudge(SubjectWeights.load(where), encoder) if where.exists() else None
            except SubjectModelError as e:
                log.warning("the subject judge is off: %s", e)
                _judges[key] = None
        return _judges[key]
