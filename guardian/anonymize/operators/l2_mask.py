"""L2, aggressive masking: the whole span, quasi-identifiers included, becomes mask characters.

Letters and digits become `*` and separators stay, so the length and layout of the
surrounding text do not change; a number field becomes 0 so it stays a number.
"""

from __future__ import annotations

from guardian.anonymize.base import LevelOperator, mask_alnum
from guardian.records import FieldKind, Finding

__all__ = ["AggressiveMask"]


class AggressiveMask(LevelOperator):
    level = 2
    treats_quasi = True

    def rewrite(self, span: str, finding: Finding, kind: FieldKind) -> str:
        if kind is FieldKind.NUMBER:
            return "0"
        return mask_alnum(span)
