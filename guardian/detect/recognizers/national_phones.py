"""PHONE_NUMBER -> Phone: numbers written the national way of the text's language, by libphonenumber.

People write their own country's format, without "+CC": "91 196 28 53" in Spain, "8 (928)
597-62-33" in Russia, "502-042-578" in Poland, "0151 23456789" in Germany. Which country that is,
the text says by its language (`guardian.detect.language`); `phonenumbers` (Google's
libphonenumber metadata) then finds the numbers that are *valid* in one of that language's
countries: the number plan's lengths and prefixes, not a pattern written here. So a year, a sum,
an amount or a postcode, which no plan assigns as a line, is not one, and English text (the
`phone` recogniser's, with its cues) is not read here.
"""

from __future__ import annotations

import logging
import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._text import is_natural_text
from guardian.detect.base import Recognizer
from guardian.detect.language import language_of
from guardian.records import Field, Finding

__all__ = ["NationalPhoneRecognizer", "REGIONS"]

log = logging.getLogger(__name__)

# language -> the countries whose national format a writer of it most likely uses (ISO 3166)
REGIONS: dict[str, tuple[str, ...]] = {
    "de": ("DE", "AT", "CH"), "fr": ("FR", "BE", "CH", "CA"), "es": ("ES", "MX", "AR", "CO", "CL", "PE"),
    "it": ("IT", "CH"), "pt": ("PT", "BR"), "nl": ("NL", "BE"), "pl": ("PL",), "ro": ("RO", "MD"),
    "el": ("GR", "CY"), "ru": ("RU", "BY", "KZ"), "uk": ("UA",), "tr": ("TR",),
}
SCORE = 0.8  # valid in the number plan: below a checksum's, above a bare pattern's
MAX_CHARS = 10_000  # as the other prose readers: what one value costs stays bounded
MAX_INVALID = 64  # candidates that are no valid number before the matcher gives up on a text (a table of figures)


class NationalPhoneRecognizer(Recognizer):
    """Numbers valid in a country of the text's language, in that country's own format."""

    name: ClassVar[str] = "national_phones"
    entities: ClassVar[tuple[str, ...]] = ("PHONE_NUMBER",)
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    LANGUAGES: ClassVar[frozenset[str] | None] = frozenset(REGIONS)
    TRIGGER: ClassVar[str | None] = r"[0-9]{2}"
    min_chars: int = 7

    def analyze(self, field: Field) -> list[Finding]:
        text = field.value[:MAX_CHARS]
        if not is_natural_text(text):
            return []
        regions = REGIONS.get(language_of(text) or "")
        if not regions:
            return []
        import phonenumbers

        found: dict[tuple[int, int], Finding] = {}
        for region in regions:
            try:
                matcher = phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID,
                                                          max_tries=MAX_INVALID)
                for match in matcher:
                    span = (match.start, match.end)
                    if span not in found and not any(a < span[1] and span[0] < b for a, b in found):
                        found[span] = Finding(DataCategory.PHONE, "PHONE_NUMBER", field.path, match.start, match.end,
                                              SCORE, self.name, quasi=False)
            except Exception:  # noqa: BLE001 - a library's surprise on odd text: no finding, never a failed stage
                log.debug("national_phones: the matcher failed on a value", exc_info=True)
        for span in _cued_possible_numbers(text, regions[0], language_of(text) or ""):
            if not any(a < span[1] and span[0] < b for a, b in found):
                found[span] = Finding(DataCategory.PHONE, "PHONE_NUMBER", field.path, span[0], span[1],
                                      CUED_SCORE, self.name, quasi=False)
        return sorted(found.values(), key=lambda f: f.start)


# The words of each language that say a number is the writer's line ("мой номер", "sunați-mă la",
# "meine Nummer"): a number of a possible length right after one is a phone number even where the
# plan has not assigned its prefix (a new range, a typo, a number from abroad)
PHONE_CUES: dict[str, tuple[str, ...]] = {
    "de": ("nummer", "telefon", "telefonnummer", "handy", "handynummer", "tel", "erreichbar unter", "ruf mich an", "anrufen unter"),
    "fr": ("numéro", "téléphone", "portable", "tél", "appelez-moi au", "joignable au"),
    "es": ("número", "teléfono", "móvil", "tel", "llámame al", "llamadme al", "llámenme al"),
    "it": ("numero", "telefono", "cellulare", "tel", "chiamami al", "chiamatemi al"),
    "pt": ("número", "telefone", "telemóvel", "celular", "tel", "liga-me para", "ligue para"),
    "nl": ("nummer", "telefoon", "telefoonnummer", "mobiel", "tel", "bel me op", "bereikbaar op"),
    "pl": ("numer", "telefon", "komórka", "tel", "zadzwoń pod", "dzwońcie pod"),
    "ro": ("numărul", "numarul", "număr", "telefon", "mobil", "tel", "sunați-mă la", "sună-mă la", "sunati-ma la"),
    "el": ("αριθμός", "αριθμό", "τηλέφωνο", "τηλέφωνό", "κινητό", "τηλ", "πάρτε με στο", "θα με βρεις στο", "με βρίσκετε στο"),
    "ru": ("номер", "телефон", "тел", "звоните", "позвоните", "звоните на", "позвоните на", "мобильный"),
    "uk": ("номер", "телефон", "тел", "дзвоніть", "телефонуйте"),
    "tr": ("numaram", "numaramı", "numara", "telefon", "telefonum", "tel", "cep", "beni arayın", "arayın"),
}
# Messengers that address a line by its number, the same word in every language ("per SMS an", "по SMS на",
# "SMS ile"): a cue before or after the number
_MESSENGERS = ("sms", "смс", "whatsapp", "viber", "telegram", "signal")
# The words after a number that say it is a line, in the languages that put them there ("216 6 411
# numarasına SMS", "номер ... на который звонить" is not one)
PHONE_CUES_AFTER: dict[str, tuple[str, ...]] = {
    "tr": ("numarasına", "numarasından", "numarası", "numaralı", "numaradan", "numaraya", "nolu", "no.lu"),
}
CUED_SCORE = 0.7  # a possible number by its cue: below a valid one's
CUE_WINDOW = 32  # characters before a number searched for its cue
CUE_AFTER_WINDOW = 16  # characters after a number searched for a cue that follows it
MIN_CUED_DIGITS = 8  # a number this long at least: not a year, a sum or a short code
# A run of digit groups no plan can place ("00119 070955": no such country code; "534 4 898": a local
# number without its area code) is still the writer's line after their cue, when its grouping is no
# amount's and no date's. 7 digits: a local number in most plans; 15: E.164's longest.
MIN_RUN_DIGITS, MAX_RUN_DIGITS = 7, 15
_DIGIT_RUN = re.compile(r"(?<![\w+.,/-])(?:\+|00)?\d{1,6}(?:(?:[ \u00a0]|[-./][ ]?)\(?\d{1,8}\)?){1,6}(?![\w]|[.,/-]\d)")
_THOUSANDS = re.compile(r"\d{1,3}(?:([ \u00a0.,])\d{3})(?:\1\d{3}){0,4}")
_DATE_LIKE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")
_CUE_RE: dict[str, re.Pattern[str]] = {}
_CUE_AFTER_RE: dict[str, re.Pattern[str] | None] = {}


def _cued_possible_numbers(text: str, region: str, language: str) -> list[tuple[int, int]]:
    """The numbers of a possible length in `region`'s plan right after one of `language`'s cues
    (`PHONE_CUES`, within `CUE_WINDOW` characters, nothing but a colon, "es"/"ist"-like words between)."""
    cues = PHONE_CUES.get(language)
    if not cues:
        return []
    import phonenumbers

    cue = _CUE_RE.get(language)
    if cue is None:
        cue = _CUE_RE[language] = _alternatives(cues + _MESSENGERS)
    cue_after = _cue_after(language)
    if cue.search(text) is None and (cue_after is None or cue_after.search(text) is None):
        return []  # no cue anywhere: the matcher need not run
    out: list[tuple[int, int]] = []
    try:
        for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.POSSIBLE,
                                                     max_tries=MAX_INVALID):
            digits = sum(c.isdigit() for c in match.raw_string)
            before = text[max(0, match.start - CUE_WINDOW):match.start]
            if digits >= MIN_CUED_DIGITS and cue.search(before) and not _LETTER_BETWEEN.search(before[_cue_end(cue, before):]):
                out.append((match.start, match.end))
    except Exception:  # noqa: BLE001 - as above
        log.debug("national_phones: the possible-number matcher failed on a value", exc_info=True)
    for run in _DIGIT_RUN.finditer(text):
        if any(a < run.end() and run.start() < b for a, b in out) or not _a_line_by_its_groups(run.group()):
            continue
        before = text[max(0, run.start() - CUE_WINDOW):run.start()]
        after = text[run.end():run.end() + CUE_AFTER_WINDOW]
        if ((cue.search(before) and not _LETTER_BETWEEN.search(before[_cue_end(cue, before):]))
                or _cue_right_after(after, cue_after) or _cue_right_after(after, cue)):
            out.append((run.start(), run.end()))
    return sorted(out)


def _alternatives(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(c) for c in sorted(words, key=len, reverse=True)) + r")\.?(?!\w)",
                      re.I)


def _cue_after(language: str) -> re.Pattern[str] | None:
    if language not in _CUE_AFTER_RE:
        words = PHONE_CUES_AFTER.get(language)
        _CUE_AFTER_RE[language] = _alternatives(words) if words else None
    return _CUE_AFTER_RE[language]


def _cue_right_after(after: str, cue: re.Pattern[str] | None) -> bool:
    """A cue opens `after`, past a case ending or a short word at most ("'e SMS", "numarasına")."""
    if cue is None:
        return False
    m = cue.search(after)
    return m is not None and not re.search(r"[^\W\d_]{5,}|[.!?;:\n]", after[:m.start()])


def _a_line_by_its_groups(run: str) -> bool:
    """Digits grouped as a phone number, not as an amount ("1 234 567") or a date ("12.05.1990")."""
    digits = sum(c.isdigit() for c in run)
    if not MIN_RUN_DIGITS <= digits <= MAX_RUN_DIGITS or not re.search(r"\D", run):
        return False  # one block of digits: the libphonenumber matcher's to judge
    return not _THOUSANDS.fullmatch(run) and not _DATE_LIKE.fullmatch(run)


# after the cue, at most a few short words ("es", "ist", "la", "на", "μου είναι") before the number
_LETTER_BETWEEN = re.compile(r"[^\W\d_]{6,64}")


def _cue_end(cue: re.Pattern[str], before: str) -> int:
    """Where the last cue in `before` ends."""
    end = 0
    for m in cue.finditer(before):
        end = m.end()
    return end
