"""A prior for the violation likelihood L, used while no policy evidence is matched.

Without a policy to match against, the best available guess of whether an action conflicts
with what the recipient discloses is how far the recipient stands from the user: a first
party receiving what the user sent it rarely breaks its own policy, a data broker usually
does. The values are the paper's recipient-risk table (`guardian.records.RECIPIENT_RISK`) and
are overridable per recipient type in the rules file (`likelihood_prior:`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from guardian.records import RECIPIENT_RISK, Action, RecipientType

__all__ = ["DEFAULT_PRIOR", "PriorLikelihood"]

DEFAULT_PRIOR: Mapping[RecipientType, float] = MappingProxyType(dict(RECIPIENT_RISK))


class PriorLikelihood:
    """L from a per-recipient prior; `source` is "prior" in every decision record."""

    source = "prior"

    def __init__(self, overrides: Mapping[RecipientType, float] | None = None) -> None:
        self._table = {**DEFAULT_PRIOR, **(overrides or {})}

    def estimate(self, action: Action) -> float:
        """The prior L for the action's recipient type."""
        return self._table[action.recipient]

    def as_record(self) -> dict[str, float]:
        return {k.value: v for k, v in self._table.items()}
