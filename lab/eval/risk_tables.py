"""The risk-control tables (no LLM): AMRSF in the paper's action contexts, L fixed at 0.7.

Texts: PII-Masking-300k rows; each row's findings come from GuardianAgent's detector (as in the
proxy: the risk model sees what detection found, not the gold labels). Rows where the detector
finds nothing are counted (`no_findings`) and left out, since an action without data is always
allowed. Per seed, `n` rows are drawn; the figures are the means over those rows, then mean and
std over the seeds.

- C_low .. C_ext: mean R and the allow / transform / deny split.
- T_mild .. T_near-deny: over the rows that land in the transform band, mean R, mean z, the
  l0 distribution and mean l0, and the mean final level without an LLM (the proxy runs a start
  level of 4 as L3, the strongest rule level, when no LLM is configured).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from lab.eval.contexts import CONTEXTS, L_FIXED, assess_in
from lab.eval.datasets import Sample, pick
from lab.eval.metrics import mean_std
from lab.eval.paper import PAPER_CONTEXTS, PAPER_T_L0
from guardian.records import Field, Verdict

__all__ = ["risk_tables", "C_NAMES", "T_NAMES"]

C_NAMES = ("C_low", "C_med", "C_high", "C_ext")
T_NAMES = ("T_mild", "T_moderate", "T_strong", "T_near-deny")
RULE_MAX = 3


def _ms(values: Sequence[float | None]) -> dict[str, float | None]:
    m, s = mean_std(values)
    return {"mean": None if m is None else round(m, 4), "std": None if s is None else round(s, 4)}


def risk_tables(samples: Sequence[Sample], detector: Any, *, n: int | None, seeds: Sequence[int]) -> dict[str, Any]:
    """Both tables as plain data (see the module docstring)."""
    findings: dict[str, tuple] = {}
    for s in samples:
        findings[s.id] = tuple(detector.analyze_field(Field("text:", "", s.text)))
    usable = [s for s in samples if findings[s.id]]
    out: dict[str, Any] = {
        "L": L_FIXED,
        "texts": len(samples),
        "no_findings": len(samples) - len(usable),
        "n_per_seed": min(n or len(usable), len(usable)),
        "seeds": list(seeds),
        "contexts": {},
        "transform_band": {},
    }
    for name in (*C_NAMES, *T_NAMES):
        ctx = CONTEXTS[name]
        per_seed: list[dict[str, Any]] = []
        for seed in seeds:
            rows = [assess_in(ctx, findings[s.id]) for s in pick(usable, n, seed)]
            split = Counter(r.verdict.value for r in rows)
            band = [r for r in rows if r.verdict is Verdict.TRANSFORM]
            per_seed.append({
                "seed": seed,
                "n": len(rows),
                "R": sum(r.risk for r in rows) / len(rows),
                **{v.value: split[v.value] / len(rows) for v in Verdict},
                "band_n": len(band),
                "band_R": sum(r.risk for r in band) / len(band) if band else None,
                "z": sum(r.band_position for r in band) / len(band) if band else None,
                "l0": sum(r.start_level for r in band) / len(band) if band else None,
                "l_final_no_llm": sum(min(r.start_level, RULE_MAX) for r in band) / len(band) if band else None,
                "l0_dist": {str(k): v for k, v in sorted(Counter(r.start_level for r in band).items())},
            })
        agg: dict[str, Any] = {"context": ctx.describe()}
        for key in ("R", "allow", "transform", "deny", "band_R", "z", "l0", "l_final_no_llm"):
            agg[key] = _ms([p[key] for p in per_seed])
        dist: Counter[str] = Counter()
        for p in per_seed:
            dist.update(p["l0_dist"])
        total = sum(dist.values())
        agg["l0_dist"] = {k: round(v / total, 4) for k, v in sorted(dist.items())} if total else {}
        agg["band_share"] = _ms([p["band_n"] / p["n"] for p in per_seed])
        agg["per_seed"] = per_seed
        if name in PAPER_CONTEXTS:
            r, decision, share = PAPER_CONTEXTS[name]
            agg["paper"] = {"R": r, "decision": decision, "share": share}
            out["contexts"][name] = agg
        else:
            agg["paper"] = {"l0": PAPER_T_L0[name]}
            out["transform_band"][name] = agg
    return out
