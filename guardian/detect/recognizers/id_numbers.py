"""National and official identifiers in prose: passport, ID card, driving licence, case numbers.

Formats differ by country and issuer, so the shape is generic: a 6-24 character token of
capitals and digits (dots, dashes allowed inside) with at least four digits, or a bare run of
8-12 digits. That shape is common in machine data too (order ids, SKUs), so it fires only in
natural-language values or next to an identity word. SSN has its own recogniser (`ssn`).
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["IdNumberRecognizer"]


class IdNumberRecognizer(PatternRecognizer):
    """ID-shaped tokens -> SSN (national id), application/case numbers -> CONTACT."""

    name: ClassVar[str] = "id_numbers"
    entities: ClassVar[tuple[str, ...]] = ("NATIONAL_ID", "CASE_NUMBER")
    CATEGORY: ClassVar[DataCategory] = DataCategory.SSN
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("uk_nino", r"(?<![\w])[A-CEGHJ-PR-TW-Z]{2} ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D](?![\w])", 0.7),
        # not right after "12:" ("13:16:46.212Z": the seconds of a timestamp)
        Pattern("token", r"(?<![\w.\-/])(?<![0-9]:)[A-Z0-9](?:[A-Z0-9]|[.\-](?=[A-Z0-9])){5,23}(?![\w\-/]|\.[\w])", 0.5),
        Pattern("spaced", r"(?<![\w])[A-Z]{2,6} [0-9]{4,8} [A-Z]{1,3} [0-9]{2,4}(?![\w])", 0.5),
        Pattern("case_number", r"(?<![\w/.])[0-9]{2,6}/[0-9]{2,4}(?![\w/]|\.[0-9])", 0.55, entity="CASE_NUMBER",
                needs_context=True),
        # ECHR-style application numbers come in long lists, far from the word "application".
        Pattern("application_number", r"(?<![\w/.])[0-9]{4,6}/[0-9]{2}(?![\w/]|\.[0-9])", 0.5,
                entity="CASE_NUMBER"),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("application", "case", "no", "number", "file", "ref", "reference",
                                          "complaint", "judgment", "decision")

    def category_for(self, entity: str, text: str) -> DataCategory:
        return DataCategory.CONTACT if entity == "CASE_NUMBER" else DataCategory.SSN

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name != "token":
            return None
        digits = sum(ch.isdigit() for ch in text)
        letters = sum(ch.isalpha() for ch in text)
        if digits < 4 or len(set(text)) < 4:
            return False
        if letters == 0:  # a bare number: long enough for an id, not a year, price or count
            plain = text.replace(".", "").replace("-", "")
            return None if 8 <= len(plain) <= 12 and "." not in text else False
        return None
