"""Street and postal addresses -> PostalAddress: "221B Baker Street", "Apt 4", "SW1A 1AA".

A street needs a street-type word (Road, Street, Avenue ...) after one to four capitalised
words; with a house number it scores higher, and with one of two digits or more every street
suffix of USPS Publication 28 and road type of AS/NZS 4819 counts ("8657 Ward Gateway", "319 Fox
Wells", "84 Downs Subway"). UK postcodes are checked by shape; US ZIP codes
only next to an address word (five digits are everywhere).

A numbered street takes the rest of its address with it: the parts after it, each after a comma,
that an address line holds (a unit, a town of one to three capitalised words, a region's code, a
postcode, a country): "151, Dunton Road, Billericay, CM12, ENG, United Kingdom", "235 Happy Top
Road, Bailey, CO, 80421", "12 Main St, Springfield, IL 62704". The town and postcode of a street
are the street's address, not a place or a code of their own.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer
from guardian.records import Field, Finding

__all__ = ["AddressRecognizer", "street_words"]

_SUFFIX = (r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Way|Drive|Dr|Boulevard|Blvd|Court|Ct|Place|Pl|Close"
           r"|Crescent|Cres|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy|Row|Grove|Gardens|Hill|Walk|Mews|Strasse"
           r"|Straße|Rue|Via|Calle|Avenida|Circle|Trail|Alley|Park|Green|Rise|View|Vale)")
_WORDS = r"(?:[A-Z][A-Za-z'\-]{1,20} ){1,4}"
# The rest of the street suffixes of USPS Publication 28, Appendix C1 (primary names), where the
# short list above does not have them ("8657 Ward Gateway", "319 Fox Wells"). Many are also plain
# plural nouns ("7 Hills", "5 Great Lakes"), so these need a house number of two digits or more.
USPS_SUFFIXES = (
    "Allee Anex Arcade Bayou Beach Bend Bluff Bluffs Bottom Branch Bridge Brook Brooks Burg Burgs Bypass Camp Canyon "
    "Cape Causeway Center Centers Circles Cliff Cliffs Club Common Commons Corner Corners Course Courts Cove Coves "
    "Creek Crest Crossing Crossroad Crossroads Curve Dale Dam Divide Drives Estate Estates Expressway Extension "
    "Extensions Fall Falls Ferry Field Fields Flat Flats Ford Fords Forest Forge Forges Fork Forks Fort Freeway Garden "
    "Gateway Glen Glens Greens Groves Harbor Harbors Haven Heights Hills Hollow Inlet Island Islands Isle Junction "
    "Junctions Key Keys Knoll Knolls Lake Lakes Land Landing Light Lights Loaf Lock Locks Lodge Loop Mall Manor Manors "
    "Meadow Meadows Mill Mills Mission Motorway Mount Mountain Mountains Neck Orchard Oval Overpass Parks Parkways "
    "Pass Passage Path Pike Pine Pines Plain Plains Plaza Point Points Port Ports Prairie Radial Ramp Ranch Rapid "
    "Rapids Rest Ridge Ridges River Roads Route Run Shoal Shoals Shore Shores Skyway Spring Springs Spur Spurs Squares "
    "Station Stravenue Stream Streets Summit Throughway Trace Track Trafficway Trailer Tunnel Turnpike Underpass "
    "Union Unions Valley Valleys Viaduct Views Village Villages Ville Vista Walks Wall Ways Well Wells"
).split()
# Road types of AS/NZS 4819 (Australia, New Zealand) and the common British ones that neither list
# has, less those that are also everyday nouns after a capitalised word ("52 Week Range", "10 Bill
# Gates", "16 Final Round", "24 Hour Break").
ROAD_TYPES = (
    "Alleyway Amble Approach Arterial Brae Broadway Brow Centre Chase Circuit Circus Concourse Courtyard Croft "
    "Driveway Drove Esplanade Fairway Fold Garth Glade Grange Gully Interchange Laneway Lea Lookout Mead Meander "
    "Outlook Paddock Parade Pathway Promenade Quadrant Quay Quays Ramble Reserve Retreat Ride Serviceway Subway "
    "Thoroughfare Tollway Walkway Wharf Wynd"
    # and the road and locality words of Indian addresses ("167, Verma Chowk", "42 Gandhi Marg", "12 Lajpat Nagar")
    " Marg Chowk Nagar Ganj Colony Sadak Peth Gali Zila Mohalla Bazar Bagh Puram Layout"
).split()
_USPS = "(?:" + "|".join(USPS_SUFFIXES + ROAD_TYPES) + ")"
@functools.lru_cache(maxsize=1)
def street_words() -> frozenset[str]:
    """Every street and road word above, and the words of a flat or a house, lower case: what an
    address names and a product's model ("Colt 6920", "M855") does not."""
    short = _SUFFIX[3:-1].split("|")
    units = "apt apartment suite ste unit flat floor house building block box".split()
    return frozenset(w.lower() for w in (*short, *USPS_SUFFIXES, *ROAD_TYPES, *units))


# Without a house number only unambiguous street words: "the Supreme Court", "Hyde Park" are not addresses.
_STRICT = r"(?:Street|Road|Avenue|Lane|Drive|Boulevard|Crescent|Terrace|Parkway|Highway|Mews|Strasse|Straße)"
# What follows a street in its address, each part after a comma: a unit, a town (one to three
# capitalised words), a UK postcode or its outward code, a ZIP or other postcode, a region's code
# with or without a ZIP ("IL 62704", "ENG"); "I'm" after the town opens the next clause.
_TAIL_PART = (r",[ \t]{1,2}(?:(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Room)\.?[ \t]#?[0-9]{1,5}[A-Z]?"
              r"|[A-Z]{1,2}[0-9][A-Z0-9]?(?:[ \t]?[0-9][A-Z]{2})?|[0-9]{4,6}(?:-[0-9]{4})?"
              r"|[A-Z]{2,3}(?:[ \t][0-9]{5}(?:-[0-9]{4})?)?"
              r"|(?!I['’])[A-Z][a-z'’\-]{1,24}(?:[ \t][A-Z][a-z'’\-]{1,24}){0,2}(?:[ \t][0-9]{5}(?:-[0-9]{4})?)?)(?![\w@])")
_TAIL = re.compile(rf"(?:{_TAIL_PART}){{1,{5}}}")
# The street words written short with a stop ("St.", "Ave."); after any other the stop ends the sentence.
_ABBREVIATED = frozenset("St Rd Ave Ln Dr Blvd Ct Pl Cres Sq Pkwy Hwy".split())


def _without_full_stop(text: str, finding: Finding) -> Finding:
    """ "80 Healy Street." -> "80 Healy Street": the sentence's full stop is no part of the street."""
    if text[finding.end - 1:finding.end] != "." or text[finding.start:finding.end - 1].rsplit(" ", 1)[-1] in _ABBREVIATED:
        return finding
    return dataclasses.replace(finding, end=finding.end - 1)


class AddressRecognizer(PatternRecognizer):
    """Street lines, secondary units and postcodes."""

    name: ClassVar[str] = "address"
    TRIGGER: ClassVar[str | None] = r"[0-9]|" + _STRICT  # a number, or a street word
    entities: ClassVar[tuple[str, ...]] = ("STREET_ADDRESS", "POSTAL_CODE")
    CATEGORY: ClassVar[DataCategory] = DataCategory.POSTAL_ADDRESS
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset({"POSTAL_CODE"})
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("numbered_street", r"(?<![\w])[0-9]{1,5}[A-Za-z]?,? " + _WORDS + _SUFFIX + r"\.?(?![\w])", 0.75),
        # "319 Fox Wells", and an Australian unit before its number: "7/9 Jack Quadrant"
        Pattern("numbered_street_usps", r"(?<![\w/])(?:[0-9]{1,4}/[0-9]{1,5}|[0-9]{2,5})[A-Za-z]?,? " + _WORDS + _USPS
                + r"\.?(?![\w])", 0.75),
        # a house number of one digit where "at" says it is a place ("I'm at 8 Mokorohe Arcade", "from home
        # at 1 Cook-Hardy Approach"), or where something is sent or moved to it ("send anything relevant to
        # 8 Roger Course"): without it "3 Day Pass" and "5 Great Lakes" would be streets
        Pattern("numbered_street_at", r"(?<=\bat )[0-9][A-Za-z]?,? " + _WORDS + _USPS + r"\.?(?![\w])", 0.75),
        Pattern("numbered_street_sent", r"(?i:\b(?:send|sent|ship|shipped|deliver|delivered|mail|mailed|post|posted|forward|"
                r"forwarded|return|returned|relevant|moved|moving)(?:\s{1,3}(?:it|them|this|that|anything|everything|"
                r"letters?|parcels?|post|mail))?\s{1,3}to\s)(?P<v>[0-9][A-Za-z]?,? " + _WORDS + _USPS + r")\.?(?![\w])", 0.75),
        Pattern("street", r"(?<![\w])" + _WORDS + _STRICT + r"(?![\w])", 0.6),
        Pattern("unit", r"(?<![\w])(?:Apt|Apartment|Suite|Ste|Unit|Flat|Bldg|PO Box|P\.O\. Box)\.? #?[0-9]{1,5}[A-Z]?(?![\w])", 0.6),
        # words that also name products and places in a building ("Office 365", "Room 101", "Floor 3"):
        # a unit only beside an address word
        Pattern("unit_word", r"(?<![\w])(?:Floor|Office|Room|Pod|Barracks|Ranch|Building)\.? #?[0-9]{1,5}[A-Z]?(?![\w])", 0.6,
                needs_context=True),
        Pattern("uk_postcode", r"(?<![\w])[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}(?![\w])", 0.65,
                entity="POSTAL_CODE"),
        Pattern("uk_outward", r"(?<=, )[A-Z]{1,2}[0-9]{1,2}[A-Z]?(?=,|$| ?\n)", 0.5, entity="POSTAL_CODE"),
        Pattern("us_zip", r"(?<![\w\-])[0-9]{5}(?:-[0-9]{4})?(?![\w\-])", 0.5, entity="POSTAL_CODE",
                needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("zip", "zipcode", "postcode", "postal", "address", "street", "ave",
                                          "road", "city", "state")

    def scan(self, field: Field) -> list[Finding]:
        found = super().scan(field)
        return [self._with_tail(field.value, _without_full_stop(field.value, f)) for f in found]

    def _with_tail(self, text: str, finding: Finding) -> Finding:
        """A numbered street widened over the rest of its address (see the module docstring)."""
        if finding.entity != "STREET_ADDRESS" or not text[finding.start:finding.start + 1].isdigit():
            return finding
        tail = _TAIL.match(text, finding.end)
        return finding if tail is None else dataclasses.replace(finding, end=tail.end())
