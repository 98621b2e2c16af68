"""The writer's own details in prose of other languages, learned rather than listed.

Read by `multilingual_tagger.MultilingualTaggerRecognizer` on text the language gate calls one of
its languages. The cue grammar beside it (multilingual_cues.yaml, multilingual_health.py,
multilingual_work.py, multilingual_beliefs.py) finds a detail where a listed phrase of the
language stands before or after it; people say the same things in many more ways ("Bin seit März
in Elternzeit", "ca profesoară de fizică", "Ramazan'da oruç tuttuğum için"). This head reads
them by what such phrases share: it is the multilingual tagger's model (hashed feature bags of the
token and its neighbours, `multilingual_tagger.MultilingualTagger`) with the disclosure tagger's
classes:

    HEALTH  a condition, a treatment or drug, a disability, a pregnancy   (GDPR art. 9)
    GROUP   a religion, a party, a union, an ethnic origin, an orientation (art. 9)
    JOB     an occupation      ORG  an employer or school      PLACE  a home place
    AGE     an age             MONEY  an income or a salary

It was trained on disclosures written per language by several writers for the project (none of
whom had read the detector), filled with their values and with public questions, and on near
misses: the same words about the world or about others (`python -m lab.training.
multilingual_disclosure`). A span stands as the writer's where its class's score reaches the
record's threshold (chosen on held-out writers: at most 1% of their public questions, 5% of their
near misses and 3% of their planted texts beside the value tagged), and a word of the writer
("ich", "mein", "я", "μου", "benim" ...: multilingual_beliefs.yaml's `self`; not a request's object,
"Gib mir ...", nor one a topic word follows, "ich habe eine Frage zu ...") is in its sentence, or,
without one, where it reaches the record's stricter `bare` score; a span of
the language's function words alone (spaCy's stop words: "in", "auch", "mehr") is none.

What it misses: details in phrasings unlike any of its writers', in languages without material
(its record's `languages`), and values the model has never seen the like of in a phrasing it reads
only weakly. A detail asked about as a topic ("Was verdient ein Lehrer?") is what the near misses
taught it to leave alone; a question about the world (`world_question`) is never read here.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from guardian.categories import DataCategory as C
from guardian.detect._text import code_spans, cuts_a_word

__all__ = ["BARE_FLOOR", "BARE_SCORE", "WRITER_ONLY", "CLASSES", "DisclosureSpan", "Head", "a_measure", "code_spans", "disclosure_spans", "function_words",
           "function_words_only", "measure_words", "stands", "WEIGHTS"]

WEIGHTS = Path(__file__).resolve().parent.parent / "weights" / "multilingual_disclosure.npz"
# class -> (entity, AMRSF category, quasi-identifier) of a finding the head adds
CLASSES: dict[str, tuple[str, C, bool]] = {
    "HEALTH": ("HEALTH", C.HEALTH, False),
    "GROUP": ("SPECIAL_CATEGORY", C.SPECIAL, True),
    "JOB": ("OCCUPATION", C.CONTACT, True),
    "ORG": ("ORGANIZATION", C.CONTACT, True),
    "PLACE": ("LOCATION", C.LOCATION_COARSE, True),
    "AGE": ("AGE", C.CONTACT, True),
    "MONEY": ("MONEY", C.FINANCIAL, True),
}
# Without a word of the writer in its sentence a span must be this sure, where the record does not
# say per class (`bare`, chosen on held-out public questions): "Seit der Chemo ständig müde" tells
# of the writer with no pronoun, but so does nothing in most questions.
BARE_SCORE = 0.999
# A faith, a party, a union, an origin or an orientation is told with a word of the writer ("soy
# católica", "üyesiyim", "я член"). Without one, every GROUP span of the head on the multilingual dev
# prompts (52 of 52, scores 0.998-1.0) was a word of the topic: "Monero", "USB", "izquierda" (left,
# of a screen), "της κοινότητας"; these classes never stand bare.
WRITER_ONLY = frozenset({"GROUP"})
NEVER_BARE = 1.01
# A class's bare score is at least this, whatever the record says: at the record's 0.995 the head's
# job spans without a word of the writer on the multilingual dev prompts were 25 planted titles and
# 30 words of the topic ("sürüm", "analiză", "anunciado", "δακτυλίου"); at 0.9999, 22 and 7.
BARE_FLOOR: dict[str, float] = {"JOB": 0.9999}


def _bare_score(label: str, bare: dict[str, Any]) -> float:
    """The score a span of `label` needs without a word of the writer in its sentence."""
    if label in WRITER_ONLY:
        return NEVER_BARE
    return max(float(bare.get(label, BARE_SCORE)), BARE_FLOOR.get(label, 0.0))
# An HTML character reference ("&aacute;", "&#237;", "&#xED;") in text pasted from a page
_CHAR_REFERENCE = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")
_WORD = re.compile(r"[^\W_]{1,40}")
_LONE_DIGIT = re.compile(r"[0-9]")  # no one's age or income
_LONE_LETTER = re.compile(r"[^\W\d_][+#]{0,2}")  # "C" of "C++", the "T" of "E.T.": a name of a thing
_LETTER = re.compile(r"[^\W\d_]")
_DIGITS = re.compile(r"\d{1,40}")
_LONG_NUMBER = re.compile(r"\d{4}")
# The classes whose details are words: a condition, a faith, a job, an employer or a town without a
# letter ("(0,0)" of a coordinate, "2.0") is a number, not one of them
_WORD_CLASSES = frozenset({"HEALTH", "GROUP", "JOB", "ORG", "PLACE"})
# Code in a text (a fenced block, an inline `span`): a program's words, not the writer's
@dataclass(frozen=True)
class DisclosureSpan:
    """A span of the writer's detail: character offsets, class, the model's mean probability."""

    start: int
    end: int
    label: str
    score: float


@functools.lru_cache(maxsize=16)
def function_words(lang: str) -> frozenset[str]:
    """spaCy's stop words of a language ("in", "auch", "mehr", "nichts"): a span of these alone is
    no detail. Empty where spaCy has no list for it."""
    try:
        module = importlib.import_module(f"spacy.lang.{lang}.stop_words")
    except ImportError:
        return frozenset()
    return frozenset(str(w).lower() for w in getattr(module, "STOP_WORDS", ()))


class Head(Protocol):
    """What the head is to this module: the multilingual tagger's model with these classes
    (`multilingual_tagger.load_disclosure_head`) and its record."""

    meta: dict[str, Any]

    def tag(self, text: str) -> Sequence[Tagged]: ...


class Tagged(Protocol):
    start: int
    end: int
    label: str
    score: float


# Units of Unicode CLDR (Babel's `format_unit`) whose names in a language say a span is a measure
_MEASURES = tuple(f"duration-{u}" for u in ("second", "minute", "hour", "day", "week", "month", "year")) + (
    "length-meter", "length-kilometer", "length-centimeter", "mass-gram", "mass-kilogram", "volume-liter",
    "temperature-celsius", "percent", "digital-megabyte", "digital-gigabyte",
    # the units of a device's specification ("a 64 bit CPU", "3.2 GHz", "12 megapixels", "65 W"), and of
    # distance and speed (an inch is left out: its English symbol is the word "in")
    "digital-bit", "digital-byte", "digital-kilobyte", "digital-terabyte", "digital-kilobit", "digital-megabit",
    "digital-gigabit", "frequency-hertz", "frequency-kilohertz", "frequency-megahertz", "frequency-gigahertz",
    "graphics-pixel", "graphics-megapixel", "power-watt", "power-kilowatt", "length-millimeter", "length-mile",
    "length-foot", "speed-kilometer-per-hour", "speed-mile-per-hour")


@functools.lru_cache(maxsize=16)
def measure_words(lang: str) -> frozenset[str]:
    """The words of `lang` that name a unit of time, length, mass, volume, temperature, share or
    data (CLDR's unit patterns in every length and plural form: "Stunde", "Std.", "часов",
    "saat"), lower case; single letters ("m", "h") left out, as a sum may be written "5 k"."""
    from babel.core import UnknownLocaleError
    from babel.units import UnknownUnitError, format_unit

    words: set[str] = set()
    for unit in _MEASURES:
        for value in (1, 2, 5, 21, 1.5):  # CLDR's plural forms: one, few, many, other
            for length in ("long", "short", "narrow"):
                try:
                    shown = format_unit(value, unit, length=length, locale=lang)  # type: ignore[arg-type]
                except (UnknownLocaleError, UnknownUnitError, ValueError, KeyError):
                    continue
                # the unit's first word, which follows the number ("per" of "kilometers per hour" is none)
                words.update(w.lower() for w in _UNIT_WORD.findall(shown)[:1] if len(w.rstrip(".")) > 1)
    return frozenset(words)


_UNIT_WORD = re.compile(r"[^\W\d_]{1,40}\.?")


def a_measure(span: str, lang: str) -> bool:
    """Whether the words of `span` (digits aside) are all names of units of `lang` (`measure_words`)."""
    words = [w.lower() for w in _UNIT_WORD.findall(span)]
    units = measure_words(lang)
    return bool(words) and all(w in units or w.rstrip(".") in units for w in words)


def function_words_only(span: str, lang: str) -> bool:
    """Whether every word of `span` is one of `lang`'s function words (none: spaCy has no list)."""
    stop = function_words(lang)
    return bool(stop) and all(w.lower() in stop for w in _WORD.findall(span))


def _small_words_only(span: str, lang: str) -> bool:
    """Whether every word of `span` is a function word of `lang` or one of its commonest (`VERY_COMMON`:
    "ή", "и", "ve"); a span with no word is none."""
    stop = function_words(lang)
    words = _WORD.findall(span)
    return bool(words) and all(w.lower() in stop or _one_word_at_least(w, lang, VERY_COMMON) for w in words)


def disclosure_spans(head: Head | None, text: str, writer_in_sentence: Callable[[int, int], bool],
                     lang: str = "") -> list[DisclosureSpan]:
    """The spans of `text` the head reads as its writer's details (module docstring);
    `writer_in_sentence(start, end)`: whether a word of the writer is in the span's sentence; `lang`:
    the text's language, whose function words alone make no span. A span inside an HTML character
    reference ("&aacute;" of a pasted page) is markup, one inside code (a fence, a `span`) a
    program's, a lone digit no one's age or income, a lone letter no one's detail (the "C" of
    "C++", the "T" of "E.T."), a span without a letter no condition, faith, job, employer or place, and a piece of a word cut between its letters; a part of a hyphenated word stands for the
    whole word ("Salbutamol-Spray", "водитель-экспедитор"), a part of a number for the number, and
    a number with two dots or more (a version, a date) for no age or income, and a common word of
    the language no health list knows for no condition. No head, no spans."""
    if head is None:
        return []
    references = [(m.start(), m.end()) for m in _CHAR_REFERENCE.finditer(text)] + code_spans(text)
    thresholds = head.meta.get("thresholds") or {}
    bare = head.meta.get("bare") or {}
    out: list[DisclosureSpan] = []
    for span in head.tag(text):
        if lang and function_words_only(text[span.start:span.end], lang):
            continue
        if any(a <= span.start and span.end <= b for a, b in references):
            continue
        start, end = _whole_compound(text, span.start, span.end)
        if _LONE_DIGIT.fullmatch(text, start, end) or _LONE_LETTER.fullmatch(text, start, end) \
                or cuts_a_word(text, start, end):
            continue
        if span.label in _WORD_CLASSES and _LETTER.search(text, start, end) is None:
            continue
        if span.label in _WORD_CLASSES and lang and _DIGITS.search(text, start, end) \
                and _small_words_only(_DIGITS.sub(" ", text[start:end]), lang):
            continue  # "0 ή σε", "0 para": a number and the language's small words name no condition, job or place
        if span.label in _NUMBER_CLASSES:
            start, end = _whole_number(text, start, end)
            if any(not _THOUSANDS.fullmatch(m.group()) for m in _DOTTED.finditer(text, start, end)):
                continue  # "3.1.1 y 3.2.0", "12.05.1990": a version or a date, no one's age or income
            if _in_a_list_of_numbers(text, start, end):
                continue  # "15, 32, 5, 13, 82, 7, 1": an item of the task's data, no one's age or income
        if span.label == "AGE" and _LONG_NUMBER.search(text, start, end) is not None:
            continue  # no one is 1000 years old: a year, a count or an identifier
        if span.label == "AGE" and _DIGIT.search(text, start, end) is None and _ONE_WORD.fullmatch(text, start, end):
            continue  # "ani", "Jahre": the word for years without its number
        if span.label in _SELF_CLASSES and lang and _very_common_word(text[start:end], lang):
            continue  # "quiero": one of a language's commonest words is no one's job, faith or condition
        if span.label == "HEALTH" and lang and _common_word(text[start:end], lang):
            continue  # "случайно", "χέρι", "средств": a common word of the language, which no health list knows
        if span.label == "MONEY" and lang and a_measure(text[start:end], lang):
            continue  # "1 Stunde", "час": a time or a length is no sum of money
        if span.label in CLASSES and stands(span.score, float(thresholds.get(span.label, 1.01)),
                                            _bare_score(span.label, bare),
                                            lambda: writer_in_sentence(start, end)):
            out.append(DisclosureSpan(start, end, span.label, span.score))
    return out


# The classes whose details are numbers, and what a number with two dots or more is when not a sum
# grouped by thousands ("1.500.000")
_NUMBER_CLASSES = frozenset({"AGE", "MONEY"})
_DOTTED = re.compile(r"\d{1,20}(?:\.\d{1,20}){2,8}")
_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3}){1,8}")
_NUMBER_BEFORE = re.compile(r"[\d.,]{0,40}\d[.,]$")
_NUMBER_AFTER = re.compile(r"[.,]\d[\d.,]{0,40}")


# A run of three or more numbers set apart by a comma or a semicolon and a space (a decimal comma
# has no space after it): a list of values
_NUMBER_LIST = re.compile(r"\d{1,12}(?:[.,]\d{1,12})?(?:[ \t]{0,2}[,;][ \t]{1,2}\d{1,12}(?:[.,]\d{1,12})?){2,60}")
_LIST_WINDOW = 200


def _in_a_list_of_numbers(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` is a number of a list of three or more numbers."""
    lo = max(0, start - _LIST_WINDOW)
    return any(m.start() <= start and end <= m.end()
               for m in _NUMBER_LIST.finditer(text, lo, min(len(text), end + _LIST_WINDOW)))


def _whole_number(text: str, start: int, end: int) -> tuple[int, int]:
    """A span widened over the number it starts or ends inside: the head may tag "1.1 y 3" of
    "3.1.1 y 3.2.0" or "500 €" of "2.500 €"; the number is read, and rewritten, whole."""
    if start < len(text) and text[start].isdigit():
        before = _NUMBER_BEFORE.search(text, max(0, start - 40), start)
        if before is not None:
            start = before.start()
    if end > 0 and text[end - 1].isdigit():
        after = _NUMBER_AFTER.match(text, end)
        if after is not None:
            end = after.end()
            while end > start and text[end - 1] in ".,":
                end -= 1
    return start, end


# A span of one word this common in its language (wordfreq's Zipf scale: once in 30,000 words) is
# no condition unless a health list or shape knows it (`is_health_word`). Of the single-word health
# values of the head's training material (conditions, drugs, disabilities, pregnancy, mental health;
# 12 languages) only Turkish "şeker" (sugar, for diabetes) and Greek "πίεση" (pressure, for blood
# pressure) are this common and unlisted; of the head's single-word health spans on benign dev
# prompts, "случайно" (4.8), "средств" (5.1), "χέρι" (5.2), "τρόπο" (5.5) are.
COMMON_NOT_HEALTH = 4.5
# A word this common (wordfreq's Zipf scale: 5.5 is about once in 3,000 words) is a verb, a
# pronoun or a word of every topic ("quiero" 5.8, Romanian "ani" 6.1); the commonest job words are
# below it (doktor 5.05, öğretmen 5.02, profesor 4.97)
VERY_COMMON = 5.5
_SELF_CLASSES = frozenset({"HEALTH", "GROUP", "JOB"})
_ONE_WORD = re.compile(r"[^\W\d_]{1,60}")
_DIGIT = re.compile(r"\d")


def _one_word_at_least(span: str, lang: str, floor: float) -> bool:
    """Whether `span` is one word at least `floor` on wordfreq's Zipf scale in `lang`."""
    from guardian.detect._frequency import zipf

    return _ONE_WORD.fullmatch(span) is not None and zipf(span.lower(), lang) >= floor


def _very_common_word(span: str, lang: str) -> bool:
    """Whether `span` is one word at least VERY_COMMON in `lang`."""
    return _one_word_at_least(span, lang, VERY_COMMON)


def _common_word(span: str, lang: str) -> bool:
    """Whether `span` is one word, common in `lang` (COMMON_NOT_HEALTH) and no health term of it."""
    from guardian.detect.recognizers.multilingual_health import is_health_word

    return _one_word_at_least(span, lang, COMMON_NOT_HEALTH) and not is_health_word(span, lang)


MAX_COMPOUND_CHARS = 120  # how far back a hyphenated word is followed
_COMPOUND_AFTER = re.compile(r"(?:-[^\W_][\w]{0,40}){1,6}")


def _whole_compound(text: str, start: int, end: int) -> tuple[int, int]:
    """A span widened over the hyphen-joined parts of its word: the head often tags one part of
    a compound ("Salbutamol" of "Salbutamol-Spray", "водитель" of "водитель-экспедитор"), and
    the rewrite must take the whole word. A span cut inside a word (letters on either side) stays
    as it is, and `cuts_a_word` then drops it."""
    floor = max(0, start - MAX_COMPOUND_CHARS)
    while start >= 2 and start > floor and text[start - 1] == "-" and text[start - 2].isalnum():
        start -= 1
        while start > floor and text[start - 1].isalnum():
            start -= 1
    if end < len(text) and text[end] == "-":
        tail = _COMPOUND_AFTER.match(text, end)
        if tail is not None:
            end = tail.end()
    return start, end


def stands(score: float, threshold: float, bare: float, writer: Callable[[], bool]) -> bool:
    """Whether a span of `score` stands: at its class's threshold with the writer in its sentence,
    at `bare` (or the threshold, if higher) without."""
    return score >= threshold and (score >= max(threshold, bare) or writer())
