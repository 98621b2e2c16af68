"""Matcher: the violation likelihood L of an action (DESIGN.md step 6).

`Matcher.estimate(action, statements)` gives L from the policy evidence: System 1 (an
evidential MLP, `System1`) when it is sure (u < tau_u), else System 2 (the LLM, strict JSON),
else a conservative fallback; with no evidence, the recipient prior (`PriorLikelihood`).
The record's `likelihood_source` says which: prior | s1 | s2 | fallback. See README.md here.
"""

from __future__ import annotations

from guardian.matcher.gate import LikelihoodEstimate, Matcher, evidence_items
from guardian.matcher.model import TAU_U, S1Weights
from guardian.matcher.prior import DEFAULT_PRIOR, PriorLikelihood
from guardian.matcher.system1 import EvidenceItem, S1Result, System1

__all__ = [
    "PriorLikelihood",
    "DEFAULT_PRIOR",
    "Matcher",
    "LikelihoodEstimate",
    "System1",
    "S1Result",
    "S1Weights",
    "EvidenceItem",
    "TAU_U",
    "evidence_items",
]
