"""The paper's published figures we compare against (restated in DESIGN.md)."""

from __future__ import annotations

__all__ = ["PAPER_MAIN", "PAPER_CONTEXTS", "PAPER_T_L0"]

# Table main, (privacy, utility) per data set; the paper's SynthPAI utility is BERTScore.
PAPER_MAIN: dict[str, dict[str, tuple[float, float]]] = {
    "guardian": {"tab": (0.945, 0.696), "synthpai": (0.944, 0.888), "pii300k": (0.901, 0.488)},
    "presidio": {"tab": (0.703, 0.783), "synthpai": (0.659, 0.944), "pii300k": (0.511, 0.750)},
}

# Action contexts with L = 0.7: mean R and the share of the stated decision.
PAPER_CONTEXTS: dict[str, tuple[float, str, float]] = {
    "C_low": (0.119, "allow", 1.00),
    "C_med": (0.413, "transform", 0.98),
    "C_high": (0.909, "deny", 0.995),
    "C_ext": (0.909, "deny", 1.00),
}

# Transform band: mean start level l0.
PAPER_T_L0: dict[str, float] = {"T_mild": 1.48, "T_moderate": 2.52, "T_strong": 3.33, "T_near-deny": 3.98}
