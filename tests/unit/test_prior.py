"""The per-recipient prior for L, and its overrides from the rules file."""

from __future__ import annotations

from guardian.matcher import PriorLikelihood
from guardian.records import Action, Basis, RecipientType


def _action(recipient: RecipientType) -> Action:
    return Action("d.example", frozenset(), recipient, (), Basis.DEFAULT)


def test_prior_rises_with_recipient_distance() -> None:
    prior = PriorLikelihood()
    values = [prior.estimate(_action(r)) for r in (RecipientType.FIRST_PARTY, RecipientType.ANALYTICS, RecipientType.DATA_BROKER)]
    assert values == sorted(values) and values[0] < values[-1]


def test_overrides_replace_only_their_entry() -> None:
    prior = PriorLikelihood({RecipientType.FIRST_PARTY: 0.05})
    assert prior.estimate(_action(RecipientType.FIRST_PARTY)) == 0.05
    assert prior.estimate(_action(RecipientType.DATA_BROKER)) == PriorLikelihood().estimate(_action(RecipientType.DATA_BROKER))
