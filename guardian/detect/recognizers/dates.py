"""Dates and times in prose -> DATE_TIME (quasi); next to "born"/"birth"/"DOB" -> DATE_OF_BIRTH.

The birth word stands before the date ("born 3 May 1961", "D.O.B. 7/9/67", "b. 1/2/1990") or
names it right after it ("19/12/1954 is my date of birth", "7 Sept 1967 (DOB)").

Only natural-language values: a JSON timestamp is a clock reading, not a fact about a person.
A date of birth is a quasi-identifier (with a postcode and gender it singles out most people).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer
from guardian.records import Field, Finding

__all__ = ["DateRecognizer"]

_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
          r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
_ORD = r"(?:st|nd|rd|th)?"
_B = r"(?<![\w/.:\-])"
# "b." right before a date is "born" ("Jane Roe (b. 3 May 1961)", "Profile — b. 1/2/1990")
_BORN_ABBREVIATION = re.compile(r"(?:^|[\s(\[—–,;:-])b\.\s{0,2}$")
# A birth word in the window before a date: "born", a birth date's noun or label, "DOB" with or
# without its dots; not birth as a topic ("birth rates between 1990 and 2000", "birth control")
_BIRTH_BEFORE = re.compile(r"(?<!stub)born\b|\b(?:date|day|year|place)\s{1,3}of\s{1,3}birth\b|\bbirth\s?(?:date|day|year)s?\b"
                           r"|\bbirth\s{0,2}[:=]|\bd\.?o\.?b\b|\bb['’]?day\b", re.I)
# A birth noun that names the date right after it: "... is my date of birth", "(DOB)", ", my birthday"
_BIRTH_AFTER = re.compile(r"\s{0,3}[)\],]?\s{0,3}(?:[—–-]\s{0,3})?(?:(?:is|was|being|=)\s{1,3})?"
                          r"(?:(?:my|our|his|her|their)\s{1,3})?[(]?(?:(?:date|day)\s{1,3}of\s{1,3}birth|birth\s?(?:date|day)|"
                          r"d\.?o\.?b\b\.?)", re.I)
# Someone else's birthday, told of a third person: "Amaretta's birthday", "her brother Enzo's
# birthday", "his birthday" (not "my son Enzo's birthday", "Mum's birthday": the writer's people)
_OTHERS_BIRTH = re.compile(r"\b(?:(?P<pronoun>[Hh]is|[Hh]er|[Tt]heir)|(?P<name>[A-Z][a-z'’\-]{1,20})['’]s)\s{1,3}$")
_MY_BEFORE = re.compile(r"\b(?:my|our)\s{1,3}(?:[\w\-]{1,20}\s{1,3}){0,2}$", re.I)
_KIN_WORDS = frozenset("mum mom mam mummy mommy dad daddy grandma grandpa granny gran nana nan grandad grandmother "
                       "grandfather mother father auntie aunt uncle".split())
_E = r"(?![\w/]|[:.][0-9])"  # a colon that ends a clause ends the date ("born 23/12/1990: ..."); "10:30" goes on


class DateRecognizer(PatternRecognizer):
    """Calendar dates, month names with day or year, clock times, years and durations."""

    name: ClassVar[str] = "dates"
    entities: ClassVar[tuple[str, ...]] = ("DATE_TIME", "DATE_OF_BIRTH")
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("numeric", _B + r"[0-9]{1,4}[/.\-][0-9]{1,2}[/.\-][0-9]{2,4}(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2})?)?" + _E, 0.6),
        Pattern("day_month_year", _B + r"[0-9]{1,2}" + _ORD + r"(?: of)? " + _MONTH + r"\.?(?:,? [0-9]{2,4})?" + _E, 0.6),
        Pattern("month_day_year", _B + _MONTH + r"\.? [0-9]{1,2}" + _ORD + r"(?:,? [0-9]{4})?" + _E, 0.55),
        Pattern("month_year", _B + _MONTH + r"(?:/| |, )(?:[0-9]{4}|[0-9]{2})" + _E, 0.55),
        Pattern("time", _B + r"[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?: ?[ap]\.?m\.?)?" + _E, 0.45, flags=re.I),
        Pattern("time_ampm", _B + r"[0-9]{1,2} ?[ap]\.?m\.?(?![\w])", 0.45, flags=re.I),
        # A bare hour after a time preposition: "kick off at 17 on Monday", "open until 19."
        Pattern("bare_hour", r"(?<![\w])(?:at|until|till|before|after|from|by|around) (?P<v>(?:[01]?[0-9]|2[0-4]))"
                r"(?= ?(?:o'clock|h\b|hrs\b)|[ ]?[.,;!?)\]](?![0-9])| on | sharp\b|$)", 0.4),
        Pattern("year", _B + r"(?:in|since|from|until|of|between|and|to|year|,) (?P<v>(?:19|20)[0-9]{2})" + _E, 0.4),
        Pattern("duration", _B + r"[0-9]{1,3} (?:years?|months?|weeks?|days?)(?![\w])", 0.4),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("born", "birth", "dob", "birthday", "birthdate", "bday")

    def _text_has_context(self, text: str, start: int) -> bool:
        return super()._text_has_context(text, start) or _BORN_ABBREVIATION.search(text, max(0, start - 8), start) is not None \
            or _BIRTH_BEFORE.search(text, max(0, start - self.CONTEXT_WINDOW), start) is not None

    def scan(self, field: Field) -> list[Finding]:
        """As every pattern recogniser's, with the context boost for a birth noun after the date too:
        "19/12/1954 is my date of birth" is as sure as "born 19/12/1954"."""
        found = super().scan(field)
        return [replace(f, score=round(min(1.0, f.score + self.CONTEXT_BOOST), 4))
                if f.entity == "DATE_OF_BIRTH" and _BIRTH_AFTER.match(field.value, f.end)
                and not self._text_has_context(field.value, f.start) else f for f in found]

    def entity_for(self, pattern: Pattern, match: re.Match[str]) -> str:
        text = match.string
        if pattern.name in ("time", "time_ampm", "duration", "bare_hour"):
            return "DATE_TIME"
        before = text[max(0, match.start() - self.CONTEXT_WINDOW) : match.start()]
        birth = None
        for birth in _BIRTH_BEFORE.finditer(before):
            pass
        if birth is not None and _others_birth(before[: birth.start()]):
            return "DATE_TIME"  # "Amaretta's birthday is July 27": a story's character's, no one's date of birth
        if birth is not None or _BORN_ABBREVIATION.search(before) or _BIRTH_AFTER.match(text, match.end()):
            return "DATE_OF_BIRTH"
        return "DATE_TIME"

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name == "numeric":
            parts = re.split(r"[/.\-T]", text)
            if not all(p.isdigit() for p in parts[:3]):
                return False
            nums = [int(p) for p in parts[:3]]
            if len(parts[0]) == 4:  # ISO
                return None if 1 <= nums[1] <= 12 and 1 <= nums[2] <= 31 else False
            return None if 1 <= nums[0] <= 31 and 1 <= nums[1] <= 31 and (nums[0] <= 12 or nums[1] <= 12) else False
        if pattern.name == "time":
            h, m = text.split(":")[:2]
            return None if int(h) <= 23 and int(m[:2]) <= 59 else False
        return None


def _others_birth(before: str) -> bool:
    """Whether the birth word after `before` is a third person's: "his", "her", "their" or a name's
    possessive, with no "my"/"our" before it and no kin word of the writer's ("Mum's")."""
    m = _OTHERS_BIRTH.search(before)
    if m is None:
        return False
    return not _MY_BEFORE.search(before, 0, m.start()) and (m.group("name") or "").lower() not in _KIN_WORDS
