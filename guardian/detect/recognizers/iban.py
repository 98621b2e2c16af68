"""IBAN_CODE -> Financial: an IBAN of a registered country, of that country's length and structure,
mod-97 valid (python-stdnum's `iban`, which keeps the ISO 13616 registry)."""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["IbanRecognizer", "iban_ok"]

_ALNUM = re.compile(r"[A-Za-z0-9]")
_SHORTEST, _LONGEST = 15, 34  # the registry's shortest (Norway) and longest IBAN


def iban_ok(iban: str) -> bool:
    """Whether a compact IBAN (no spaces) is valid: python-stdnum's `iban` module checks the
    country's registered length and BBAN structure (the ISO 13616 registry, kept with the library)
    and the ISO 7064 mod-97 check digits."""
    from stdnum import iban as stdnum_iban

    return iban.isascii() and iban.isalnum() and bool(stdnum_iban.is_valid(iban))


class IbanRecognizer(PatternRecognizer):
    """IBANs written compact or in groups of four; trailing words are cut at the country length."""

    name: ClassVar[str] = "iban"
    TRIGGER: ClassVar[str | None] = r"[0-9]"  # every pattern holds a digit
    entities: ClassVar[tuple[str, ...]] = ("IBAN_CODE",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.FINANCIAL
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern(
            "iban",
            r"(?<![\w])[A-Za-z]{2}[0-9]{2}(?:[ ]?[A-Za-z0-9]{4}){2,7}(?:[ ]?[A-Za-z0-9]{1,3})?(?![\w])",
            0.6,
        ),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("iban", "bank", "account", "konto", "transfer", "sepa")

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        """The match cut at the end of a group where a valid IBAN ends.

        The regex may run on into a following group of four ("... 00 ABCD"); the country's
        registered length says where the IBAN really ends, and a cut inside a group is none.
        """
        text = match.group()
        compact = ""
        for i, ch in enumerate(text):
            if _ALNUM.match(ch):
                compact += ch
                at_group_end = i + 1 == len(text) or text[i + 1] == " "
                if at_group_end and _SHORTEST <= len(compact) <= _LONGEST and iban_ok(compact.upper()):
                    return match.start(), match.start() + i + 1
        return None

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        return iban_ok(text.replace(" ", "").upper())
