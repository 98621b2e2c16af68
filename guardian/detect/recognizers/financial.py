"""Bank details beyond cards and IBANs -> Financial: account and routing numbers, sort codes, BIC.

All of these are bare digits or capitals, so each needs a banking word in the field name or
just before it. Cards (Luhn) and IBANs (mod 97) have their own checksum recognisers.
"""

from __future__ import annotations

from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._names import name_tokens
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["FinancialRecognizer"]


class FinancialRecognizer(PatternRecognizer):
    """Account numbers, ABA routing numbers, UK sort codes and SWIFT/BIC codes, in context."""

    name: ClassVar[str] = "financial"
    TRIGGER: ClassVar[str | None] = r"[0-9]|[A-Z]{6}"  # account digits, or a SWIFT code's letters
    entities: ClassVar[tuple[str, ...]] = ("BANK_ACCOUNT", "ROUTING_NUMBER", "SORT_CODE", "SWIFT_CODE")
    CATEGORY: ClassVar[DataCategory] = DataCategory.FINANCIAL
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("account", r"(?<![\w\-])[0-9]{6,17}(?![\w\-])", 0.7, entity="BANK_ACCOUNT", needs_context=True),
        Pattern("sort_code", r"(?<![\w\-])[0-9]{2}-[0-9]{2}-[0-9]{2}(?![\w\-])", 0.7, entity="SORT_CODE",
                needs_context=True),
        Pattern("swift", r"(?<![\w])[A-Z]{6}[A-Z2-9][A-NP-Z0-9](?:[A-Z0-9]{3})?(?![\w])", 0.7, entity="SWIFT_CODE",
                needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("account", "acct", "routing", "aba", "sort_code", "sortcode", "swift",
                                          "bic", "bank", "checking", "savings", "iban")

    def _name_has_context(self, name: str) -> bool:
        """`account_id`, `accountId`: a site's or vendor's account id, not a bank account, unless the
        name also says bank or number."""
        tokens = name_tokens(name)
        if tokens and tokens[-1] in ("id", "ids") and not {"bank", "iban", "routing", "number", "no", "num"} & set(tokens):
            return False
        return super()._name_has_context(name)

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name == "account" and len(set(text)) < 3:
            return False
        return None
