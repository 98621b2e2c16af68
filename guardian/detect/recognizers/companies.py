"""Companies by their legal form in English prose -> ORGANIZATION (Contact), a quasi-identifier.

A writer's employer is often named with its legal form: "Day LLC is sending me to ...", "a
Lafferty, Caplis and Durning Ltd employee", "Chapman Group plc". The form, from ISO 20275's list
of entity legal forms (`guardian/detect/legal_forms.py`), says that the capitalised words right
before it name a company, where a name model reads a person ("Day") or a word of the dictionary.
The span is the name with its form; words of the sentence that open the run ("When Acme Ltd
called") are no part of it, and initials after a personal title are a person's ("Agent, Mr C.A.
Whomersley" holds no company "C.A."). Whose company it is, the prompt filter decides as for any
organisation (`subject.py`: a cue of work or study).
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._english import stop_words
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer
from guardian.detect.legal_forms import forms_after
from guardian.detect.recognizers.salutations import PERSONAL_TITLES

__all__ = ["CompanyRecognizer"]

# A run of capitalised words, joined by a space, a comma or "and"/"&" ("Lafferty, Caplis and Durning")
_WORD = r"[A-Z][\w'’&\-]{0,30}"
_JOIN = r"(?:,[ ]|[ ](?:and|&)[ ]|[ ])"
_BOUNDARY = re.compile(r"(?=,?[ ])")


class CompanyRecognizer(PatternRecognizer):
    """Capitalised words closed by a legal form (module docstring)."""

    name: ClassVar[str] = "companies"
    entities: ClassVar[tuple[str, ...]] = ("ORGANIZATION",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)
    # above a name model's guess at a piece of the name (scaled to at most 0.65): the form is evidence
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("named_with_form", rf"(?<![\w'’&.\-]){_WORD}(?:{_JOIN}{_WORD}){{0,5}}", 0.7),
    )

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        text = match.string
        start, stop = match.start(), match.end()
        for boundary in _BOUNDARY.finditer(text, start + 1, min(len(text), stop + 2)):
            if boundary.start() > stop:
                break
            end = forms_after(text, boundary.start())
            if end is None:
                continue
            if text[start:boundary.start()].rsplit(None, 1)[-1].rstrip(".,").lower() in PERSONAL_TITLES:
                return None  # "Mr C.A. Whomersley": a person's initials after their title, not a "C.A."
            while True:  # the sentence's words that open the run (spaCy's stop words: "When", "The", "Our")
                space = text.find(" ", start, boundary.start() + 1)
                if space < 0 or text[start:space].rstrip(",").lower() not in stop_words():
                    break
                start = space + 1
            return (start, end) if start < boundary.start() else None
        return None
