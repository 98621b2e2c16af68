"""National identifiers of the world -> SSN: found by shape, checked by python-stdnum.

A candidate is a run of letter-and-digit groups with single separators between them ("12 345 678
901", "390.533.447-05", "X-2482300-W"); every contiguous part of the run whose count of letters
and digits is the length of some format in `national_id_formats.FORMATS`, and that is written as
that format is written, goes to the format's stdnum module (`is_valid`: check digits, embedded
birth date, region codes). A strong format's valid number counts alone in prose; a weak one's, or
any in machine data, only with a context word just before or after it, or in the field's name
("tax_id": "10000000146"). The
country's own words score higher than generic ones ("tax id", "national id", "documento de
identidad"), and a word for any of a country's numbers names each of them ("mi NIE" beside a DNI);
a word that names another kind of number ("phone", "order", "invoice") keeps an unnamed number out.

The US SSN stays `ssn`'s; this recogniser scores above a phone or date reading of the same
digits, so a valid, named national number wins the overlap in the Detector.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._text import is_natural_text
from guardian.detect.base import Pattern, PatternRecognizer
from guardian.detect.recognizers.national_id_formats import FORMATS, GENERIC_CONTEXT, OTHER_NUMBER_CONTEXT, IdFormat
from guardian.records import Field, Finding

__all__ = ["NationalIdRecognizer", "accepts", "fold"]

BASE_SCORE = 0.9  # a strong format alone, or a weak one with a generic context word
OWN_CONTEXT_BOOST = 0.1  # the country's own word for the number ("PESEL", "ΑΜΚΑ", "Steuer-ID")
CONTEXT_BEFORE = 48  # characters before a number searched for a context word
CONTEXT_AFTER = 20  # and after it: "44051401359 (PESEL)"
MAX_GROUPS = 12  # letter-and-digit groups in one candidate run
_MAX_LENGTH = max(n for fmt in FORMATS for n in fmt.lengths)

# A group holds a digit, with at most a short letter prefix ("RSSMRA85T10A562S", "ABCPE1234F");
# one or two short letter groups may open the run and one close it (NIE "X-2482300-W", RFC "GODE
# 561231 ABA", a codice fiscale in its card's groups "RSS MRA 85T10 A562 S").
# Not inside a longer token, a decimal, a path, or a number that "+CC " or "<digit><sep>" opens;
# right after or before CJK text is fine ("身份证号码360426199101010071": no spaces there).
_WIDE = "\u2e80-\u9fff\uac00-\ud7af"  # CJK, kana, hangul
_GROUP = r"[A-Za-z]{0,6}[0-9][0-9A-Za-z]{0,20}"
_RUN = (
    rf"(?:(?<![\w+\-./])|(?<=[{_WIDE}]))(?<![0-9][ .\-/:])"
    rf"(?:[A-Za-z]{{1,4}}[ \-]){{0,2}}{_GROUP}(?:[ .\-/+]{_GROUP}){{0,{MAX_GROUPS - 1}}}(?:[ \-][A-Za-z]{{1,3}})?"
    rf"(?:(?![\w]|[.\-/][0-9A-Za-z])|(?=[{_WIDE}]))"
)
_PREFIX = 2 * (4 + 1) + 6  # letters and separators a run may open with before its first digit
_DIGITS = re.compile(r"[0-9]{1,64}")
# Groups of letters and digits with single separators between them, as people type a number
# they read off a card; "/" and "+" join numbers of other kinds (dates, sums), not groups.
_GROUPED = re.compile(r"[0-9A-Za-z]{1,20}(?:[ .\-][0-9A-Za-z]{1,20}){1,8}")
_ALNUM = re.compile(r"[0-9A-Za-z]{1,40}")
_BEFORE_STOP = re.compile(r"[0-9\n]")
_AFTER_STOP = re.compile(r"[0-9,;\n]")
_DIGIT = re.compile(r"[0-9]")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NON_WORD = re.compile(r"[\W_]{1,200}")
_WIDE_SCRIPTS = 0x2E80  # CJK, kana, hangul and beyond: words are not set apart by spaces
# Letters NFKD leaves whole: folded as people type them without the key ("fodselsnummer").
_PLAIN_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ı": "i", "þ": "th", "ð": "d"})


def fold(text: str) -> str:
    """Text as context words are matched: camelCase split, case and accents dropped, every run of
    punctuation one space ("T.C. Kimlik" -> "t c kimlik", "taxId" -> "tax id", "ΑΜΚΑ" -> "αμκα")."""
    text = _CAMEL.sub(" ", text).casefold().translate(_PLAIN_LETTERS)
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return " " + _NON_WORD.sub(" ", text).strip() + " "


def _words_regex(words: tuple[str, ...]) -> re.Pattern[str]:
    """One regex for folded words, each a whole word (a CJK one anywhere: no spaces set it apart)."""
    parts: list[str] = []
    for word in sorted({fold(w).strip() for w in words}, key=len, reverse=True):
        head = "" if ord(word[0]) >= _WIDE_SCRIPTS else r"(?<!\w)"
        tail = "" if ord(word[-1]) >= _WIDE_SCRIPTS else r"(?!\w)"
        parts.append(head + re.escape(word) + tail)
    return re.compile("|".join(parts))


@dataclass(frozen=True)
class _Row:
    """A row of the table with its regexes compiled and its stdnum module imported."""

    fmt: IdFormat
    index: int  # table order: the earlier row wins a tie on one span
    written: re.Pattern[str]
    context: re.Pattern[str]
    module: ModuleType


def _compile(fmt: IdFormat, index: int) -> _Row:
    return _Row(
        fmt,
        index,
        re.compile(fmt.written, re.IGNORECASE | re.ASCII),
        _words_regex(fmt.context),
        importlib.import_module(f"stdnum.{fmt.module}"),
    )


def written_as(row: _Row, raw: str, grouped: bool) -> bool:
    """Whether `raw` is written as the row's format is written; a number a word names (its own, or
    an identity word: "ΑΜΚΑ 150556 13044", "ИНН 7707 0838 93", "my ID number is ...") may also be
    typed in groups of the writer's choosing, as long as its letters and digits are the format's."""
    if row.written.fullmatch(raw) is not None:
        return True
    return grouped and _GROUPED.fullmatch(raw) is not None and row.written.fullmatch("".join(_ALNUM.findall(raw))) is not None


def accepts(row: _Row, raw: str, named: bool = False, grouped: bool = False) -> bool:
    """Whether `raw` is written as the row's format is written (`written_as`; in groups where
    `grouped`) and its stdnum module says valid; the format's own extra rule (`IdFormat.check`)
    is asked only of a number no word names."""
    if not written_as(row, raw, grouped):
        return False
    key = "".join(_ALNUM.findall(raw)).upper()
    try:
        valid = row.module.is_valid(raw.upper() if row.fmt.keeps_separator else key)
    except Exception:  # noqa: BLE001 - stdnum raises on some inputs (cn.ric: KeyError); its message may
        return False  # quote the number, and the Detector logs a failing recogniser's traceback
    return bool(valid) and (named or row.fmt.check is None or row.fmt.check(key))


class NationalIdRecognizer(PatternRecognizer):
    """National, tax and social-security numbers of 40 countries, checked by python-stdnum."""

    name: ClassVar[str] = "national_ids"
    TRIGGER: ClassVar[str | None] = r"[0-9]"  # every format holds a digit
    entities: ClassVar[tuple[str, ...]] = tuple(dict.fromkeys(fmt.entity for fmt in FORMATS))
    CATEGORY: ClassVar[DataCategory] = DataCategory.SSN
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (Pattern("run", _RUN, BASE_SCORE),)

    def __init__(self) -> None:
        super().__init__()
        self.rows: tuple[_Row, ...] = tuple(_compile(fmt, i) for i, fmt in enumerate(FORMATS))
        by_length: dict[int, list[_Row]] = {}
        for row in self.rows:
            for n in row.fmt.lengths:
                by_length.setdefault(n, []).append(row)
        self._by_length = {n: tuple(rows) for n, rows in by_length.items()}
        self._generic = _words_regex(GENERIC_CONTEXT)
        # a word for any of a country's numbers names each of them: people mix up their own
        # country's names ("mi NIE" for a DNI, "Steuer-ID" for a Steuernummer)
        by_country: dict[str, set[str]] = {}
        for fmt in FORMATS:
            by_country.setdefault(fmt.country, set()).update(fmt.context)
        self._country = {c: _words_regex(tuple(words)) for c, words in by_country.items()}
        self._other = _words_regex(OTHER_NUMBER_CONTEXT)
        self.min_chars = min(self._by_length)

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        rows = tuple(p for row in self.rows for p in (row.written, row.context))
        return (*super().compiled_patterns(), *rows, self._generic, self._other, *self._country.values(), _ALNUM,
                _NON_WORD)

    def scan(self, field: Field) -> list[Finding]:
        """Every valid number, one finding per span."""
        around = _Around(field)
        found: list[Finding] = []
        for match in self._runs(field.value):
            for start, end, joined in _parts(field.value, match):
                finding = self._finding(field, around, start, end, joined)
                if finding is not None:
                    found.append(finding)
        return found

    def _runs(self, text: str) -> Iterator[re.Match[str]]:
        """`finditer` of the run regex, tried only just before and at each digit: every run holds
        one, at most `_PREFIX` letters after its start. Most of prose is letters, where the
        regex would otherwise be tried at every position (a run may start with a letter)."""
        run_regex = self._compiled[0][1]
        pos = 0
        while (digits := _DIGITS.search(text, pos)) is not None:
            for start in range(max(pos, digits.start() - _PREFIX), digits.start() + 1):
                run = run_regex.match(text, start)
                if run is not None:
                    yield run
                    pos = run.end()
                    break
            else:
                pos = digits.end()

    def _finding(self, field: Field, around: _Around, start: int, end: int, joined: bool) -> Finding | None:
        """The finding of one candidate span: of the rows it is valid for, one named by its own
        context word first, then a strong one, then the earlier in the table. The cheap tests come
        first (how it is written, its context); stdnum's check last, and no more than needed.
        A span `joined` to other digits by a space may be part of a longer number: even a strong
        row needs a context word there."""
        raw = field.value[start:end]
        rows = [row for row in self._by_length.get(sum(map(len, _ALNUM.findall(raw))), ())
                if written_as(row, raw, grouped=True)]
        if not rows:
            return None
        window = _window(field.value, start, end)
        other = bool(self._other.search(around.name) or self._other.search(window))
        generic = not other and bool(self._generic.search(around.name) or self._generic.search(window))
        named = {c: bool(self._country[c].search(around.name) or self._country[c].search(window))
                 for c in {row.fmt.country for row in rows}}
        ranked = sorted(
            ((bool(row.context.search(around.name) or row.context.search(window)), row) for row in rows),
            key=lambda pair: (not pair[0], not named[pair[1].fmt.country], not pair[1].fmt.strong, pair[1].index),
        )
        for own_row, row in ranked:
            own = own_row or named[row.fmt.country]
            # Unnamed, a number needs a strong check and prose around it: a bare number in machine
            # data is the site's (an order, a customer, a clock reading), and nine strong formats
            # share 11 digits, so about 1 in 27 random 11-digit ids would pass one of them.
            if not own and (other or not (generic or (row.fmt.strong and not joined and around.prose))):
                continue  # unnamed, and weak, in machine data, or named as another kind of number
            # groups of the writer's choosing only where they make up the whole run: "2 95 10 99 126"
            # is not a number of its own inside "2 95 10 99 126 111 93"
            if accepts(row, raw, named=own or generic, grouped=(own or generic) and not joined):
                score = round(min(1.0, BASE_SCORE + (OWN_CONTEXT_BOOST if own else 0.0)), 4)
                return Finding(row.fmt.category, row.fmt.entity, field.path, start, end, score, self.name, quasi=False)
        return None


class _Around:
    """What a field says around all its numbers, worked out once and only when a number needs it."""

    def __init__(self, field: Field) -> None:
        self._field = field
        self._name: str | None = None
        self._prose: bool | None = None

    @property
    def name(self) -> str:
        """The field's name, folded ("taxId" -> " tax id ")."""
        if self._name is None:
            self._name = fold(self._field.name) if self._field.name else ""
        return self._name

    @property
    def prose(self) -> bool:
        """Whether the value reads as prose (`is_natural_text`)."""
        if self._prose is None:
            self._prose = is_natural_text(self._field.value)
        return self._prose


def _parts(text: str, match: re.Match[str]) -> list[tuple[int, int, bool]]:
    """The spans of the contiguous groups of a run that may be one number: set apart from the rest
    of the run by a space ("2024-05-01 44051401359"), never by "-", "." or "/" ("3.14159265358");
    and whether a group with a digit is next to it (it may be the tail of "030 17291716060")."""
    base = match.start()
    groups = [(base + m.start(), base + m.end()) for m in _ALNUM.finditer(match.group())]
    numeric = [_DIGIT.search(text, a, b) is not None for a, b in groups]
    spans: list[tuple[int, int, bool]] = []
    for i, (start, _) in enumerate(groups):
        if i > 0 and text[groups[i - 1][1] : start] != " ":
            continue
        length = 0
        for j in range(i, len(groups)):
            length += groups[j][1] - groups[j][0]
            if length > _MAX_LENGTH:
                break
            if j + 1 < len(groups) and text[groups[j][1] : groups[j + 1][0]] != " ":
                continue
            joined = (i > 0 and numeric[i - 1]) or (j + 1 < len(groups) and numeric[j + 1])
            spans.append((start, groups[j][1], joined))
    return spans


def _window(text: str, start: int, end: int) -> str:
    """The folded text around a number: before it back to the nearest digit or line break, after
    it up to the nearest digit, comma, semicolon or line break. A label names the number right
    after it, not the one after that ("Tax ID: 1234, mobile 0612 ...")."""
    before = text[max(0, start - CONTEXT_BEFORE) : start]
    stops = list(_BEFORE_STOP.finditer(before))
    if stops:
        before = before[stops[-1].end() :]
    after = text[end : end + CONTEXT_AFTER]
    stop = _AFTER_STOP.search(after)
    if stop is not None:
        after = after[: stop.start()]
    return fold(before + " " + after)
