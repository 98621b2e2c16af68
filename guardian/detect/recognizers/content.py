"""Free text a person wrote -> Content, as a whole-value finding.

A review, a chat message or a support ticket is user content whatever its key is called
("payload", "data", or no key in a text/plain body). The `FieldNameRecognizer` already covers
keys such as "message"; this one covers prose under any other name. Spans found inside (a
phone, a name) take their part; Content keeps the rest (see `Detector`). Short labels and
product titles are not content: it needs `MIN_WORDS`, or a first-person word and `MIN_WORDS_FIRST_PERSON`.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._text import is_natural_text
from guardian.detect.base import Recognizer
from guardian.records import Field, Finding

__all__ = ["ContentRecognizer"]

_FIRST_PERSON = re.compile(r"(?<![\w])(?:I|I'm|I've|me|my|mine|we|our|us)(?![\w'])", re.IGNORECASE)


class ContentRecognizer(Recognizer):
    """Whole natural-language values: Content (entity FREE_TEXT)."""

    name: ClassVar[str] = "content"
    NATURAL_TEXT_ONLY: ClassVar[bool] = True  # also checked in analyze; lets the Detector skip it
    entities: ClassVar[tuple[str, ...]] = ("FREE_TEXT",)
    whole_value: ClassVar[bool] = True
    MIN_WORDS: ClassVar[int] = 12
    MIN_WORDS_FIRST_PERSON: ClassVar[int] = 5
    SCORE: ClassVar[float] = 0.5  # below every field-name hint, so a "message" hint keeps its entity

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        return (_FIRST_PERSON,)

    def analyze(self, field: Field) -> list[Finding]:
        value = field.value
        if not is_natural_text(value):
            return []
        words = len(value[:4000].split())
        if words < self.MIN_WORDS and not (
            words >= self.MIN_WORDS_FIRST_PERSON and _FIRST_PERSON.search(value[:4000])
        ):
            return []
        stripped = value.strip()
        start = len(value) - len(value.lstrip())
        return [Finding(DataCategory.CONTENT, "FREE_TEXT", field.path, start, start + len(stripped),
                        self.SCORE, self.name)]
