"""The paper's action contexts, as (recipient, purpose, basis, transparency) for AMRSF.

C_* are DESIGN.md's action-context table. T_* are the transform-band contexts whose mean start
level the paper reports; the paper names only recipient and purpose for them, so the basis
(default) and the transparency (partial) are ours. Transparency levels follow
tests/unit/test_risk.py: full = every credit, partial = text + category + purpose,
vague = substantial text only, missing = no evidence (M_T = 1.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from guardian.categories import DataCategory
from guardian.records import Action, Basis, Finding, Purpose, RecipientType, RiskAssessment
from guardian.risk import TransparencySignals, assess

__all__ = ["ActionContext", "CONTEXTS", "TRANSPARENCY", "L_FIXED", "assess_in"]

L_FIXED = 0.7  # the paper's violation likelihood for the action-context experiments

TRANSPARENCY: dict[str, TransparencySignals] = {
    "full": TransparencySignals(True, True, True, True, True, True, True),
    "partial": TransparencySignals(True, True, True, True),
    "vague": TransparencySignals(True, True),
    "missing": TransparencySignals(),
}


@dataclass(frozen=True)
class ActionContext:
    name: str
    recipient: RecipientType
    purpose: Purpose
    basis: Basis
    transparency: str  # a key of TRANSPARENCY

    def describe(self) -> str:
        return f"{self.recipient.value} / {self.purpose.value} / {self.basis.value} / {self.transparency}"


_R, _P, _B = RecipientType, Purpose, Basis
CONTEXTS: dict[str, ActionContext] = {
    c.name: c
    for c in (
        ActionContext("C_low", _R.FIRST_PARTY, _P.FUNCTIONALITY, _B.USER_INITIATED, "full"),
        ActionContext("C_med", _R.SERVICE_PROVIDER, _P.ANALYTICS, _B.DEFAULT, "partial"),
        ActionContext("C_high", _R.ADVERTISING, _P.PROFILING, _B.BACKGROUND, "vague"),
        ActionContext("C_ext", _R.DATA_BROKER, _P.ADVERTISING, _B.BACKGROUND, "missing"),
        ActionContext("T_mild", _R.FIRST_PARTY, _P.PERSONALIZATION, _B.DEFAULT, "partial"),
        ActionContext("T_moderate", _R.SERVICE_PROVIDER, _P.PERSONALIZATION, _B.DEFAULT, "partial"),
        ActionContext("T_strong", _R.SERVICE_PROVIDER, _P.MARKETING, _B.DEFAULT, "partial"),
        ActionContext("T_near-deny", _R.ADVERTISING, _P.MARKETING, _B.DEFAULT, "partial"),
    )
}


def assess_in(
    context: ActionContext, findings: tuple[Finding, ...], likelihood: float = L_FIXED
) -> RiskAssessment:
    """AMRSF for the data in `findings` sent in `context`, with L fixed."""
    action = Action(
        destination="eval.invalid",
        categories=frozenset(f.category for f in findings if isinstance(f.category, DataCategory)),
        recipient=context.recipient,
        purposes=(context.purpose,),
        basis=context.basis,
        findings=findings,
    )
    return assess(action, likelihood, likelihood_source="fixed", transparency=TRANSPARENCY[context.transparency])
