"""Towns in English prose by name -> Location(coarse), a quasi-identifier.

The country and large-city gazetteer (`places.py`) and the NER model know the places people ask
about; a writer's home town is mostly a small one ("I'm from Kettering originally", "Our quiz team
from Dhanbad", "Rainy day here in Kilmarnock"). GeoNames' populated places of at least 1,000
people (`guardian/detect/towns.py`) name it, where an English preposition of where one is or comes
from stands right before it ("in", "from", "near", "outside"; not "to": a trip's town is its
topic), or the writer's word for their place and a comma, "is" or "of" ("my hometown, Tauranga"),
or it is said to be that place ("Dunedin has been my home for years").
Whose it is, the writer's or the world's, the prompt filter decides as for any place (`subject.py`).
A month or a weekday ("in May", "from Monday") is never a town here, nor a town in a clause that
asks ("Can I write a game in Rust?": the question's topic), nor one with a version number after it
("in Oracle 10": a product's).
"""

from __future__ import annotations

import calendar
import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer
from guardian.detect.towns import load_towns, town_end

__all__ = ["TownRecognizer", "asked"]

_CALENDAR = frozenset(calendar.month_name[1:]) | frozenset(calendar.day_name)


# Where a clause ends; a town in a clause that ends asking is what the question is about ("Can I
# write a game in Rust?", "How do I count lines in Perl?"), not where the writer is
_CLAUSE_END = re.compile(r"[.!?,;:\n]")
CLAUSE_LOOKAHEAD = 200


def asked(text: str, end: int) -> bool:
    """Whether the clause holding text[..end] ends with a question mark."""
    m = _CLAUSE_END.search(text, end, end + CLAUSE_LOOKAHEAD)
    return m is not None and m.group() == "?"


# A version after the name ("in Oracle 10", "in Java 8"): a product's, not a town's (a postcode has more digits)
_VERSION_AFTER = re.compile(r"[ \t]{1,2}\d{1,2}(?:\.\d{1,3}){0,3}(?![\w.])")


class TownRecognizer(PatternRecognizer):
    """A known town right after a preposition of place (module docstring)."""

    name: ClassVar[str] = "towns"
    entities: ClassVar[tuple[str, ...]] = ("LOCATION",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.LOCATION_COARSE
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)
    # the span is the capitalised word after the preposition; `match_span` widens or drops it
    # by the town list
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("town", r"(?<![\w'’\-])(?:in|from|near|outside|around)[ \t]{1,3}(?P<v>[A-Z][^\W\d_]{1,30})(?!\w)",
                0.45),
        # where one moves to live: "We moved to Bozeman last year", "since relocating to Aarhus" (a
        # move's "to", unlike a trip's, names a home)
        Pattern("moved-to", r"(?<![\w'’\-])(?i:moved|moving|relocated|relocating|emigrated|emigrating)[ \t]{1,3}"
                            r"(?i:(?:back|over|out|here|down|up)[ \t]{1,3})?(?i:to)[ \t]{1,3}(?P<v>[A-Z][^\W\d_]{1,30})(?!\w)", 0.45),
        # the town one was born and raised in, before its words: "Halifax born and bred"
        Pattern("born-and-bred", r"(?<![\w'’\-])(?P<v>[A-Z][^\W\d_]{1,30})(?:[ \t][A-Z][^\W\d_]{1,30}){0,2}"
                                 r"(?=[ \t]{1,3}(?i:born[ \t]{1,3}and[ \t]{1,3}(?:bred|raised))\b)", 0.7),  # above a name model's guess
        # the writer's own place named after its word: "my hometown, Tauranga", "our village of Ambleside"
        Pattern("named-home", r"(?i:\b(?:my|our)[ \t]{1,3}(?:home[ \t]?town|home|town|village|city|suburb)"
                              r"(?:[ \t]{0,2},|[ \t]{1,3}(?:is|of)))[ \t]{1,3}(?P<v>[A-Z][^\W\d_]{1,30})(?!\w)", 0.45),
        # ... or before it: "Dunedin has been my home for years", "Tauranga is our home town", "Meerut is
        # home for me"
        Pattern("home-named", r"(?<![\w'’\-])(?P<v>[A-Z][^\W\d_]{1,30})(?:[ \t][A-Z][^\W\d_]{1,30}){0,2}"
                              r"(?=[ \t]{1,3}(?:is|was|has[ \t]{1,3}been)[ \t]{1,3}(?:(?:my|our)[ \t]{1,3}"
                              r"(?:home|home[ \t]?town|town|village|city)\b|home[ \t]{1,3}(?:for|to)[ \t]{1,3}(?:me|us)\b))", 0.45),
    )

    def warm(self) -> None:
        """Read the town list now, not on the first value."""
        load_towns()

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        start = match.start("v")
        if match.group("v") in _CALENDAR:
            return None
        end = town_end(match.string, start)
        if end is None or asked(match.string, end) or _VERSION_AFTER.match(match.string, end):
            return None
        return start, end
