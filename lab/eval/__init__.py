"""Evaluation harness: benchmark loaders, metrics, methods, risk tables, reports.

    guardian-lab eval --data ../shared/data --n 50 --seeds 42 43 44 45 --out lab/bench/results/eval

See docs/evaluation.md for the sample units, the span rules and the metrics.
"""

from __future__ import annotations

from lab.eval.datasets import DATASETS, GoldSpan, Sample, load_dataset, pick
from lab.eval.methods import METHODS, Method, MethodOutput, Resources, build_method
from lab.eval.metrics import MiniLMCosine, privacy, span_present, token_jaccard

__all__ = [
    "DATASETS",
    "GoldSpan",
    "Sample",
    "load_dataset",
    "pick",
    "METHODS",
    "Method",
    "MethodOutput",
    "Resources",
    "build_method",
    "privacy",
    "span_present",
    "token_jaccard",
    "MiniLMCosine",
]
