"""GEO_COORDINATE -> Location(precise) or Location(coarse): "lat, lon" pairs in text.

Three decimals or more (about 100 m) locate a person: Location(precise). Fewer say a town or
a district: Location(coarse). Pairs with fewer than three decimals look like prices
("12.99, 14.99"), so they count only next to a location word.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["CoordinatesRecognizer", "PRECISE_DECIMALS"]

PRECISE_DECIMALS = 3

_START = r"(?<![\w.\-])"
_END = r"°?(?![\w]|\.[0-9])"
_NUMBER = re.compile(r"-?([0-9]{1,3})\.([0-9]{1,12})")


def _pair(decimals: str) -> str:
    """A "lat, lon" regex whose numbers have `decimals` ({m,n}) fraction digits."""
    return (
        _START
        + r"-?[0-9]{1,2}\.[0-9]" + decimals + r"°?[ \t]{0,2},[ \t]{0,3}"
        + r"-?[0-9]{1,3}\.[0-9]" + decimals + _END
    )


class CoordinatesRecognizer(PatternRecognizer):
    """Latitude/longitude pairs, in that order, within range."""

    name: ClassVar[str] = "coordinates"
    TRIGGER: ClassVar[str | None] = r"[0-9]"  # every pattern holds a digit
    entities: ClassVar[tuple[str, ...]] = ("GEO_COORDINATE",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.LOCATION_PRECISE
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("precise_pair", _pair("{3,12}"), 0.8),
        Pattern("pair_in_context", _pair("{1,12}"), 0.6, needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "lat", "lon", "lng", "latitude", "longitude", "location", "coordinate", "coord", "gps",
        "geo", "position", "loc", "near", "latlng", "latlon",
    )

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """Latitude within 90, longitude within 180, and not the 0, 0 placeholder."""
        numbers = [float(m.group()) for m in _NUMBER.finditer(text)]
        if len(numbers) != 2:
            return False
        lat, lon = numbers
        if abs(lat) > 90 or abs(lon) > 180 or (lat == 0 and lon == 0):
            return False
        return None

    def category_for(self, entity: str, text: str) -> DataCategory:
        decimals = min((len(m.group(2)) for m in _NUMBER.finditer(text)), default=0)
        if decimals >= PRECISE_DECIMALS:
            return DataCategory.LOCATION_PRECISE
        return DataCategory.LOCATION_COARSE
