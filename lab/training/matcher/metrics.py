"""The paper's System 1 metrics from (L, u, y): classification at L >= 0.5, ECE, Brier, escalation."""

from __future__ import annotations

from typing import Any

import numpy as np

from guardian.matcher.model import TAU_U

__all__ = ["classification_metrics", "ece"]

ECE_BINS = 10


def ece(prob: np.ndarray, y: np.ndarray, bins: int = ECE_BINS) -> float:
    """Expected calibration error of the predicted class's confidence, equal-width bins."""
    pred = (prob >= 0.5).astype(int)
    conf = np.where(pred == 1, prob, 1 - prob)
    correct = (pred == y).astype(float)
    edges = np.linspace(0.5, 1.0, bins + 1)
    total = 0.0
    for i in range(bins):
        lo, hi = edges[i], edges[i + 1]
        m = (conf >= lo) & ((conf < hi) if i < bins - 1 else (conf <= hi))
        if m.any():
            total += m.mean() * abs(conf[m].mean() - correct[m].mean())
    return float(total)


def classification_metrics(L: np.ndarray, u: np.ndarray, y: np.ndarray, tau_u: float = TAU_U) -> dict[str, Any]:
    """accuracy, precision, recall, F1 (positive = violating), ECE, Brier, escalation rate, and the
    accuracy on the pairs System 1 answers itself (u < tau_u; what the request path relies on)."""
    pred = (L >= 0.5).astype(int)
    answered = u < tau_u
    tp = int(((pred == 1) & (y == 1)).sum())
    fp = int(((pred == 1) & (y == 0)).sum())
    fn = int(((pred == 0) & (y == 1)).sum())
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "pairs": int(len(y)),
        "violating_share": round(float(y.mean()), 4) if len(y) else 0.0,
        "accuracy": round(float((pred == y).mean()), 4),
        "precision": round(precision, 4),
        "recall": round(recall, 4),
        "f1": round(f1, 4),
        "ece": round(ece(L, y), 4),
        "brier": round(float(((L - y) ** 2).mean()), 4),
        "escalation_rate": round(float((u >= tau_u).mean()), 4),
        "answered_accuracy": round(float((pred[answered] == y[answered]).mean()), 4) if answered.any() else None,
        "tau_u": tau_u,
    }
