"""The level-operator interface: rewrite one detected span at one anonymization level."""

from __future__ import annotations

import abc
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.records import FieldKind, Finding

__all__ = ["LevelOperator", "mask_alnum"]


def mask_alnum(text: str, keep_last: int = 0, mask: str = "*") -> str:
    """Replace letters and digits with `mask`, keeping separators and the last `keep_last` of them."""
    total = sum(ch.isalnum() for ch in text)
    seen = 0
    out = []
    for ch in text:
        if ch.isalnum():
            seen += 1
            out.append(ch if seen > total - keep_last else mask)
        else:
            out.append(ch)
    return "".join(out)


class LevelOperator(abc.ABC):
    """One level of the hierarchy (DESIGN.md "Levels"): a pure function of the span."""

    level: ClassVar[int]
    treats_quasi: ClassVar[bool]  # L1 keeps quasi-identifiers; L2 and up rewrite them too

    def applies_to(self, finding: Finding) -> bool:
        """Whether this level rewrites the finding at all."""
        if finding.category is DataCategory.CONTENT:
            return False  # free text as a whole is for the LLM levels (L4/L5)
        return self.treats_quasi or not finding.quasi

    @abc.abstractmethod
    def rewrite(self, span: str, finding: Finding, kind: FieldKind) -> str:
        """The replacement for `span`. For a NUMBER field it must be a JSON number literal."""
