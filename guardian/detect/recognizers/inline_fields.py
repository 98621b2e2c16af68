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
from guardian.detect._text import is_natural_text
from guardian.detect.base import Recognizer
from guardian.detect.given_names import has_name_word, name_words
from guardian.detect.recognizers.field_names import FieldNameRecognizer, Hint
from guardian.fieldkinds.formats import is_language_tag
from guardian.records import Field, Finding

__all__ = ["InlineFieldRecognizer"]

# "- **Date of Birth:** 31/10/1956", "Name: Ann", "<strong>City:</strong> Leeds" (one line)
# A numbered list item may precede the label ("1. Participant: ..."); the value may sit in
# quotes or brackets ('Username: "jdoe"', "City: [Leeds]"). Several pairs may share a line,
# set apart by two or more spaces or a tab ("City: Leeds  Postcode: LS1") or by one space before
# a capitalised word and its colon ("School: Leeds Grammar Question: ..."), and a text pasted
# from a JSON string breaks its lines with an escaped "\n": both end a value.
_NEXT_LABEL = r"(?:(?:[ \t]{2}|\t)[A-Za-z][A-Za-z0-9 _\-'/]{0,40}?[ \t*]{0,4}[:=]| [A-Z][a-z]{1,20}:(?=[ \t]))"
_LINE = re.compile(
    r"(?:^|(?<=[\n\r>*\-•|(\[{,;])|(?<=\\n)|(?<=\S  )|(?<=\t))[ \t*\-•]{0,6}(?:[0-9]{1,3}[.)][ \t]{1,4})?"
    r"(?P<k>[A-Za-z][A-Za-z0-9 _\-'/]{0,40}?)[ \t*]{0,4}"
    # a label may say in brackets why it is given: "Ethnicity (the survey asked): ..."
    r"(?:\([^()\n\r:]{1,60}\)[ \t]{0,2})?"
    r"(?:</[a-z]{1,10}>)?[ \t]{0,2}[:=](?:</[a-z]{1,10}>)?[ \t*]{0,6}(?:</[a-z]{1,10}>)?[ \t]{0,4}"
    r"[\"'\[(]?(?P<v>(?:(?!" + _NEXT_LABEL + r"|\\n)[^\n\r<>|{}\[\]\"]){1,160})",
    re.MULTILINE,
)
# <city>Leeds</city>
_XML = re.compile(r"<(?P<k>[A-Za-z_][\w\-]{0,40})>[ \t]{0,4}(?P<v>[^<>\n\r]{1,160}?)[ \t]{0,4}</(?P=k)>")
# "dob": "1980-01-01"; a log line's `"user.name"="Ann Lee"` and logfmt's `user.name="Ann Lee"` (a
# program's message of what it set: the key names the value as in JSON)
_JSON = re.compile(r"(?:\"(?P<k>[^\"\n\r]{1,40})\"[ \t]{0,3}[:=]|(?<![\w.\-])(?P<k2>[A-Za-z_][\w.\-]{0,40})=)"
                   r"[ \t]{0,3}\"(?P<v>[^\"\n\r]{1,200})\"")
# logfmt with bare values, as log lines write it: "User signed in: id=42 name=Ann Lee email=...". A
# bare value has no quotes to end it, so it runs to the next key on its line; read only where a
# line holds at least `MIN_BARE_PAIRS` keys (one "x=y" in prose is no record).
_BARE_KEY = re.compile(r"(?:(?<![^ \t:;,(\n\r])|(?<=\\n))(?P<k>[A-Za-z_][\w.\-]{0,40})=(?=[^\s\"'=&])")
_LINE_END = re.compile(r"\r?\n|\r|\\n")
MIN_BARE_PAIRS = 2
_EDGE = " \t*,;.:'\"`[]()"
# An id is one token: its value in prose ends at the first space or comma after it
_ONE_TOKEN_CATEGORIES = frozenset({C.PERSISTENT_ID, C.DEVICE_ID})
_ONE_TOKEN = re.compile(r"\s{0,3}[^\s,;]{1,200}")
_ASIDE = re.compile(r"[ \t]{1,3}\([^()\n\r]{1,80}\)[ \t.,;:!?]{0,8}$")  # a bracketed aside ending the value
_ASKS = re.compile(r"\s{0,3}(?:what|which|who|whom|whose|where|when|why|how)\s", re.I)
# Table rows: up to a line break or an escaped "\n" inside a string.
_SECRET = re.compile(r"(?:(?!\\n)\S){0,128}")  # to white space or an escaped "\n"
_ROW_BREAK = re.compile(r"\r?\n|\r|\\n")
_DELIMS = (",", "\t", "|", ";", "\\")
_LABEL = re.compile(r"[ \t\"'*]{0,4}[A-Za-z][A-Za-z0-9 _\-/'.]{0,39}[ \t\"'*]{0,4}")


# A sentence's end inside a labelled value of prose: a stop, then a capital or a digit ("Age: 34. What
# ..."); not after an initial or an abbreviation that a name or an address holds ("J. Smith", "St. Mary's").
_STOP = re.compile(r"[.!?](?=\s{1,3}[A-Z0-9])"
                   # or two spaces before a capital: a line break flattened ("Medical history: X  What is ...")
                   r"|(?<=[^\s.!?])(?=[ \t]{2,8}[A-Z])")
_ABBREVIATIONS = frozenset({"st", "dr", "mr", "mrs", "ms", "mx", "jr", "sr", "no", "nr", "rd", "ave", "apt", "prof", "mt",
                            "ft", "co", "inc", "ltd", "vs", "etc"})


def _sentence_end(text: str, start: int, end: int) -> int:
    """Where the sentence holding a labelled value ends, at most `end`."""
    for stop in _STOP.finditer(text, start, end):
        word = text[start:stop.start()].split()[-1:] or [""]
        last = word[0].rsplit(".", 1)[-1].strip("(").lower()
        if len(last) <= 1 or last in _ABBREVIATIONS:
            continue
        return stop.start()
    return end


def _cells(row: str, delim: str) -> list[tuple[int, int]]:
    """Cell spans of a row, without the empty edge cells of "| a | b |"."""
    spans, pos = [], 0
    for part in row.split(delim):
        spans.append((pos, pos + len(part)))
        pos += len(part) + len(delim)
    if delim == "|":
        spans = [(a, b) for a, b in spans if row[a:b].strip() or 0 < a < len(row) - 1]
        while spans and not row[spans[0][0] : spans[0][1]].strip():
            spans.pop(0)
        while spans and not row[spans[-1][0] : spans[-1][1]].strip():
            spans.pop()
    return spans


class InlineFieldRecognizer(Recognizer):
    """Values after a label that the field-name hints (or `TEXT_HINTS`) know."""

    name: ClassVar[str] = "inline_fields"
    container: ClassVar[bool] = True  # the label names the whole value
    # Labels that name personal data in a text, though not as a JSON key ("time" in an
    # analytics event is a clock, in a form letter it is when someone did something).
    TEXT_HINTS: ClassVar[tuple[Hint, ...]] = (
        Hint(("time", "timestamp", "date", "submitted", "appointment"), C.CONTACT, "DATE_TIME", 0.6, quasi=True),
        Hint(("title", "salutation", "honorific"), C.CONTACT, "TITLE", 0.55, quasi=True, accept="place"),
        Hint(("second_name", "participant", "applicant", "student", "patient", "representative", "signature",
              "guardian", "employee", "contact", "recipient", "sender", "witness", "client"),
             C.CONTACT, "PERSON", 0.6, accept="place"),
        Hint(("building", "house"), C.POSTAL_ADDRESS, "STREET_ADDRESS", 0.6, quasi=True),
        # "Home: 2 Blankenship Plateau": where one lives, when the value starts as a street address does
        Hint(("home", "home_address", "lives_at"), C.POSTAL_ADDRESS, "STREET_ADDRESS", 0.6, quasi=True, accept="street"),
        # "Contact Number: ..." in a form letter is a phone; "Location: Leeds" a place (as a JSON
        # key "location" is as often a page address, so this stays a text-only label).
        Hint(("contact_number", "contact_no", "contact_phone", "phone_no", "mobile_no", "telephone_no"),
             C.PHONE, "PHONE_NUMBER", 0.8, accept="digits"),
        Hint(("location", "place_of_birth", "birthplace", "hometown", "residence"),
             C.LOCATION_COARSE, "LOCATION", 0.6, quasi=True, accept="place"),
        # "Meds: insulin glargine", "Union: CFMEU", "Faith: Sikh", "School: Monash University": a
        # profile's labels of the special categories and of where one studies (as JSON keys "party",
        # "union" and "school" name other things as often, so these stay text-only labels)
        Hint(("meds", "medicines", "health_conditions"), C.HEALTH, "HEALTH", 0.75, accept="place"),
        # "Pregnancy status: expecting", "Mental health: ...": the label names a health fact of the writer's
        Hint(("pregnancy", "pregnancy_status", "pregnant", "mental_health", "health_status", "disabilities"),
             C.HEALTH, "HEALTH", 0.75, accept="place"),
        Hint(("union", "trade_union", "union_membership"), C.SPECIAL, "UNION", 0.7, quasi=True, accept="proper_place"),
        Hint(("religion", "faith", "denomination"), C.SPECIAL, "RELIGION", 0.7, quasi=True, accept="place"),
        Hint(("ethnicity", "ethnic_origin", "ethnic_background", "heritage", "nationality"), C.SPECIAL, "ETHNICITY", 0.7,
             quasi=True, accept="place"),
        Hint(("sexual_orientation", "sexuality"), C.SPECIAL, "SEXUALITY", 0.7, quasi=True, accept="place"),
        Hint(("political_party", "party_affiliation", "politics", "party"), C.SPECIAL, "POLITICS", 0.7, quasi=True,
             accept="proper_place"),
        Hint(("school", "university", "college", "alma_mater"), C.CONTACT, "ORGANIZATION", 0.65, quasi=True,
             accept="proper_place"),
        # "Work: Fonterra": where one works, as a profile line says it (a JSON key "work" is a task's)
        Hint(("work", "works_at", "workplace", "employed_at", "day_job"), C.CONTACT, "ORGANIZATION", 0.65, quasi=True,
             accept="proper_place"),
        Hint(("encryption_key", "private_key", "secret_key", "recovery_key", "security_key"),
             C.CREDENTIALS, "SECRET", 0.8),
        # "Participant ID: 'AKB02'", a log line's `user.id="usr_8f3k"`: a person's number in an
        # organisation's records (as a JSON key "customer_id" is as often a shop's own reference, so
        # this stays a text-only label)
        Hint(("participant_id", "patient_id", "member_id", "customer_id", "customer_number", "member_number", "user_id",
              "account_id", "membership_number", "patient_number", "employee_number", "staff_id", "staff_number"),
             C.PERSISTENT_ID, "USER_ID", 0.7),
    )
    # Form placeholders that say the value is missing ("First Name: Not Provided").
    PLACEHOLDERS: ClassVar[frozenset[str]] = frozenset(
        {"n/a", "na", "n.a.", "unknown", "not applicable", "not provided", "not available", "not specified",
         "not disclosed", "not given", "none given", "withheld", "redacted", "tbd", "tba", "-", "--", "_",
         "now", "anytime", "any time", "flexible"}
    )
    MAX_TITLE_WORDS: ClassVar[int] = 2  # "<title>Student Enrollment Process</title>" is a page title
    MAX_TABLE_CHARS: ClassVar[int] = 20_000  # pasted tables are read this far
    MAX_COLUMNS: ClassVar[int] = 40
    entities: ClassVar[tuple[str, ...]] = tuple(
        dict.fromkeys([*FieldNameRecognizer.entities, *(h.entity for h in TEXT_HINTS)])
    )
    SCORE_SCALE: ClassVar[float] = 0.9  # a label in text is a little less sure than a real key
    MAX_VALUE_WORDS: ClassVar[int] = 8
    # A whole address on one line: "854, Upper South Wraxall, Bradford-on-Avon, BA15, ENG, GB, Office 693"
    MAX_ADDRESS_WORDS: ClassVar[int] = 16

    def __init__(self) -> None:
        self._names = FieldNameRecognizer()
        self._text_keys = tuple((compact_key(k), h) for h in self.TEXT_HINTS for k in h.keys)

    def warm(self) -> None:
        """Read the name lists now, not on the first lower-case labelled name."""
        name_words()

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        return (_LINE, _XML, _JSON, _BARE_KEY, _LINE_END, _ROW_BREAK, _LABEL, _SECRET)

    def _hint(self, label: str) -> Hint | None:
        if _ASKS.match(label):
            return None  # "What are the conditions: sunny and warm?": a question before its colon, no form's label
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
        found: list[Finding] = self._tables(field)
        if ":" not in text and "=" not in text and "<" not in text:
            return found
        paired: set[int] = set()  # where the values of bare pairs start: those pairs are read
        if "=" in text:
            found.extend(self._bare_pairs(field, paired))
        for regex in (_LINE, _XML, _JSON):
            for m in regex.finditer(text):
                hint = self._hint(m.group("k") or m.groupdict().get("k2") or "")  # k2: logfmt's bare key
                if hint is None:
                    continue
                start, end = m.span("v")
                if start in paired:
                    continue
                if regex is _LINE and start > 0 and text[start - 1] in "'\"" and (
                        close := text.find(text[start - 1], start, end)) > start:
                    end = close  # "customer_id = 'usr_8f3k' ORDER BY ...": a quoted value ends at its quote
                if hint.category is C.CREDENTIALS:  # a secret may hold any printable: "5~8v|JUkB6"
                    end = start + len(_SECRET.match(text, start).group())  # type: ignore[union-attr]
                finding = self._finding(field, hint, start, end)
                if finding is not None:
                    found.append(finding)
        return found

    def _bare_pairs(self, field: Field, paired: set[int]) -> list[Finding]:
        """The values of logfmt's bare pairs ("name=Ann Lee email=..."), line by line; where each
        value starts goes into `paired`."""
        text = field.value
        found: list[Finding] = []
        pos = 0
        for brk in [*_LINE_END.finditer(text), None]:
            line_end = brk.start() if brk is not None else len(text)
            keys = list(_BARE_KEY.finditer(text, pos, line_end))
            if len(keys) >= MIN_BARE_PAIRS:
                paired.update(m.end() for m in keys)
                for m, nxt in zip(keys, [*keys[1:], None]):
                    hint = self._hint(m.group("k"))
                    if hint is None:
                        continue
                    end = nxt.start() if nxt is not None else line_end
                    finding = self._finding(field, hint, m.end(), end)
                    if finding is not None:
                        found.append(finding)
            pos = brk.end() if brk is not None else line_end
        return found

    def _finding(self, field: Field, hint: Hint, start: int, end: int) -> Finding | None:
        """The finding for a labelled value, or None when the value does not fit the label."""
        text = field.value
        if hint.category is not C.CREDENTIALS and is_natural_text(text):
            end = _sentence_end(text, start, end)  # "Age: 34. What vaccines ...": the label's sentence
            if hint.category in _ONE_TOKEN_CATEGORIES and (token := _ONE_TOKEN.match(text, start)) is not None:
                end = min(end, token.end())  # "customer_id: usr_8f3k, where is ...": an id is one token
        while start < end and text[start] in _EDGE:
            start += 1
        aside = _ASIDE.search(text, start, end)
        if aside is not None and aside.start() > start:
            end = aside.start()  # "Work: Fonterra (asking for myself though)": the aside is not the value
        while end > start and text[end - 1] in _EDGE:
            end -= 1
        value = text[start:end]
        limit = self.MAX_ADDRESS_WORDS if hint.category is C.POSTAL_ADDRESS else self.MAX_VALUE_WORDS
        if not value or len(value.split()) > limit:
            return None
        low = value.lower()
        if low in FieldNameRecognizer.EMPTY_VALUES or low in self.PLACEHOLDERS or not value.strip("_-. "):
            return None
        if hint.entity == "TITLE" and len(value.split()) > self.MAX_TITLE_WORDS:
            return None
        if hint.entity == "EMAIL_ADDRESS" and "@" not in value:  # "Email: see below"
            return None
        if hint.category is C.LANGUAGE and is_language_tag(value):  # "lang=en": what Accept-Language says anyway
            return None
        if hint.entity == "PERSON" and " " not in value and not value[:1].isupper() and not has_name_word(value):
            return None  # "name=html" (a DOM attribute): one word in lower case that is no one's name
        if hint.accept == "person":  # a written "Name:" label is followed by whatever the writer put there
            category: C | None = hint.category
        else:
            category = self._names._accept(hint, value) if hint.accept != "text" else None
        if category is None:
            return None
        return Finding(category, hint.entity, field.path, start, end,
                       round(hint.score * self.SCORE_SCALE, 4), self.name, hint.quasi)

    def _tables(self, field: Field) -> list[Finding]:
        """Cells of a pasted table whose header row names them: "ID, SEX, USERNAME, TEL" then rows.

        Rows end at a line break or an escaped "\\n" (a table inside a JSON string); cells are
        split on the header's delimiter (comma, tab, pipe, semicolon, backslash). A row with
        another cell count ends the table.
        """
        text = field.value
        if "\n" not in text and "\\n" not in text:
            return []
        rows, pos = [], 0
        head = text[: self.MAX_TABLE_CHARS]
        for m in _ROW_BREAK.finditer(head):
            rows.append((pos, head[pos : m.start()]))
            pos = m.end()
        rows.append((pos, head[pos:]))
        found: list[Finding] = []
        i = 0
        while i < len(rows):
            header = self._header(rows[i][1])
            if header is None:
                i += 1
                continue
            delim, hints = header
            i += 1
            while i < len(rows):
                pos, row = rows[i]
                cells = _cells(row, delim)
                if len(cells) != len(hints):
                    if not row.strip() or set(row.strip()) <= set("|-:+ "):
                        i += 1  # a blank line or a markdown rule under the header
                        continue
                    break
                for (a, b), hint in zip(cells, hints):
                    if hint is not None:
                        f = self._finding(field, hint, pos + a, pos + b)
                        if f is not None:
                            found.append(f)
                i += 1
        return found

    def _header(self, row: str) -> tuple[str, list[Hint | None]] | None:
        """(delimiter, hint per column) when `row` is a header naming personal-data columns."""
        for delim in _DELIMS:
            if row.count(delim) < 2:
                continue
            cells = _cells(row, delim)
            labels = [row[a:b] for a, b in cells]
            if len(labels) < 3 or len(labels) > self.MAX_COLUMNS or not all(_LABEL.fullmatch(x) for x in labels):
                continue
            hints = [self._hint(x) for x in labels]
            if sum(h is not None for h in hints) * 2 >= len(hints):
                return delim, hints
        return None
