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
        return sorted(found.values(), key=lambda f: f.start)
