"""Annotation: the structured fields of one statement, by lexicon and rules (fast, offline).

`RuleAnnotator().annotate(text, heading)` gives `StatementFields`. The heading is context: it
fills the data, purpose and OPP-115 fields only when the statement's own words leave them
empty ("Retention" above "We keep it for 30 days"). An LLM annotator can replace this one
later behind the same `Annotator` protocol.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

from guardian.policies import lexicon
from guardian.policies.records import StatementFields

__all__ = ["Annotator", "RuleAnnotator", "OPP_CATEGORIES", "looks_english"]

OPP_CATEGORIES: tuple[str, ...] = (
    "First Party Collection/Use",
    "Third Party Sharing/Collection",
    "User Choice/Control",
    "User Access, Edit and Deletion",
    "Data Retention",
    "Data Security",
    "Policy Change",
    "Do Not Track",
    "International and Specific Audiences",
    "Other",
)

_WORD = re.compile(r"[a-z]+")


class Annotator(Protocol):
    def annotate(self, text: str, heading: str = "") -> StatementFields: ...


def _compile(terms: Iterable[str]) -> re.Pattern[str]:
    if isinstance(terms, str):  # a one-term tuple written without its comma
        terms = (terms,)
    return re.compile(r"(?<![a-z])(?:" + "|".join(terms) + r")(?![a-z])", re.IGNORECASE)


def _compile_table(table: Mapping[str, tuple[str, ...]]) -> dict[str, re.Pattern[str]]:
    return {key: _compile(terms) for key, terms in table.items()}


def looks_english(text: str, *, min_words: int = 40, min_ratio: float = 0.12) -> bool:
    """True when enough of the words are common English function words (or the text is short)."""
    words = _WORD.findall(text.lower()[:20000])
    if len(words) < min_words:
        return True
    hits = sum(1 for w in words if w in lexicon.ENGLISH_STOPWORDS)
    return hits / len(words) >= min_ratio


class RuleAnnotator:
    """The lexicon + rule annotator; patterns compile once, annotation is pure and thread-safe."""

    # A practice verb within a few words after a negation: "we do not sell", "we never share".
    NEGATION = re.compile(
        r"(?<![a-z])(?:(?:do|does|will|shall|would|did)(?: not|n't)|never|won't|cannot|can't|not)"
        r"(?: \w+){0,3}? (?:sell|sold|share|shared|collect|collected|use|used|rent|disclose|disclosed|track|store|stored|"
        r"retain|retained|transfer|transferred|knowingly collect|require|provide|give)(?![a-z])",
        re.IGNORECASE,
    )
    # "not ... for advertising" is a denial of one purpose only; it still negates the statement.

    def __init__(self) -> None:
        self._data = _compile_table(lexicon.DATA_TERMS)
        self._actions = _compile_table(lexicon.ACTION_TERMS)
        self._purposes = _compile_table(lexicon.PURPOSE_TERMS)
        self._recipients = _compile_table(lexicon.RECIPIENT_TERMS)
        self._basis = _compile_table(lexicon.LEGAL_BASIS_TERMS)
        self._rights = _compile_table(lexicon.RIGHTS_TERMS)
        self._transfer = _compile(lexicon.TRANSFER_TERMS)
        self._retention = _compile(lexicon.RETENTION_TERMS)
        self._retention_value = re.compile(lexicon.RETENTION_VALUE, re.IGNORECASE)
        self._opp = [(name, _compile(cues)) for name, cues in lexicon.OPP_CUES]
        self._opp_attributes = _compile_table(lexicon.OPP_ATTRIBUTE_TERMS)

    @staticmethod
    def _match(table: dict[str, re.Pattern[str]], text: str) -> frozenset[str]:
        return frozenset(key for key, pattern in table.items() if pattern.search(text))

    def annotate(self, text: str, heading: str = "") -> StatementFields:
        """The fields of one statement; `heading` fills empty data/purpose/category fields."""
        data = self._match(self._data, text)
        # "location" alone is unspecified; a precise or coarse mention is more specific.
        if "Location(unspecified)" in data and data & {"Location(precise)", "Location(coarse)"}:
            data -= {"Location(unspecified)"}
        if "Location(coarse)" in data and "Location(unspecified)" not in data and "Location(precise)" not in data:
            # city/country/region alone are weak: keep them only when location is the topic
            if not re.search(r"locat|where|region|area", text, re.IGNORECASE):
                data -= {"Location(coarse)"}
        actions = self._match(self._actions, text)
        purposes = self._match(self._purposes, text)
        recipients = self._match(self._recipients, text)
        if recipients - {"first_party", "unknown_third_party"}:
            recipients -= {"unknown_third_party"}  # the specific type says more than "partners"
        if recipients - {"first_party"}:
            recipients -= {"first_party"}  # "we" share with X: X is the recipient
        basis = self._match(self._basis, text)
        rights = self._match(self._rights, text)
        transfer = bool(self._transfer.search(text))
        retention = None
        if self._retention.search(text):
            found = self._retention_value.search(text)
            retention = found.group(0).lower() if found else "stated"
        negated = bool(self.NEGATION.search(text))
        if heading:
            if not data:
                data = self._match(self._data, heading) - {"Contact", "Content"}
            if not purposes:
                purposes = self._match(self._purposes, heading)
        return StatementFields(
            data=data,
            actions=actions,
            purposes=purposes,
            recipients=recipients,
            legal_basis=basis,
            retention=retention,
            rights=rights,
            international_transfer=transfer,
            opp_category=self.opp_category(text, heading, actions=actions, recipients=recipients, data=data),
            negated=negated,
            opp_attributes=self._match(self._opp_attributes, text),
        )

    def opp_categories(self, text: str, heading: str = "") -> list[str]:
        """Every OPP-115 category whose cue words occur, in priority order (may be empty)."""
        return [name for name, pattern in self._opp if pattern.search(text)] or [
            name for name, pattern in self._opp if heading and pattern.search(heading)
        ]

    def opp_category(
        self,
        text: str,
        heading: str = "",
        *,
        actions: frozenset[str] | None = None,
        recipients: frozenset[str] | None = None,
        data: frozenset[str] | None = None,
    ) -> str:
        """The one OPP-115 category of a statement: cue words first, then the practice fields."""
        cued = self.opp_categories(text, heading)
        if cued:
            return cued[0]
        actions = self._match(self._actions, text) if actions is None else actions
        recipients = self._match(self._recipients, text) if recipients is None else recipients
        data = self._match(self._data, text) if data is None else data
        third = recipients - {"first_party"}
        if third and actions & {"share", "sell", "transfer", "collect", "use"}:
            return "Third Party Sharing/Collection"
        if actions & {"collect", "use", "retain"} and (data or "first_party" in recipients):
            return "First Party Collection/Use"
        if actions & {"share", "sell"}:
            return "Third Party Sharing/Collection"
        return "Other"
