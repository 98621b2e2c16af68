"""CREDIT_CARD -> Financial: 12-19 digits, grouped or bare, that pass the Luhn check.

Luhn passes one random number in ten, so it is evidence, not proof. A bare run of digits counts
only with support: a card word in the field name or just before it, or a known network's prefix
at that network's length (Visa 13/16/19, Amex 15 ...) that is not also a recent timestamp. So does
a grouping other than the printed ones (4-4-4-4, Amex 4-6-5 ...), and a 12-digit number (Maestro's
shortest): only after a card word.
"""

from __future__ import annotations

from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer
from guardian.fieldkinds.shapes import is_timestamp
from guardian.records import Field, Finding

__all__ = ["CreditCardRecognizer", "luhn_ok"]

_START = r"(?<![\w\-.])(?<![0-9] )"
_END = r"(?![\w]|[\-.][0-9])"


def luhn_ok(digits: str) -> bool:
    """The Luhn (mod 10) check over a string of ASCII digits."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


class CreditCardRecognizer(PatternRecognizer):
    """Payment card numbers. A known issuer prefix (IIN) raises the score."""

    name: ClassVar[str] = "credit_card"
    TRIGGER: ClassVar[str | None] = r"[0-9]"  # every pattern holds a digit
    entities: ClassVar[tuple[str, ...]] = ("CREDIT_CARD",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.FINANCIAL
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        # Groups share one separator (a backreference), so "4111 1111-1111 1111" is not a card:
        # 4-4-4-4 (optionally -3 for 19 digits, tried last), 4-4-4-1..3, Amex 4-6-5, Diners 4-6-4.
        Pattern(
            "grouped",
            _START
            + r"(?:[0-9]{4}(?P<s>[ \-])[0-9]{4}(?P=s)[0-9]{4}(?P=s)[0-9]{1,4}(?:(?P=s)[0-9]{3})??"
            r"|3[47][0-9]{2}(?P<a>[ \-])[0-9]{6}(?P=a)[0-9]{5}"
            r"|3[0689][0-9]{2}(?P<d>[ \-])[0-9]{6}(?P=d)[0-9]{4})"
            + _END,
            0.7,
        ),
        # 4-4-4-4-3 on its own: "grouped" finds the 16-digit prefix first, and when that prefix
        # fails Luhn the 19-digit number would never be tried
        Pattern("grouped_19", _START + r"[0-9]{4}(?P<s>[ \-])[0-9]{4}(?P=s)[0-9]{4}(?P=s)[0-9]{4}(?P=s)[0-9]{3}" + _END, 0.7),
        Pattern("bare", r"(?<![\w\-.])[0-9]{12,19}" + _END, 0.5),
        # Any other grouping of 12-19 digits ("5038 6912 7745", "4929-123456-789012", "4111 11 1111
        # 1111 111"): Luhn must hold and a card word must stand before it (needs_context).
        Pattern("grouped_any", _START + r"[0-9]{2,8}(?:[ \-.][0-9]{2,8}){1,6}" + _END, 0.6, needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "card", "credit", "debit", "visa", "mastercard", "amex", "cc", "pan", "payment",
    )
    # (prefix length, low, high): issuer identification number ranges of the big networks.
    IIN_RANGES: ClassVar[tuple[tuple[int, int, int], ...]] = (
        (1, 4, 4),  # Visa
        (2, 51, 55), (4, 2221, 2720),  # Mastercard
        (2, 34, 34), (2, 37, 37),  # American Express
        (4, 6011, 6011), (2, 65, 65), (3, 644, 649),  # Discover
        (4, 3528, 3589),  # JCB
        (3, 300, 305), (2, 36, 36), (2, 38, 39),  # Diners Club
        (2, 62, 62),  # UnionPay
        (4, 5018, 5018), (4, 5020, 5020), (4, 5038, 5038), (4, 6304, 6304),
        (4, 6759, 6759), (4, 6761, 6763),  # Maestro
        (4, 2131, 2131), (4, 1800, 1800),  # JCB's 15-digit numbers
    )
    # Card number lengths per network (ISO/IEC 7812 as each network publishes them), by first digit:
    # 2/5 Mastercard 16; 3 Amex 15, Diners 14-19, JCB 16-19; 4 Visa 13, 16, 19; 6 Discover,
    # UnionPay, Maestro 12-19.
    NETWORK_LENGTHS: ClassVar[dict[str, frozenset[int]]] = {
        "2": frozenset({16}), "5": frozenset({16}), "4": frozenset({13, 16, 19}),
        "3": frozenset({14, 15, 16, 17, 18, 19}), "6": frozenset({16, 17, 18, 19}),
    }
    # ISO/IEC 7812 allows 8-19 digits; Maestro issues 12-19, so 12 is the shortest card a
    # payment form takes. Below 13 digits a number counts only next to a card word.
    MIN_DIGITS: ClassVar[int] = 12
    IIN_SCORE: ClassVar[float] = 0.95  # bare; grouped adds the grouped bonus on top
    GROUPED_BONUS: ClassVar[float] = 0.05

    def scan(self, field: Field) -> list[Finding]:
        """One finding per span: a printed grouping also matches `grouped_any`; the best score stays."""
        best: dict[tuple[int, int], Finding] = {}
        for f in super().scan(field):
            kept = best.get((f.start, f.end))
            if kept is None or f.score > kept.score:
                best[(f.start, f.end)] = f
        return list(best.values())

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """Luhn must hold; an all-one-digit number (0000 0000 ...) passes Luhn but is no card, and
        a bare number that is a timestamp of this decade is a timestamp."""
        digits = "".join(ch for ch in text if ch.isdigit())
        if not self.MIN_DIGITS <= len(digits) <= 19 or len(set(digits)) == 1:
            return False
        if pattern.name == "grouped_any" and (len(set(ch for ch in text if not ch.isdigit())) > 1 and "." in text):
            return False  # "12.50 3.75-1" mixes a decimal point with other separators: figures, not a card
        return luhn_ok(digits)

    def requires_context(self, text: str, pattern: Pattern) -> bool:
        """Grouped digits are card-shaped already; bare digits need a card word unless a known
        network's prefix comes at that network's length."""
        if pattern.name != "bare":
            return pattern.needs_context or len([ch for ch in text if ch.isdigit()]) < 13
        return not self.network_shaped(text) or is_timestamp(text)

    @classmethod
    def network_shaped(cls, digits: str) -> bool:
        """A known issuer prefix, at a length that issuer's network uses."""
        return cls.known_iin(digits) and len(digits) in cls.NETWORK_LENGTHS.get(digits[:1], frozenset())

    def score_result(self, text: str, pattern: Pattern, validated: bool | None) -> float:
        """Luhn alone passes one random number in ten, so only a known IIN scores high."""
        digits = "".join(ch for ch in text if ch.isdigit())
        if self.known_iin(digits):
            bonus = self.GROUPED_BONUS if pattern.name != "bare" else 0.0
            return min(1.0, self.IIN_SCORE + bonus)
        return pattern.score

    @classmethod
    def known_iin(cls, digits: str) -> bool:
        """Whether the number starts with a known issuer prefix."""
        for size, low, high in cls.IIN_RANGES:
            if len(digits) >= size and low <= int(digits[:size]) <= high:
                return True
        return False
