"""Names after a greeting -> CONTACT PERSON: "Dear Ms Lipperini,", "Hi Sejd,", "Dear [Ann], [Bob] and [Cy],".

The addressee of a letter or message is a person far more often than NER's small model knows
the name (rare and foreign names, names in brackets). After "Dear", "Hi", "Hello", "Hey" or
"Good morning", up to the end of the line, every capitalised word run separated by commas or
"and" is a name, unless it is a generic addressee ("Dear Team", "Hello everyone", "Dear Hiring
Manager"). Only natural-language values.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._text import is_natural_text
from guardian.detect.base import ENGLISH_ONLY, Recognizer
from guardian.records import Field, Finding

__all__ = ["PERSONAL_TITLES", "SalutationRecognizer"]

_GREETING = re.compile(
    r"(?:^|(?<=[\s>\"'(]))(?:Dear|Hi|Hello|Hey|Hiya|Good (?:morning|afternoon|evening))"
    r"(?P<rest>[ \t,][^\n\r]{0,200})",
)
# One addressee: an optional bracket or markdown emphasis around one to three capitalised words.
_NAME = re.compile(r"[\[(*_\"']{0,2}(?P<v>[^\W\d_][\w'’\-]{0,30}(?:[ \t][^\W\d_][\w'’\-]{0,30}){0,2})[\])*_\"']{0,2}")
_SEP = re.compile(r"[\])*_\"'’]{0,2}[ \t]{0,3}(?:,|&|\band\b|\bor\b)?[ \t]{0,3}(?:and[ \t]{1,3})?")
# What may follow an addressee: a comma, "and", the end of the line ("Hi Anna, thanks ..." ends
# the list; "Hi Anna Thanks for" is not a list of names).
_AFTER = re.compile(r"[\])*_\"'’]{0,2}[ \t]{0,3}(?:[,;:!.&]|and\b|or\b|$)", re.MULTILINE)
PERSONAL_TITLES = frozenset(
    "mr mrs ms miss mx dr sir dame lady lord prof professor madam madame mme herr frau rev".split()
)
# Addressees that are no one in particular.
_GENERIC = frozenset(
    """
    team all everyone everybody there folks guys friends friend colleagues colleague sir madam sirs
    customer customers client clients user users member members student students parent parents
    applicant applicants participant participants candidate candidates valued hiring manager managers
    committee board support admissions admin administrator world again and to from the this that you
    your our my his her their recipient reader readers partner partners staff employees sir/madam
    neighbour neighbours neighbor neighbors community subscriber subscribers visitor visitors guest guests
    """.split()
)


class SalutationRecognizer(Recognizer):
    """Capitalised names after a greeting, to the end of the greeting line."""

    name: ClassVar[str] = "salutations"
    NATURAL_TEXT_ONLY: ClassVar[bool] = True  # also checked in analyze; lets the Detector skip it
    # English only: English greetings; in German every noun after one is capitalised
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    entities: ClassVar[tuple[str, ...]] = ("PERSON",)
    SCORE: ClassVar[float] = 0.6
    MAX_NAMES: ClassVar[int] = 12

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        return (_GREETING, _NAME, _SEP, _AFTER)

    def analyze(self, field: Field) -> list[Finding]:
        text = field.value
        if not is_natural_text(text):
            return []
        found: list[Finding] = []
        for m in _GREETING.finditer(text):
            pos, end = m.start("rest"), m.end("rest")
            pos = _SEP.match(text, pos, end).end()  # type: ignore[union-attr]
            for _ in range(self.MAX_NAMES):
                nm = _NAME.match(text, pos, end)
                if nm is None:
                    break
                start, stop = self._name_span(text, nm)
                if start < 0 or not _AFTER.match(text, stop, end):
                    break
                found.append(Finding(DataCategory.CONTACT, "PERSON", field.path, start, stop, self.SCORE,
                                     self.name, False))
                sep = _SEP.match(text, stop, end)
                if sep is None or sep.end() == stop:
                    break
                pos = sep.end()
        return found

    @staticmethod
    def _name_span(text: str, nm: re.Match[str]) -> tuple[int, int]:
        """The span of the capitalised words of the match that are not titles, or (-1, -1)."""
        words = [(w.start(), w.end()) for w in re.finditer(r"\S{1,31}", nm.group("v"))]
        base = nm.start("v")
        kept: list[tuple[int, int]] = []
        for a, b in words:
            word = text[base + a : base + b]
            low = word.lower().rstrip(".")
            if not word[0].isupper() or low in _GENERIC:
                break
            if low in PERSONAL_TITLES and not kept:
                continue
            kept.append((base + a, base + b))
        if not kept:
            return -1, -1
        return kept[0][0], kept[-1][1]
