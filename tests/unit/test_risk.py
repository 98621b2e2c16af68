"""AMRSF: the formula, the tables, and the calibration against the paper's action contexts."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory as C
from guardian.categories import Tier
from guardian.records import Action, Basis, Purpose, RecipientType, Verdict
from guardian.risk import (
    TransparencySignals,
    assess,
    purpose_multiplier,
    sensitivity,
    start_level,
    transparency_multiplier,
)

# A PII-rich text as in PII-Masking-300k: several categories, one Critical.
RICH = frozenset({C.EMAIL, C.PHONE, C.FINANCIAL, C.CONTACT, C.POSTAL_ADDRESS})
FULL = TransparencySignals(True, True, True, True, True, True, True)
PARTIAL = TransparencySignals(True, True, True, True)
VAGUE = TransparencySignals(True, True)
MISSING = TransparencySignals()


def _action(recipient: RecipientType, purpose: Purpose, basis: Basis, cats: frozenset[C] = RICH) -> Action:
    return Action("d.example", cats, recipient, (purpose,), basis)


@pytest.mark.parametrize(
    "recipient, purpose, basis, transparency, verdict",
    [
        (RecipientType.FIRST_PARTY, Purpose.FUNCTIONALITY, Basis.USER_INITIATED, FULL, Verdict.ALLOW),  # C_low
        (RecipientType.SERVICE_PROVIDER, Purpose.ANALYTICS, Basis.DEFAULT, PARTIAL, Verdict.TRANSFORM),  # C_med
        (RecipientType.ADVERTISING, Purpose.PROFILING, Basis.BACKGROUND, VAGUE, Verdict.DENY),  # C_high
        (RecipientType.DATA_BROKER, Purpose.ADVERTISING, Basis.BACKGROUND, MISSING, Verdict.DENY),  # C_ext
    ],
)
def test_paper_action_contexts_at_l_07(recipient, purpose, basis, transparency, verdict) -> None:  # type: ignore[no-untyped-def]
    result = assess(_action(recipient, purpose, basis), 0.7, transparency=transparency)
    assert result.verdict is verdict


def test_extreme_context_saturates_like_the_paper() -> None:
    result = assess(_action(RecipientType.DATA_BROKER, Purpose.ADVERTISING, Basis.BACKGROUND), 0.7)
    assert result.effective_sensitivity == 1.0
    assert result.risk == pytest.approx(0.91)  # the paper's C_ext mean R is 0.909


def test_formula_is_the_product_clamped() -> None:
    r = assess(_action(RecipientType.ANALYTICS, Purpose.ANALYTICS, Basis.DEFAULT, frozenset({C.EMAIL})), 0.5)
    s_eff = min(1.0, r.sensitivity * r.m_recipient * r.m_purpose * r.m_basis)
    assert r.effective_sensitivity == pytest.approx(s_eff)
    assert r.risk == pytest.approx(0.5 * s_eff * 1.3)
    assert r.tier is Tier.MODERATE and (r.tau_allow, r.tau_deny) == (0.35, 0.75)


def test_no_personal_data_is_always_allowed() -> None:
    r = assess(_action(RecipientType.DATA_BROKER, Purpose.ADVERTISING, Basis.BACKGROUND, frozenset()), 1.0)
    assert r.verdict is Verdict.ALLOW and r.risk == 0.0 and r.start_level == 0


def test_sensitivity_combines_categories() -> None:
    assert sensitivity([C.EMAIL]) == 0.55
    assert sensitivity([C.EMAIL, C.PHONE]) == pytest.approx(0.75)  # 0.70 + 0.05
    assert sensitivity([C.CREDENTIALS, C.EMAIL]) == 1.0  # capped
    assert sensitivity([]) == 0.0


def test_transparency_credits() -> None:
    assert transparency_multiplier(MISSING) == 1.3
    assert transparency_multiplier(VAGUE) == pytest.approx(1.2)
    assert transparency_multiplier(FULL) == pytest.approx(0.8)  # 1.3 - 0.5, floored at 0.8


def test_least_legitimate_purpose_wins() -> None:
    assert purpose_multiplier([Purpose.FUNCTIONALITY, Purpose.ADVERTISING]) == purpose_multiplier([Purpose.ADVERTISING])
    assert purpose_multiplier([]) == purpose_multiplier([Purpose.UNDISCLOSED])


@pytest.mark.parametrize("z, level", [(0.0, 1), (0.2499, 1), (0.25, 2), (0.49, 2), (0.5, 3), (0.75, 4), (1.0, 4)])
def test_start_level_steps(z: float, level: int) -> None:
    assert start_level(z) == level


def test_band_position_and_start_level_for_a_transform() -> None:
    r = assess(_action(RecipientType.SERVICE_PROVIDER, Purpose.ANALYTICS, Basis.DEFAULT), 0.7, transparency=PARTIAL)
    assert r.verdict is Verdict.TRANSFORM
    assert r.band_position == pytest.approx((r.risk - r.tau_allow) / (r.tau_deny - r.tau_allow))
    assert r.start_level == start_level(r.band_position)


def test_threshold_overrides_change_the_verdict() -> None:
    action = _action(RecipientType.ANALYTICS, Purpose.ANALYTICS, Basis.DEFAULT, frozenset({C.EMAIL}))
    assert assess(action, 0.9).verdict is Verdict.TRANSFORM
    assert assess(action, 0.9, thresholds={Tier.MODERATE: (0.9, 0.95)}).verdict is Verdict.ALLOW


def test_likelihood_is_clamped() -> None:
    action = _action(RecipientType.DATA_BROKER, Purpose.ADVERTISING, Basis.BACKGROUND)
    assert assess(action, 7.0).likelihood == 1.0 and assess(action, -1.0).risk == 0.0



@pytest.mark.parametrize(
    "recipient, purpose, basis, verdict",
    [
        (RecipientType.FIRST_PARTY, Purpose.FUNCTIONALITY, Basis.DEFAULT, Verdict.ALLOW),
        (RecipientType.SERVICE_PROVIDER, Purpose.FUNCTIONALITY, Basis.DEFAULT, Verdict.ALLOW),
        (RecipientType.ANALYTICS, Purpose.ANALYTICS, Basis.BACKGROUND, Verdict.TRANSFORM),
        (RecipientType.ANALYTICS, Purpose.ANALYTICS, Basis.DEFAULT, Verdict.TRANSFORM),
    ],
)
def test_a_persistent_id_is_kept_for_the_site_and_rewritten_for_trackers(recipient, purpose, basis, verdict) -> None:  # type: ignore[no-untyped-def]
    # the prior's L for an unknown policy is about 0.5-0.7; the tier is ours (guardian/categories.py)
    for likelihood in (0.5, 0.7):
        result = assess(_action(recipient, purpose, basis, frozenset({C.PERSISTENT_ID})), likelihood)
        assert result.tier is Tier.MODERATE and result.verdict is verdict
    # the paper's DeviceID (an id found by shape alone) stays Low: allowed to analytics at L 0.5
    assert assess(_action(RecipientType.ANALYTICS, Purpose.ANALYTICS, Basis.BACKGROUND, frozenset({C.DEVICE_ID})), 0.5).verdict is Verdict.ALLOW
