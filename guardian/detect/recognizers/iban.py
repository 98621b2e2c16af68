"""IBAN_CODE -> Financial: an IBAN of a known country, of that country's length, mod-97 valid."""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["IbanRecognizer", "iban_ok"]

# IBAN lengths per country (ISO 13616 registry).
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20,
    "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18,
    "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30,
    "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24,
    "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28,
    "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24,
    "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}

_ALNUM = re.compile(r"[A-Za-z0-9]")


def iban_ok(iban: str) -> bool:
    """Country length and the ISO 7064 mod-97 check of a compact IBAN (no spaces)."""
    iban = iban.upper()
    if not iban.isascii() or not iban.isalnum() or IBAN_LENGTHS.get(iban[:2]) != len(iban):
        return False
    if not iban[2:4].isdigit():
        return False
    rearranged = iban[4:] + iban[:4]
    number = "".join(str(int(ch, 36)) for ch in rearranged)
    return int(number) % 97 == 1


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
        """Cut the match after the country's length in characters, at a group end.

        The regex may run on into a following group of four ("... 00 ABCD"); the country
        length says where the IBAN really ends.
        """
        text = match.group()
        expected = IBAN_LENGTHS.get(text[:2].upper())
        if expected is None:
            return None
        count = 0
        for i, ch in enumerate(text):
            if _ALNUM.match(ch):
                count += 1
                if count == expected:
                    end = i + 1
                    if end < len(text) and text[end] != " ":
                        return None  # the cut falls inside a group: not an IBAN
                    return match.start(), match.start() + end
        return None

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        return iban_ok(text.replace(" ", ""))
