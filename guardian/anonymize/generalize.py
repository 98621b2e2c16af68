"""L4, deterministic generaliser: each detected span becomes a natural generic phrase.

"jane.doe@example.org" -> "an email address", "Boston" -> "a city", "34" (an age) -> "an adult
age", "nurse" -> "a healthcare worker" ... never a tag. Easy grammatical agreement is kept:
after a determiner or possessive ("my", "the", "a") the article is dropped, an "a"/"an" in
front is fixed to fit, and a phrase that opens a sentence is capitalised. It is L4's fallback
whenever the LLM's minimal edit is not accepted, and the first half of L5's fallback.

A span the generaliser ladders (ladders.yaml) list takes its ladder phrase instead ("nurse" ->
"a healthcare worker", "Tacoma" -> "a city in the US"); an evidence span (evidence.py) climbs
its ladder one rung per escalation that used it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from guardian.anonymize.base import LevelOperator
from guardian.anonymize.ladder import ATTRIBUTE_OF_ENTITY, Ladder, default_ladder
from guardian.categories import DataCategory as C
from guardian.records import FieldKind, Finding

__all__ = ["Generalize", "generic_phrase", "split_article", "GENERIC_BY_ENTITY", "GENERIC_BY_CATEGORY"]

# (article, noun phrase); the article is dropped after a determiner.
GENERIC_BY_ENTITY: dict[str, tuple[str, str]] = {
    "EMAIL_ADDRESS": ("an", "email address"),
    "PHONE_NUMBER": ("a", "phone number"),
    "PERSON": ("a", "person"),
    "TITLE": ("a", "person"),
    "USERNAME": ("a", "user name"),
    "LOCATION": ("a", "place"),
    "STREET_ADDRESS": ("a", "street address"),
    "POSTAL_CODE": ("a", "postal area"),
    "GEO_COORDINATE": ("a", "location"),
    "DATE_TIME": ("a", "certain time"),
    "DATE_OF_BIRTH": ("a", "birth date"),
    "AGE": ("an", "adult age"),
    "GENDER": ("a", "gender"),
    "OCCUPATION": ("a", "professional"),
    "FIELD_OF_STUDY": ("a", "field of study"),
    "RELATIONSHIP": ("a", "relationship"),
    "MARITAL_STATUS": ("a", "marital status"),
    "ORGANIZATION": ("an", "organisation"),
    "NRP": ("a", "group"),
    "MONEY": ("an", "amount of money"),
    "QUANTITY": ("a", "quantity"),
    "CREDIT_CARD": ("a", "card number"),
    "CARD_CVV": ("a", "security code"),
    "IBAN_CODE": ("a", "bank account"),
    "BANK_ACCOUNT": ("a", "bank account"),
    "US_SSN": ("an", "ID number"),
    "NATIONAL_ID": ("an", "ID number"),
    "PASSPORT": ("a", "document number"),
    "DRIVER_LICENSE": ("a", "licence number"),
    "IP_ADDRESS": ("an", "IP address"),
    "DEVICE_ID": ("a", "device"),
    "URL": ("a", "web page"),
    "SEARCH_QUERY": ("a", "search"),
    "HEALTH": ("a", "health matter"),
    "LANGUAGE": ("a", "language"),
}
GENERIC_BY_CATEGORY: dict[C, tuple[str, str]] = {
    C.CREDENTIALS: ("a", "secret"),
    C.FINANCIAL: ("a", "financial detail"),
    C.HEALTH: ("a", "health matter"),
    C.BIOMETRIC: ("a", "biometric detail"),
    C.GENETIC: ("a", "genetic detail"),
    C.SPECIAL: ("a", "personal belief or background"),
    C.SSN: ("an", "ID number"),
    C.LOCATION_PRECISE: ("a", "location"),
    C.LOCATION: ("a", "place"),
    C.LOCATION_COARSE: ("a", "region"),
    C.PHONE: ("a", "phone number"),
    C.CONTENT: ("a", "message"),
    C.POSTAL_ADDRESS: ("an", "address"),
    C.CONTACT: ("a", "person"),
    C.EMAIL: ("an", "email address"),
    C.SEARCH_HISTORY: ("a", "search"),
    C.BROWSING_HISTORY: ("a", "web page"),
    C.IP_ADDRESS: ("an", "IP address"),
    C.DEVICE_ID: ("a", "device"),
    C.PERSISTENT_ID: ("an", "identifier"),
    C.APP_USAGE: ("an", "app"),
    C.COOKIES: ("a", "cookie"),
    C.LANGUAGE: ("a", "language"),
}
_DETERMINERS = frozenset("my your his her its our their the this that these those a an some one".split())
_WORD_BEFORE = re.compile(r"([A-Za-z]+)\s*$")


def generic_phrase(finding: Finding) -> tuple[str, str]:
    """(article, noun phrase) for a finding: by entity first, then by category."""
    return GENERIC_BY_ENTITY.get(finding.entity) or GENERIC_BY_CATEGORY.get(finding.category) or ("a", "detail")


def fit(phrase: tuple[str, str], before: str, capital: bool = False) -> str:
    """The phrase worded to fit the text right before it (`capital`: the span began a sentence)."""
    article, noun = phrase
    prev = _WORD_BEFORE.search(before)
    prev_word = prev.group(1).lower() if prev else ""
    if prev_word in _DETERMINERS or not article:
        return noun
    text = f"{article} {noun}"
    stripped = before.rstrip()
    if (stripped and stripped[-1] in ".!?\n") or (not stripped and capital):
        text = text[0].upper() + text[1:]
    return text


def split_article(phrase: str) -> tuple[str, str]:
    """ "a healthcare worker" -> ("a", "healthcare worker"); "30-something" -> ("", "30-something")."""
    head, _, rest = phrase.partition(" ")
    return (head.lower(), rest) if head.lower() in ("a", "an") and rest else ("", phrase)


class Generalize(LevelOperator):
    """L4 without an LLM: span -> a generic phrase. Numbers in structured fields become 0."""

    level = 4
    treats_quasi = True

    def __init__(self, ladder: Ladder | None = None) -> None:
        self.ladder = ladder if ladder is not None else default_ladder()

    def phrase_for(self, finding: Finding, span: str) -> tuple[str, str]:
        """(article, noun phrase): an evidence span's rung of its ladder; a detected span's first
        rung when its term is listed; else the generic phrase of its entity or category."""
        if finding.recognizer.startswith("evidence/"):
            _, attribute, rung = finding.recognizer.split("/", 2)
            found = self.ladder.phrase(attribute, span, int(rung), fallback=True)
        else:
            attribute = ATTRIBUTE_OF_ENTITY.get(finding.entity)
            found = self.ladder.phrase(attribute, span, 1) if attribute else None
        return split_article(found) if found else generic_phrase(finding)

    def applies_to(self, finding: Finding) -> bool:
        return finding.category is not C.CONTENT  # a whole free-text value is the LLM's job

    def rewrite(self, span: str, finding: Finding, kind: FieldKind) -> str:
        if kind is FieldKind.NUMBER:
            return "0"
        return generic_phrase(finding)[0] + " " + generic_phrase(finding)[1]

    def rewrite_in(
        self, value: str, findings: list[Finding], literal: Callable[[Finding, str], str | None] | None = None
    ) -> str:
        """Every finding of one string value generalised, with agreement; overlaps keep the first.
        `literal(finding, span)`, when it gives a string, is that finding's replacement as is."""
        out: list[str] = []
        pos = 0
        for f in sorted(findings, key=lambda x: (x.start, -x.end)):
            if f.start < pos or f.end > len(value) or not self.applies_to(f):
                continue
            fixed = literal(f, value[f.start : f.end]) if literal is not None else None
            if fixed is not None:
                out.append(value[pos : f.start] + fixed)
                pos = f.end
                continue
            out.append(value[pos : f.start])
            # An article right before the span is replaced along with it.
            before = "".join(out)
            m = re.search(r"\b(a|an|A|An)\s+$", before)
            if m:
                cap = m.group(1)[0].isupper()
                out = [before[: m.start()]]
                phrase = fit(self.phrase_for(f, value[f.start : f.end]), before[: m.start()], cap)
                if cap:
                    phrase = phrase[0].upper() + phrase[1:]
            else:
                phrase = fit(self.phrase_for(f, value[f.start : f.end]), before, value[f.start : f.start + 1].isupper())
            out.append(phrase)
            pos = f.end
        out.append(value[pos:])
        return "".join(out)
