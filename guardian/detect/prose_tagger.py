"""The prose tagger: which words of free text are someone's name, place, organisation or date.

A per-token classifier on the shipped all-MiniLM-L6-v2 (the matcher's and the fast attacker's
model, loaded offline), trained so that public things are not tagged and private ones are:
"Ines Moreau asked to be called back" tags the name, "who was Abraham Lincoln" does not; "I live
in Paris" tags Paris, "what to see in Paris" does not; Python, SQL and SSN never. Per token t,
with h_t the MiniLM state after its first `layers` layers (special tokens left out) and c_t a few
casing features (MiniLM is uncased, so "Will" and "will" look alike to it):

    x_t = [h_t ; c_t]                                  384 + F
    g_t = relu(W1 [x_{t-1} ; x_t ; x_{t+1}] + b1)      a window of three tokens -> H
    p_t = softmax(W2 g_t + b2)                          none + one class per LABELS

A word's probabilities are the mean over its tokens; a word is tagged with class c when c is its
most probable class and p(c) reaches c's threshold (chosen on the validation split, in the
weights' record). Neighbouring words of one class, only spaces between them, join into one span.
Numpy at run time; the weights are a small npz with the training record as JSON beside it
(`weights/prose_tagger.npz`, `.json`); training: `guardian-lab detect train-tagger`
(lab/training/detect/). torch loads only with the encoder, on first use.

Depth: the shipped head reads the states after 2 of MiniLM's 6 layers (`layers` in the record):
on this CPU each layer costs ~15 ms per 100 words, and 2 layers tagged fewer public words on the
validation split than 6 (lab/training/detect/train.py's record; docs/detection.md has the comparison).

Sharing the encoder pass: the windows and tokenizer settings are the fast attacker's
(`TokenEncoder`), so with `layers == 6` and `int8` the states are the attacker's own and
`ProseTagger.tag_states` can tag from them. With `layers == 2` the attacker could resume from the
tagger's states (run layers 3..6 on them) instead of starting over: one pass serves both.
"""

from __future__ import annotations

import bisect
import hashlib
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from guardian.weights import read_npz
from guardian.anonymize.fast_attacker.encoder import VARIANTS, TokenEncoder, TokenStates
from guardian.errors import ConfigError

__all__ = [
    "LABELS", "FEATURES", "DIM", "ProseTaggerError", "ProseWeights", "ProseEncoder", "ProseTagger", "TaggedEntity",
    "TokenStates", "token_features", "head_probs", "word_spans", "word_probs", "decode", "weights_path", "load_tagger",
    "set_tag_cache", "TAG_CACHE_TEXTS", "save_weights",
]

log = logging.getLogger(__name__)

LABELS = ("PERSON", "LOCATION", "ORGANIZATION", "DATE")
DIM = 384  # MiniLM's hidden size
FEATURES = 8  # casing features per token (token_features)
HIDDEN = 128  # H: the head's width (the record's arrays say what a file holds)
CONTEXT = 1  # tokens on each side the head reads: a window of 3 (a record may name another)
MAX_CONTEXT = 8
NEVER = 1.01  # the threshold of a class never tagged
# Windows read per value: ~2,900 tokens, about the 10,000 characters NER reads (NerRecognizer.MAX_CHARS).
MAX_WINDOWS = 13
# Texts whose tags a tagger remembers (about 200 bytes an entry: offsets and labels under a digest).
TAG_CACHE_TEXTS = 1024
RECENT_STATES = 8  # texts whose token states the encoder keeps for the next head (~200 kB each per 100 words)
_DIGEST_BYTES = 16
WEIGHTS_DIR = Path(__file__).parent / "weights"

_WORD = re.compile(r"[^\W_]{1,64}(?:['’\-][^\W_]{1,64}){0,4}")  # "Jean-Luc", "O'Brien", "12"
_CHUNK = re.compile(r"\S{1,128}")  # a whitespace-delimited piece: the "word" casing is read from
# A tag a rewrite left ("[PERSON_1]", "LOCATION_2", "[ORGANIZATION]"): never someone's name.
_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z_]{1,30}(?:_[0-9]{1,4})?\]|(?<![\w])[A-Z]{2,20}_[0-9]{1,4}(?![\w])")
_SENTENCE_END = frozenset(".!?:;\n\r\t\"“”(")


class ProseTaggerError(ConfigError):
    """The prose tagger's weights are missing, corrupt, or do not fit the model."""


def weights_path() -> Path:
    return WEIGHTS_DIR / "prose_tagger.npz"


# -- weights ---------------------------------------------------------------------------------


def save_weights(path: str | Path, arrays: Mapping[str, np.ndarray], meta: Mapping[str, Any]) -> None:
    """A head's npz (float16 for large arrays) and its training record as JSON beside it."""
    import json

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **{k: v.astype(np.float16 if v.size > 4096 else np.float32) for k, v in arrays.items()})
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n")


@dataclass
class ProseWeights:
    """W1 ((2*context+1)*(DIM+FEATURES), H), b1 (H,), W2 (H, 1+C), b2 (1+C,) ; meta (the record)."""

    arrays: dict[str, np.ndarray]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def labels(self) -> tuple[str, ...]:
        """The head's classes after "none": the record's `labels` (a second head, such as the
        disclosure tagger's, has its own), LABELS when the record names none."""
        given = self.meta.get("labels")
        return tuple(str(c) for c in given) if isinstance(given, list) and given else LABELS

    @property
    def context(self) -> int:
        """Tokens on each side the head reads: the record's `context` (CONTEXT when it names none)."""
        return int(self.meta.get("context", CONTEXT))

    @property
    def thresholds(self) -> dict[str, float]:
        given = self.meta.get("thresholds") or {}
        return {c: float(given.get(c, NEVER)) for c in self.labels}

    @property
    def layers(self) -> int:
        return int(self.meta.get("layers", 6))

    @property
    def variant(self) -> str:
        return str(self.meta.get("encoder", "int8"))

    def save(self, path: str | Path) -> None:
        """The npz (float16 for large arrays) and its record as JSON beside it."""
        save_weights(path, self.arrays, self.meta)

    @classmethod
    def load(cls, path: str | Path) -> ProseWeights:
        """Read and check the weights and their record; `ProseTaggerError` names what is wrong."""
        import json

        path = Path(path)
        try:
            with read_npz(path) as z:
                arrays = {k: np.asarray(z[k], dtype=np.float32) for k in z.files}
        except (OSError, ValueError, KeyError) as e:
            raise ProseTaggerError(f"prose tagger weights {path}: cannot read ({type(e).__name__}: {e})") from e
        except Exception as e:  # noqa: BLE001 - zipfile.BadZipFile and friends from a truncated file
            raise ProseTaggerError(f"prose tagger weights {path}: corrupt ({type(e).__name__})") from e
        record = path.with_suffix(".json")
        try:
            meta = json.loads(record.read_text()) if record.exists() else {}
        except (OSError, ValueError) as e:
            raise ProseTaggerError(f"prose tagger record {record}: not JSON ({e})") from e
        weights = cls(arrays, meta if isinstance(meta, dict) else {})
        weights.check()
        return weights

    def check(self) -> None:
        """Every array present with its shape and finite; the record's settings valid."""
        w1 = self.arrays.get("W1")
        hidden = int(w1.shape[1]) if w1 is not None and w1.ndim == 2 else HIDDEN
        k = 1 + len(self.labels)
        if not 0 <= self.context <= MAX_CONTEXT:
            raise ProseTaggerError(f"prose tagger record: context must be 0..{MAX_CONTEXT}, not {self.context}")
        shapes = {"W1": ((2 * self.context + 1) * (DIM + FEATURES), hidden), "b1": (hidden,), "W2": (hidden, k), "b2": (k,)}
        for name, shape in shapes.items():
            arr = self.arrays.get(name)
            if arr is None:
                raise ProseTaggerError(f"prose tagger weights lack {name!r}")
            if tuple(arr.shape) != shape:
                raise ProseTaggerError(f"prose tagger weights {name!r} has shape {tuple(arr.shape)}, expected {shape}")
            if not np.all(np.isfinite(arr)):
                raise ProseTaggerError(f"prose tagger weights {name!r} has non-finite values")
        if not 0 <= self.layers <= 6:
            raise ProseTaggerError(f"prose tagger record: layers must be 0..6, not {self.layers}")
        if self.variant not in VARIANTS:
            raise ProseTaggerError(f"prose tagger record: encoder must be one of {VARIANTS}, not {self.variant!r}")


# -- the encoder -----------------------------------------------------------------------------


class ProseEncoder(TokenEncoder):
    """MiniLM token states after the first `layers` layers: the fast attacker's encoder (the same
    tokenizer settings and windows), cut to `layers`, reading up to MAX_WINDOWS windows a value."""

    def __init__(self, variant: str = "int8", layers: int = 6, *, max_windows: int = MAX_WINDOWS,
                 recent: int = RECENT_STATES) -> None:
        super().__init__(variant, layers=layers, max_windows=max_windows)
        # The states of the last few texts: the prose tagger, the disclosure tagger and the subject
        # judge read the same prompt one after another, and each would otherwise run MiniLM again.
        self._recent: OrderedDict[bytes, TokenStates] = OrderedDict()
        self._recent_max = max(0, recent)
        self._recent_lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> list[TokenStates]:
        """Token states per text; a text read moments ago by another head is not encoded again."""
        if self._recent_max == 0:
            return super().encode(texts)
        keys = [_digest(t) for t in texts]
        out: list[TokenStates | None] = []
        with self._recent_lock:
            for key in keys:
                hit = self._recent.get(key)
                if hit is not None:
                    self._recent.move_to_end(key)
                out.append(hit)
        todo = [i for i, st in enumerate(out) if st is None]
        if todo:
            fresh = super().encode([texts[i] for i in todo])
            with self._recent_lock:
                for i, st in zip(todo, fresh):
                    out[i] = st
                    self._recent[keys[i]] = st
                    self._recent.move_to_end(keys[i])
                while len(self._recent) > self._recent_max:
                    self._recent.popitem(last=False)
        return [st for st in out if st is not None]

    def keep_recent(self, texts: int) -> None:
        """Keep the states of at most `texts` texts (0: none; benchmarks that time the model)."""
        with self._recent_lock:
            self._recent_max = max(0, texts)
            while len(self._recent) > self._recent_max:
                self._recent.popitem(last=False)


# -- features, head, decoding ----------------------------------------------------------------


def token_features(text: str, offsets: np.ndarray) -> np.ndarray:
    """(n, FEATURES) casing and shape of each token's whitespace-delimited piece of text.

    MiniLM lower-cases its input, so capitals reach the head only here: title case, all capitals,
    lower case, a digit, the first token of its word, the first word of a sentence, punctuation,
    and whether the whole text is lower case (chat style, where capitals say nothing). A piece's
    own features are worked out once for all its tokens.
    """
    n = len(offsets)
    if n == 0:
        return np.zeros((0, FEATURES), np.float32)
    chunks = [(m.start(), m.end()) for m in _CHUNK.finditer(text)]
    starts = [c[0] for c in chunks] or [0]
    lower_text = not any(ch.isupper() for ch in text[:4000])
    per_piece: dict[int, tuple[bool, bool, bool, bool]] = {}
    rows: list[tuple[bool, ...]] = []
    for s, e in offsets.tolist():
        if e <= s:
            rows.append(_NO_FEATURES)
            continue
        i = max(0, bisect.bisect_right(starts, s) - 1)
        piece = per_piece.get(i) if chunks else None
        if piece is None:
            piece = _piece_features(text, *(chunks[i] if chunks else (s, e)))
            if chunks:
                per_piece[i] = piece
        tok = text[s:e]
        rows.append((
            piece[0], piece[1], piece[2],
            any(ch.isdigit() for ch in tok),
            s == 0 or not text[s - 1].isalnum(),
            piece[3],
            not any(ch.isalnum() for ch in tok),
            lower_text,
        ))
    return np.array(rows, np.float32)


_NO_FEATURES = (False,) * FEATURES


def _piece_features(text: str, cs: int, ce: int) -> tuple[bool, bool, bool, bool]:
    """Title case, all capitals, lower case, and first of its sentence, of the piece text[cs:ce]."""
    letters = [ch for ch in text[cs:ce].strip(".,;:!?\"'()[]{}“”‘’") if ch.isalpha()]
    title = upper = lower = False
    if letters:
        title = letters[0].isupper() and not all(ch.isupper() for ch in letters[1:2] or ["a"])
        upper = len(letters) >= 2 and all(ch.isupper() for ch in letters)
        lower = all(ch.islower() for ch in letters)
    j = cs - 1
    while j >= 0 and text[j] in " \u00a0":
        j -= 1
    return title, upper, lower, j < 0 or text[j] in _SENTENCE_END


def _windowed(x: np.ndarray, context: int = CONTEXT) -> np.ndarray:
    """[x_{t-c} ; ... ; x_t ; ... ; x_{t+c}] per token, zeros beyond the ends."""
    n, d = x.shape
    pad = np.zeros((context, d), np.float32)
    padded = np.concatenate([pad, x, pad])
    return np.concatenate([padded[k : k + n] for k in range(2 * context + 1)], axis=1)


def head_probs(weights: ProseWeights, states: np.ndarray, features: np.ndarray) -> np.ndarray:
    """(n, 1 + C) class probabilities per token (column 0: none)."""
    w = weights.arrays
    if len(states) == 0:
        return np.zeros((0, 1 + len(weights.labels)), np.float32)
    x = _windowed(np.concatenate([states.astype(np.float32), features], axis=1), weights.context)
    g = np.maximum(x @ w["W1"] + w["b1"], 0.0)
    z = g @ w["W2"] + w["b2"]
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def word_spans(text: str) -> list[tuple[int, int]]:
    """The words the tagger decides on: letters and digits, with inner hyphens and apostrophes."""
    return [(m.start(), m.end()) for m in _WORD.finditer(text)]


def word_probs(text: str, offsets: np.ndarray, probs: np.ndarray) -> tuple[list[tuple[int, int]], np.ndarray]:
    """(words, (m, 1 + C) mean token probabilities per word); a word without tokens gets none = 1."""
    words = word_spans(text)
    out = np.zeros((len(words), probs.shape[1] if probs.ndim == 2 else 1 + len(LABELS)), np.float32)
    out[:, 0] = 1.0
    if not words or len(offsets) == 0:
        return words, out
    starts = np.array([w[0] for w in words])
    ends = np.array([w[1] for w in words])
    idx = np.searchsorted(starts, offsets[:, 0], side="right") - 1
    valid = (idx >= 0) & (offsets[:, 1] > offsets[:, 0])
    valid &= offsets[:, 0] < ends[np.clip(idx, 0, len(words) - 1)]
    sums = np.zeros_like(out)
    counts = np.zeros(len(words), np.float32)
    np.add.at(sums, idx[valid], probs[valid])
    np.add.at(counts, idx[valid], 1.0)
    has = counts > 0
    out[has] = sums[has] / counts[has, None]
    return words, out


@dataclass(frozen=True)
class TaggedEntity:
    """Characters [start, end) of the text tagged as `label` (LABELS), with its probability."""

    label: str
    start: int
    end: int
    score: float


def decode(text: str, words: Sequence[tuple[int, int]], wprobs: np.ndarray,
           thresholds: Mapping[str, float], labels: Sequence[str] = LABELS) -> list[TaggedEntity]:
    """Tagged words, neighbouring words of one class (only spaces between them) joined."""
    if len(words) == 0:
        return []
    best = np.argmax(wprobs[:, 1:], axis=1)
    score = wprobs[np.arange(len(words)), best + 1]
    thr = np.array([thresholds.get(c, NEVER) for c in labels])
    tagged = score >= thr[best]
    if not np.any(tagged):
        return []
    holes = [(m.start(), m.end()) for m in _PLACEHOLDER.finditer(text)] if "_" in text or "[" in text else []
    out: list[TaggedEntity] = []
    for i in np.flatnonzero(tagged).tolist():
        s, e = words[i]
        if holes and any(a <= s and e <= b for a, b in holes):
            continue
        if e - s > 3 and text[e - 2 : e].lower() in ("'s", "’s"):
            e -= 2  # a possessive: the noun alone
        label = labels[int(best[i])]
        prev = out[-1] if out else None
        if prev is not None and prev.label == label and prev.end < s and text[prev.end : s].strip(" \u00a0") == "":
            out[-1] = TaggedEntity(label, prev.start, e, round(max(prev.score, float(score[i])), 4))
        else:
            out.append(TaggedEntity(label, s, e, round(float(score[i]), 4)))
    return out


# -- the tagger ------------------------------------------------------------------------------


class ProseTagger:
    """Weights plus an encoder of the variant and depth they were trained on.

    It remembers the tags of the last `cache_texts` texts it read: a chat client sends the whole
    conversation again with every turn, and without this every earlier message was read by the
    model again, turn after turn. Keyed by a digest of the text, so the memory holds offsets and
    labels, no text.
    """

    def __init__(self, weights: ProseWeights, encoder: ProseEncoder | None = None, *,
                 cache_texts: int = TAG_CACHE_TEXTS) -> None:
        self.weights = weights
        self.encoder = encoder or ProseEncoder(weights.variant, weights.layers)
        if (self.encoder.variant, self.encoder.layers) != (weights.variant, weights.layers):
            raise ProseTaggerError(
                f"prose tagger weights were trained on {weights.variant} states after {weights.layers} layers, "
                f"the encoder gives {self.encoder.variant} after {self.encoder.layers}"
            )
        self.thresholds = weights.thresholds
        self.cache_texts = max(0, cache_texts)
        self._seen: OrderedDict[bytes, tuple[TaggedEntity, ...]] = OrderedDict()
        self._seen_lock = threading.Lock()

    def warm(self) -> None:
        self.encoder.warm()

    def tag(self, text: str) -> list[TaggedEntity]:
        """The tagged entities of one text."""
        return self.tag_many([text])[0]

    def tag_many(self, texts: Sequence[str]) -> list[list[TaggedEntity]]:
        """One encoder pass over the texts not read recently (a payload's prose values)."""
        if not texts:
            return []
        if self.cache_texts == 0:
            return [self.tag_states(t, s) for t, s in zip(texts, self.encoder.encode(texts))]
        keys = [_digest(t) for t in texts]
        out: list[list[TaggedEntity] | None] = []
        with self._seen_lock:
            for key in keys:
                hit = self._seen.get(key)
                if hit is not None:
                    self._seen.move_to_end(key)
                out.append(None if hit is None else list(hit))
        todo = [i for i, tags in enumerate(out) if tags is None]
        if todo:
            fresh = [self.tag_states(texts[i], s) for i, s in zip(todo, self.encoder.encode([texts[i] for i in todo]))]
            with self._seen_lock:
                for i, tags in zip(todo, fresh):
                    out[i] = tags
                    self._seen[keys[i]] = tuple(tags)
                while len(self._seen) > self.cache_texts:
                    self._seen.popitem(last=False)
        return [tags if tags is not None else [] for tags in out]

    def resize_cache(self, texts: int) -> None:
        """Remember at most `texts` texts from now on (0: none, and forget the rest)."""
        with self._seen_lock:
            self.cache_texts = max(0, texts)
            while len(self._seen) > self.cache_texts:
                self._seen.popitem(last=False)
        if isinstance(self.encoder, ProseEncoder):
            self.encoder.keep_recent(RECENT_STATES if texts else 0)

    def tag_states(self, text: str, states: TokenStates) -> list[TaggedEntity]:
        """Tag from token states already computed (by this encoder, or by an identical one)."""
        probs = head_probs(self.weights, states.states, token_features(text, states.offsets))
        words, wp = word_probs(text, states.offsets, probs)
        return decode(text, words, wp, self.thresholds, self.weights.labels)


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_DIGEST_BYTES).digest()


def set_tag_cache(texts: int) -> None:
    """How many texts every tagger, loaded or to come, remembers (0: none). Benchmarks that time the
    model turn it off: a text timed twice would be a lookup the second time."""
    global _tag_cache_texts
    with _lock:
        _tag_cache_texts = max(0, texts)
        for tagger in _cache.values():
            tagger.resize_cache(_tag_cache_texts)


_lock = threading.Lock()
_cache: dict[str, ProseTagger] = {}
_tag_cache_texts = TAG_CACHE_TEXTS


def load_tagger(path: str | Path | None = None) -> ProseTagger:
    """The process-wide tagger for a weights file (default: the shipped one), loaded once.

    Raises ProseTaggerError for bad weights; the model itself loads on first use (or `warm()`).
    """
    key = str(Path(path) if path is not None else weights_path())
    with _lock:
        tagger = _cache.get(key)
        if tagger is None:
            tagger = ProseTagger(ProseWeights.load(key), cache_texts=_tag_cache_texts)
            _cache[key] = tagger
        return tagger
