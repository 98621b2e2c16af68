"""Countries and large cities in prose -> Location(coarse), a quasi-identifier.

A gazetteer backs up NER, which misses places in lists and lower-cased text. Where a place sits
inside a street address or next to coordinates, those recognisers win (longer, higher score).
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.detect._wordlist import word_alternation
from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["PlaceRecognizer", "COUNTRIES", "CITIES"]

COUNTRIES = (
    "Afghanistan Albania Algeria Andorra Angola Argentina Armenia Australia Austria Azerbaijan Bahamas Bahrain "
    "Bangladesh Barbados Belarus Belgium Belize Benin Bhutan Bolivia Bosnia Botswana Brazil Brunei Bulgaria "
    "Burundi Cambodia Cameroon Canada Chad Chile China Colombia Congo Croatia Cuba Cyprus Czechia Denmark "
    "Djibouti Dominica Ecuador Egypt England Eritrea Estonia Eswatini Ethiopia Fiji Finland France Gabon Gambia "
    "Georgia Germany Ghana Greece Grenada Guatemala Guinea Guyana Haiti Honduras Hungary Iceland India Indonesia "
    "Iran Iraq Ireland Israel Italy Jamaica Japan Jordan Kazakhstan Kenya Kiribati Kosovo Kuwait Kyrgyzstan Laos "
    "Latvia Lebanon Lesotho Liberia Libya Liechtenstein Lithuania Luxembourg Madagascar Malawi Malaysia Maldives "
    "Mali Malta Mauritania Mauritius Mexico Micronesia Moldova Monaco Mongolia Montenegro Morocco Mozambique "
    "Myanmar Namibia Nauru Nepal Netherlands Nicaragua Niger Nigeria Norway Oman Pakistan Palau Palestine Panama "
    "Paraguay Peru Philippines Poland Portugal Qatar Romania Russia Rwanda Samoa Scotland Senegal Serbia "
    "Seychelles Singapore Slovakia Slovenia Somalia Spain Sudan Suriname Sweden Switzerland Syria Taiwan "
    "Tajikistan Tanzania Thailand Togo Tonga Tunisia Turkey Türkiye Turkmenistan Tuvalu Uganda Ukraine Uruguay "
    "Uzbekistan Vanuatu Venezuela Vietnam Wales Yemen Zambia Zimbabwe"
).split() + [
    "United Kingdom", "United States", "United States of America", "Great Britain", "Northern Ireland",
    "New Zealand", "South Africa", "South Korea", "North Korea", "Saudi Arabia", "Sri Lanka", "Costa Rica",
    "El Salvador", "Czech Republic", "Dominican Republic", "Ivory Coast", "Hong Kong", "Puerto Rico",
    "Trinidad and Tobago", "United Arab Emirates", "Sierra Leone", "Burkina Faso", "North Macedonia",
    "UK", "USA", "U.S.", "UAE", "GB",
]
CITIES = (
    "London Paris Berlin Madrid Rome Milan Lisbon Porto Dublin Amsterdam Rotterdam Brussels Vienna Prague "
    "Warsaw Krakow Budapest Bucharest Sofia Athens Istanbul Ankara Izmir Moscow Kyiv Kiev Minsk Riga Vilnius "
    "Tallinn Helsinki Stockholm Oslo Copenhagen Zurich Geneva Munich Hamburg Frankfurt Cologne Stuttgart "
    "Barcelona Valencia Seville Marseille Lyon Nice Toulouse Naples Turin Florence Venice Edinburgh Glasgow "
    "Manchester Birmingham Liverpool Leeds Bristol Sheffield Newcastle Cardiff Belfast Nottingham Leicester "
    "Oxford Cambridge Reading Brighton Southampton York Bradford Coventry Aberdeen Dundee Tokyo Osaka Kyoto "
    "Seoul Beijing Shanghai Shenzhen Guangzhou Taipei Bangkok Singapore Jakarta Manila Hanoi Delhi Mumbai "
    "Bangalore Bengaluru Chennai Kolkata Hyderabad Karachi Lahore Dhaka Dubai Doha Riyadh Tehran Baghdad "
    "Cairo Lagos Nairobi Johannesburg Casablanca Tunis Algiers Accra Sydney Melbourne Brisbane Perth "
    "Auckland Wellington Toronto Montreal Vancouver Ottawa Calgary Chicago Boston Seattle Houston Dallas Austin "
    "Denver Phoenix Atlanta Miami Philadelphia Detroit Portland Baltimore Washington Brooklyn Manhattan "
    "Bogota Lima Santiago Caracas Havana"
).split() + ["Mexico City", "Buenos Aires", "Sao Paulo", "São Paulo", "Rio de Janeiro", "New York", "Los Angeles", "San Francisco", "San Diego", "San Jose", "Las Vegas", "New Orleans",
             "Hong Kong", "Cape Town", "Tel Aviv", "Kuala Lumpur", "Ho Chi Minh City", "St Petersburg", "Saint Petersburg"]


def _alternation(names: list[str]) -> str:
    return word_alternation(names)


class PlaceRecognizer(PatternRecognizer):
    """Country and city names (case-sensitive: "reading" is not Reading)."""

    name: ClassVar[str] = "places"
    entities: ClassVar[tuple[str, ...]] = ("LOCATION",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.LOCATION_COARSE
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("country", r"(?<![\w])(?:" + _alternation(COUNTRIES) + r")(?![\w])", 0.5),
        Pattern("city", r"(?<![\w])(?:" + _alternation(CITIES) + r")(?![\w])", 0.45),
    )
