"""The rule-based levels L1-L3, one per module."""

from __future__ import annotations

from guardian.anonymize.operators.l1_partial import PartialMask
from guardian.anonymize.operators.l2_mask import AggressiveMask
from guardian.anonymize.operators.l3_tag import EntityTag

__all__ = ["PartialMask", "AggressiveMask", "EntityTag"]
