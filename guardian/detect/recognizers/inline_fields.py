"""Labelled values inside text: "Passport Number: 785511155", `<city>Leeds</city>`, `"dob": "..."`.

Free text often carries structure: pasted forms, e-mails with signature blocks, XML or JSON in
a text field. The label names the value exactly as a field name does, so the field-name hint
table (`FieldNameRecognizer.HINTS`) decides the category, plus a few labels that only make
sense inside text (a "Time:" line, a "Title:" honorific). Only the value is the span.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory as C
from guardian.detect._names import compact_key, find_key, name_tokens
from guardian.detect.base import Recognizer
from guardian.detect.recognizers.field_names import FieldNameRecognizer, Hint
from guardian.records import Field, Finding

__all__ = ["InlineFieldRecognizer"]

# "- **Date of Birth:** 31/10/1956", "Name: Ann", "<strong>City:</strong> Leeds" (one line)
_LINE = re.compile(
    r"(?:^|(?<=[\n\r>*\-•|(\[{,;]))[ \t*\-•]{0,6}(?P<k>[A-Za-z][A-Za-z0-9 _\-'/]{0,40}?)[ \t*]{0,4}"
    r"(?:</[a-z]{1,10}>)?[ \t]{0,2}[:=](?:</[a-z]{1,10}>)?[ \t*]{0,6}(?:</[a-z]{1,10}>)?[ \t]{0,4}"
    r"(?P<v>[^\n\r<>|{}\[\]\"]{1,160})",
    re.MULTILINE,
)
# <city>Leeds</city>
_XML = re.compile(r"<(?P<k>[A-Za-z_][\w\-]{0,40})>[ \t]{0,4}(?P<v>[^<>\n\r]{1,160}?)[ \t]{0,4}</(?P=k)>")
# "dob": "1980-01-01"
_JSON = re.compile(r"\"(?P<k>[^\"\n\r]{1,40})\"[ \t]{0,3}:[ \t]{0,3}\"(?P<v>[^\"\n\r]{1,200})\"")
_EDGE = " \t*,;.:'\"`[]()"


class InlineFieldRecognizer(Recognizer):
    """Values after a label that the field-name hints (or `TEXT_HINTS`) know."""

    name: ClassVar[str] = "inline_fields"
    # Labels that name personal data in a text, though not as a JSON key ("time" in an
    # analytics event is a clock, in a form letter it is when someone did something).
    TEXT_HINTS: ClassVar[tuple[Hint, ...]] = (
        Hint(("time", "timestamp", "date", "submitted", "appointment"), C.CONTACT, "DATE_TIME", 0.6, quasi=True),
        Hint(("title", "salutation", "honorific"), C.CONTACT, "TITLE", 0.55, quasi=True, accept="place"),
        Hint(("second_name", "participant", "applicant", "student", "patient", "representative", "signature",
              "guardian", "employee", "contact", "recipient", "sender", "witness", "client"),
             C.CONTACT, "PERSON", 0.6, accept="place"),
        Hint(("building", "house"), C.POSTAL_ADDRESS, "STREET_ADDRESS", 0.6, quasi=True),
    )
    entities: ClassVar[tuple[str, ...]] = tuple(
        dict.fromkeys([*FieldNameRecognizer.entities, *(h.entity for h in TEXT_HINTS)])
    )
    SCORE_SCALE: ClassVar[float] = 0.9  # a label in text is a little less sure than a real key
    MAX_VALUE_WORDS: ClassVar[int] = 8

    def __init__(self) -> None:
        self._names = FieldNameRecognizer()
        self._text_keys = tuple((compact_key(k), h) for h in self.TEXT_HINTS for k in h.keys)

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        return (_LINE, _XML, _JSON)

    def _hint(self, label: str) -> Hint | None:
        hint = self._names.hint_for(label)
        if hint is not None and hint.entity != "FREE_TEXT":
            return hint
        tokens = name_tokens(label)
        if tokens and tokens[-1] == "name" and len(tokens) <= 3:  # "Student Name", "Second Name"
            return FieldNameRecognizer.HINTS[[h.entity for h in FieldNameRecognizer.HINTS].index("PERSON")]
        for key, h in self._text_keys:
            span = find_key(tokens, key)
            if span is not None and span[1] == len(tokens):
                return h
        return None

    def analyze(self, field: Field) -> list[Finding]:
        text = field.value
        if ":" not in text and "=" not in text and "<" not in text:
            return []
        found: list[Finding] = []
        for regex in (_LINE, _XML, _JSON):
            for m in regex.finditer(text):
                hint = self._hint(m.group("k"))
                if hint is None:
                    continue
                start, end = m.span("v")
                while start < end and text[start] in _EDGE:
                    start += 1
                while end > start and text[end - 1] in _EDGE:
                    end -= 1
                value = text[start:end]
                if not value or len(value.split()) > self.MAX_VALUE_WORDS:
                    continue
                if value.lower() in FieldNameRecognizer.EMPTY_VALUES or value.lower() in ("n/a", "na", "unknown"):
                    continue
                category = self._names._accept(hint, value) if hint.accept != "text" else None
                if category is None:
                    continue
                found.append(
                    Finding(category, hint.entity, field.path, start, end,
                            round(hint.score * self.SCORE_SCALE, 4), self.name, hint.quasi)
                )
        return found
