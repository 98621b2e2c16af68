"""AMRSF: from an action and its violation likelihood to a risk score and a decision (DESIGN.md).

    R     = clamp01(L * S_eff * M_T)
    S_eff = min(1, S_d * M_tr * M_p * M_b)
    y     = allow if R < tau_a; transform if tau_a <= R < tau_d; deny if R >= tau_d
    z     = clip01((R - tau_a) / (tau_d - tau_a));  l0 = 1, 2, 3, 4 at z < .25, .5, .75, else

The paper fixes the tables below but leaves four choices open. Ours, as named constants:

1. Multipliers from the 0..1 recipient and purpose values: M = MULT_BASE + MULT_SLOPE * v =
   0.3 + 1.4 v, a line through 1.0 at v = 0.5, so a middling recipient or purpose leaves S_d as
   it is, a first party (0.20) shrinks it to 0.58 and a data broker (0.90) raises it to 1.56.
2. M_b per action basis: user-initiated 0.45, default 1.00 (no signal either way: neutral),
   background 1.20. 0.45 keeps C_low (even with Critical data, S_d = 1) under the Critical allow
   ceiling of 0.10.
3. S_d over several categories: the largest DW plus SD_EXTRA_PER_CATEGORY for each further
   distinct category (more kinds of data together identify a person more easily), capped at 1.
4. With several purposes, the least legitimate one sets M_p.

Calibration (L = 0.7; `guardian-lab eval --risk-only --n 50 --seeds 42 43 44 45` on PII-Masking
texts, findings from our detector; see tests/unit/test_risk.py). A grid over MULT_SLOPE (the
line kept through 1.0 at v = 0.5) and M_b(default) kept the paper's action-context table
(C_low 100% allow at mean R .064, C_med 100% transform at .454, C_high and C_ext 100% deny at
.840 / .910) and picked the point whose transform-band start levels follow the paper's: mean l0
1.87 / 2.40 / 3.29 for first party / personalization, service provider / personalization,
service provider / marketing (paper 1.48 / 2.52 / 3.33). The previous constants (0.4 + 1.2 v,
default 0.80) gave 1.92 / 1.82 / 2.12: the start level did not rise with the context.
Advertising / marketing with the default basis is denied outright with these constants (the
paper puts it at the top of the band, l0 3.98).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from guardian.categories import DATA_WEIGHT, TIER_THRESHOLDS, DataCategory, Tier, tier_of
from guardian.records import (
    PURPOSE_RISK,
    RECIPIENT_RISK,
    TRANSPARENCY_CREDITS,
    Action,
    Basis,
    Purpose,
    RecipientType,
    RiskAssessment,
    TransparencySignals,
    Verdict,
)

__all__ = [
    "RECIPIENT_RISK",
    "PURPOSE_RISK",
    "BASIS_MULTIPLIER",
    "TransparencySignals",
    "sensitivity",
    "recipient_multiplier",
    "purpose_multiplier",
    "basis_multiplier",
    "transparency_multiplier",
    "start_level",
    "assess",
]

MULT_BASE = 0.3  # ours: M = MULT_BASE + MULT_SLOPE * v (calibrated, see the module docstring)
MULT_SLOPE = 1.4

BASIS_MULTIPLIER: dict[Basis, float] = {  # ours: M_b
    Basis.USER_INITIATED: 0.45,
    Basis.DEFAULT: 1.00,  # no signal either way: neutral
    Basis.BACKGROUND: 1.20,
}

SD_EXTRA_PER_CATEGORY = 0.05  # ours: S_d bonus per further distinct category

# Transparency M_T (the paper's credits).
MT_NO_EVIDENCE = 1.3
MT_FLOOR = 0.8
MT_CREDITS: dict[str, float] = {  # keys: records.TRANSPARENCY_CREDITS
    "substantial_text": -0.10,  # a statement of >= 50 chars
    "covers_category": -0.15,
    "covers_purpose": -0.10,
    "legal_basis": -0.08,
    "user_rights": -0.05,
    "retention": -0.02,
}

# l0 from the band position z: (upper bound of z, level).
assert tuple(MT_CREDITS) == TRANSPARENCY_CREDITS

START_LEVEL_STEPS: tuple[tuple[float, int], ...] = ((0.25, 1), (0.50, 2), (0.75, 3))
START_LEVEL_TOP = 4


def _clamp01(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


def sensitivity(categories: Iterable[DataCategory]) -> float:
    """S_d: the largest DW, plus a small bonus per further distinct category, capped at 1."""
    weights = sorted((DATA_WEIGHT[c] for c in set(categories)), reverse=True)
    if not weights:
        return 0.0
    return min(1.0, weights[0] + SD_EXTRA_PER_CATEGORY * (len(weights) - 1))


def _multiplier(value: float) -> float:
    return MULT_BASE + MULT_SLOPE * value


def recipient_multiplier(recipient: RecipientType) -> float:
    """M_tr from the recipient's transmission risk."""
    return _multiplier(RECIPIENT_RISK[recipient])


def purpose_multiplier(purposes: Iterable[Purpose]) -> float:
    """M_p from the least legitimate purpose (undisclosed when there is none)."""
    values = [PURPOSE_RISK[p] for p in purposes] or [PURPOSE_RISK[Purpose.UNDISCLOSED]]
    return _multiplier(max(values))


def basis_multiplier(basis: Basis) -> float:
    """M_b for the action basis."""
    return BASIS_MULTIPLIER[basis]


def transparency_multiplier(signals: TransparencySignals) -> float:
    """M_T = max(0.8, 1.3 + credits); 1.3 when there is no evidence at all."""
    if not signals.has_evidence:
        return MT_NO_EVIDENCE
    credits = sum(v for k, v in MT_CREDITS.items() if getattr(signals, k))
    return max(MT_FLOOR, MT_NO_EVIDENCE + credits)


def start_level(z: float) -> int:
    """l0 from the band position z."""
    for bound, level in START_LEVEL_STEPS:
        if z < bound:
            return level
    return START_LEVEL_TOP


def assess(
    action: Action,
    likelihood: float,
    *,
    likelihood_source: str = "prior",
    transparency: TransparencySignals = TransparencySignals(),
    thresholds: Mapping[Tier, tuple[float, float]] | None = None,
) -> RiskAssessment:
    """Score an action with AMRSF and decide allow / transform / deny."""
    table = {**TIER_THRESHOLDS, **(thresholds or {})}
    s_d = sensitivity(action.categories)
    m_tr = recipient_multiplier(action.recipient)
    m_p = purpose_multiplier(action.purposes)
    m_b = basis_multiplier(action.basis)
    m_t = transparency_multiplier(transparency)
    likelihood = _clamp01(likelihood)
    s_eff = min(1.0, s_d * m_tr * m_p * m_b)
    risk = _clamp01(likelihood * s_eff * m_t)
    tier = tier_of(action.categories)
    tau_a, tau_d = table[tier]
    if not action.categories or risk < tau_a:
        verdict = Verdict.ALLOW
    elif risk < tau_d:
        verdict = Verdict.TRANSFORM
    else:
        verdict = Verdict.DENY
    z = _clamp01((risk - tau_a) / (tau_d - tau_a)) if tau_d > tau_a else 1.0
    return RiskAssessment(
        risk=risk,
        likelihood=likelihood,
        likelihood_source=likelihood_source,
        sensitivity=s_d,
        effective_sensitivity=s_eff,
        m_recipient=m_tr,
        m_purpose=m_p,
        m_basis=m_b,
        m_transparency=m_t,
        tier=tier,
        tau_allow=tau_a,
        tau_deny=tau_d,
        verdict=verdict,
        band_position=z,
        start_level=start_level(z) if verdict is Verdict.TRANSFORM else 0,
    )
