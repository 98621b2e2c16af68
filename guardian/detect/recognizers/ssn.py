"""US_SSN -> SSN: AAA-GG-SSSS with the never-issued areas, groups and serials left out."""

from __future__ import annotations

from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["SsnRecognizer", "ssn_ok"]


def ssn_ok(digits: str) -> bool:
    """Whether nine digits can be an issued SSN (SSA rules, plus well-known fakes)."""
    if len(digits) != 9 or not digits.isascii() or not digits.isdigit():
        return False
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
        return False
    if len(set(digits)) == 1:
        return False
    return digits not in SsnRecognizer.KNOWN_FAKES


class SsnRecognizer(PatternRecognizer):
    """US Social Security numbers: dashed or spaced anywhere, bare nine digits only in context."""

    name: ClassVar[str] = "ssn"
    TRIGGER: ClassVar[str | None] = r"[0-9]"  # every pattern holds a digit
    entities: ClassVar[tuple[str, ...]] = ("US_SSN",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.SSN
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("dashed", r"(?<![\w\-])(?<![0-9] )[0-9]{3}-[0-9]{2}-[0-9]{4}(?![\w]|-[0-9])", 0.85),
        Pattern("spaced", r"(?<![\w\-])(?<![0-9] )[0-9]{3} [0-9]{2} [0-9]{4}(?![\w]| [0-9])", 0.75),
        Pattern("bare", r"(?<![\w\-.])[0-9]{9}(?![\w]|[\-.][0-9])", 0.65, needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "ssn", "social_security", "socialsecurity", "social", "ss_number", "ssa", "taxpayer",
    )
    # Published as examples (Woolworth wallet card, SSA pamphlet), never a real person's.
    KNOWN_FAKES: ClassVar[frozenset[str]] = frozenset({"078051120", "219099999"})

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """Drop numbers the SSA never issues: area 000/666/9xx, group 00, serial 0000."""
        return None if ssn_ok(text.replace("-", "").replace(" ", "")) else False
