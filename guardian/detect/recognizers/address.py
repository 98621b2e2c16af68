"""Street and postal addresses -> PostalAddress: "221B Baker Street", "Apt 4", "SW1A 1AA".

A street needs a street-type word (Road, Street, Avenue ...) after one to four capitalised
words; with a house number it scores higher. UK postcodes are checked by shape; US ZIP codes
only next to an address word (five digits are everywhere).
"""

from __future__ import annotations

from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["AddressRecognizer"]

_SUFFIX = (r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Way|Drive|Dr|Boulevard|Blvd|Court|Ct|Place|Pl|Close"
           r"|Crescent|Cres|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy|Row|Grove|Gardens|Hill|Walk|Mews|Strasse"
           r"|Straße|Rue|Via|Calle|Avenida|Circle|Trail|Alley|Park|Green|Rise|View|Vale)")
_WORDS = r"(?:[A-Z][A-Za-z'\-]{1,20} ){1,4}"
# Without a house number only unambiguous street words: "the Supreme Court", "Hyde Park" are not addresses.
_STRICT = r"(?:Street|Road|Avenue|Lane|Drive|Boulevard|Crescent|Terrace|Parkway|Highway|Mews|Strasse|Straße)"


class AddressRecognizer(PatternRecognizer):
    """Street lines, secondary units and postcodes."""

    name: ClassVar[str] = "address"
    TRIGGER: ClassVar[str | None] = r"[0-9]|" + _STRICT  # a number, or a street word
    entities: ClassVar[tuple[str, ...]] = ("STREET_ADDRESS", "POSTAL_CODE")
    CATEGORY: ClassVar[DataCategory] = DataCategory.POSTAL_ADDRESS
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset({"POSTAL_CODE"})
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("numbered_street", r"(?<![\w])[0-9]{1,5}[A-Za-z]?,? " + _WORDS + _SUFFIX + r"\.?(?![\w])", 0.75),
        Pattern("street", r"(?<![\w])" + _WORDS + _STRICT + r"(?![\w])", 0.6),
        Pattern("unit", r"(?<![\w])(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Office|Room|Pod|Barracks|Ranch"
                r"|Building|Bldg|PO Box|P\.O\. Box)\.? #?[0-9]{1,5}[A-Z]?(?![\w])", 0.6),
        Pattern("uk_postcode", r"(?<![\w])[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}(?![\w])", 0.65,
                entity="POSTAL_CODE"),
        Pattern("uk_outward", r"(?<=, )[A-Z]{1,2}[0-9]{1,2}[A-Z]?(?=,|$| ?\n)", 0.5, entity="POSTAL_CODE"),
        Pattern("us_zip", r"(?<![\w\-])[0-9]{5}(?:-[0-9]{4})?(?![\w\-])", 0.5, entity="POSTAL_CODE",
                needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("zip", "zipcode", "postcode", "postal", "address", "street", "ave",
                                          "road", "city", "state")
