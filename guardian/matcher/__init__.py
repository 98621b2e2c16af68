"""Matcher: the violation likelihood L of an action (DESIGN.md step 6).

Until System 1 / System 2 land, L comes from `PriorLikelihood`, a documented prior per
recipient type; decision records say so with `likelihood_source: "prior"`.
"""

from __future__ import annotations

from guardian.matcher.prior import DEFAULT_PRIOR, PriorLikelihood

__all__ = ["PriorLikelihood", "DEFAULT_PRIOR"]
