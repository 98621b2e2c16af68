"""A writer who types a name in lower case: their town and their employer -> Location(coarse), Contact.

Many people type without capitals ("grew up in moose jaw", "amazon employee here", "my job at
target has me ..."). The readers of names (the NER model, the prose tagger, the town list, the
self-disclosure cues) look for capitals, so such a name passes while the same sentence with "Moose
Jaw" is caught. This reader takes the writer's own cues of home and work, case-blind, and what
follows them in lower case, where something other than a capital says it is a name:

- **a town**: the words, title-cased, are a populated place in GeoNames (`detect/towns.py`), and a
  single word is rare in English (wordfreq's Zipf below `RARE_WORD_ZIPF`: "tralee", not "reading"
  or "bath", which are words first);
- **an employer**: English grammar. A singular noun after "at"/"for" needs an article ("my job at
  a bank"), so a bare word there is a name ("my job at target"), unless it is one of the nouns
  English uses bare for where one is or when ("at home", "at school", "at night": `_BARE_NOUNS`).
  Before "employee here" grammar says nothing ("hospital employee here", "grad student here"):
  there the name is a word rare in English ("tesco") or one written often in nearly every language
  the detector reads (`_frequency.worldwide`: a brand, "amazon"), and no kind of worker or student.

The cues are first person, so whose it is needs no other judge. Only natural-language text, English
cues; every quantifier bounded.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._english import stop_words
from guardian.detect._frequency import worldwide, zipf
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer
from guardian.detect.recognizers.self_disclosure import ROLE_MODIFIERS
from guardian.detect.towns import is_town, load_towns

__all__ = ["LowerCaseRecognizer"]

COMMON_IN_NAME = 4.5  # a word after the first this common is the sentence's ("think", "says"), not the name's ("depot")
RARE_WORD_ZIPF = 3.0  # once in a million English words: below it a lone word is no word of the dictionary
_S = r"[ \t]{1,3}"
_LOWER_WORD = r"[a-z][a-z'’\-]{1,30}"
# Up to three lower-case words, ended by punctuation, the text's end or the next word (the span is cut
# to the name in `match_span`)
_RUN = rf"(?P<v>{_LOWER_WORD}(?:{_S}{_LOWER_WORD}){{0,2}})"
_I_AM = r"(?:\bi['’]?m|\bi{_S}am|\bim)".replace("{_S}", _S)
_HOME_CUE = (rf"(?i:\bi{_S}grew{_S}up{_S}in|(?:^|(?<=[.!?;:(\n\-–—])[ \t]{{0,3}})grew{_S}up{_S}in|"
             rf"{_I_AM}{_S}(?:originally{_S})?from|\b(?:i['’]?m{_S}|i{_S}am{_S})?originally{_S}from|\bi{_S}live{_S}in|"
             rf"{_I_AM}{_S}(?:based|living){_S}in|\bi{_S}was{_S}(?:born|raised)(?:{_S}and{_S}(?:raised|bred))?{_S}in|"
             rf"\bi{_S}(?:just{_S}|recently{_S})?moved{_S}to|\bmy{_S}home{_S}?town{_S}(?:is|was)|\bback{_S}home{_S}in)")
_WORK_CUE = (rf"(?i:\bmy{_S}(?:job|shift|internship|work){_S}at|"
             rf"\b(?:my|our){_S}(?:manager|boss|supervisor|coworkers?|co-workers?|colleagues?|team|store|branch|department){_S}at|\bi{_S}(?:work|worked|intern|interned|volunteer){_S}(?:at|for)|"
             rf"{_I_AM}{_S}employed{_S}(?:at|by)|\bi['’]ve{_S}been{_S}working{_S}(?:at|for)|{_I_AM}{_S}working{_S}(?:at|for))")
# Where the writer studies: "I go to lincoln high school", "an assignment at manchester grammar school"
_SCHOOL_CUE = (rf"(?i:\bi{_S}(?:go|went){_S}to|\bi{_S}attend(?:ed)?|\b(?:assignment|assingment|homework|seminar|class|"
               rf"lecture|exam|quiz|course|module|project|worksheet|essay|tutorial){_S}(?:at|for)|"
               rf"\b(?:student|pupil|freshman|sophomore){_S}at)")
# ... a run of lower-case words that ends with the word for a school ("lincoln high school", "king's
# college"), and a town after it that GeoNames knows ("king's college london")
_SCHOOL_RUN = (rf"(?P<v>(?:{_LOWER_WORD}{_S}){{0,4}}?(?:school|college|university|uni|academy|institute|polytechnic)"
               rf"(?P<town>{_S}[a-z]{{3,20}})?)\b")
# A name opening its sentence, then the writer's role there: "amazon employee here, ..."
_ROLE_HERE = (r"(?i:employee|staffer|worker|intern|contractor|cashier|associate|barista|student|undergrad|alum|"
              r"freshman|sophomore)")
# Nouns English puts bare after "at"/"for" ("at home", "at work", "at school", "at night", "for now"),
# and words of time or manner that stand there
_BARE_NOUNS = frozenset({
    "home", "work", "school", "college", "uni", "university", "church", "hospital", "sea", "night", "nights",
    "noon", "midnight", "dawn", "dusk", "lunch", "lunchtime", "dinner", "breakfast", "weekends", "weekend",
    "present", "random", "times", "least", "most", "best", "first", "last", "once", "full", "length", "heart",
    "ease", "peace", "risk", "scale", "speed", "large", "free", "cost", "fault", "hand", "war", "rest", "play",
    "court", "camp", "bedtime", "sunrise", "sunset", "christmas", "easter", "office", "hq", "headquarters",
    "myself", "yourself", "now", "today", "tonight", "tomorrow", "yesterday", "years", "months", "weeks", "days",
    "hours", "ages", "life", "minimum", "maximum", "min", "max", "pleasure", "will", "me", "us", "them", "you",
    "him", "her", "cash", "money", "food", "pay", "hire", "tips", "nothing", "anything", "something", "everything",
})
_SEASONS = frozenset({"summer", "winter", "spring", "autumn", "fall", "holiday", "weekend", "evening", "morning"})
# Words that end the name: a verb or adverb of the sentence after it ("target has me", "bombay today")
_NOT_IN_NAME = frozenset({"today", "tonight", "now", "since", "until", "for", "and", "but", "so", "as", "when",
                          "where", "while", "because", "though", "although", "then", "too", "also", "here", "there",
                          "lately", "currently", "again", "yesterday", "tomorrow", "anymore", "years", "months"})


class LowerCaseRecognizer(PatternRecognizer):
    """A town or employer typed in lower case after the writer's own cue (module docstring)."""

    name: ClassVar[str] = "lower_case"
    entities: ClassVar[tuple[str, ...]] = ("LOCATION", "ORGANIZATION")
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)
    # every pattern needs one of these words; most text skips the patterns
    TRIGGER: ClassVar[str | None] = r"(?i:\b(?:grew|from|live|based|living|born|raised|moved|home|job|shift|work|worked|" \
                                    r"manager|boss|supervisor|coworkers?|co-workers?|colleagues?|team|store|branch|department|" \
                                    r"go|went|attend|attended|assignment|assingment|homework|seminar|class|lecture|exam|quiz|" \
                                    r"course|module|project|worksheet|essay|tutorial|pupil|" \
                                    r"working|intern|interned|volunteer|employed|employee|staffer|worker|contractor|" \
                                    r"cashier|associate|barista|student|undergrad|alum|freshman|sophomore|internship)\b)"
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("home", rf"{_HOME_CUE}{_S}{_RUN}", 0.75, "LOCATION"),
        Pattern("work", rf"{_WORK_CUE}{_S}{_RUN}", 0.75, "ORGANIZATION"),
        Pattern("school", rf"{_SCHOOL_CUE}{_S}{_SCHOOL_RUN}", 0.75, "ORGANIZATION"),
        Pattern("role_here", rf"(?:^|(?<=[.!?\n])[ \t]{{0,3}}|(?<=[.!?][ \t]))[ \t]{{0,3}}"
                            rf"(?P<v>{_LOWER_WORD}(?:[ \t]{_LOWER_WORD}){{0,2}}){_S}{_ROLE_HERE}{_S}(?i:here)\b", 0.75,
                "ORGANIZATION"),
    )

    def warm(self) -> None:
        """Read the town list now, not on the first value."""
        load_towns()

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        start = match.start("v")
        words = [(m.start(), m.end()) for m in re.finditer(r"[^ \t]{1,31}", match.group("v"))]
        if pattern.name == "home":
            return _town(match.string, start, words)
        if pattern.name == "school":
            return _school(match)
        return _employer(match.string, start, words, whole=pattern.name == "role_here")

    def category_for(self, entity: str, text: str) -> DataCategory:
        return DataCategory.LOCATION_COARSE if entity == "LOCATION" else DataCategory.CONTACT


def _town(text: str, start: int, words: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The longest run of the words (from the first) that, title-cased, is a town; a lone word only
    where it is rare in English."""
    if not words or text[start + words[0][0]:start + words[0][1]] in stop_words():
        return None
    for count in range(len(words), 0, -1):
        end = start + words[count - 1][1]
        name = text[start:end]
        if not is_town(name.title()):
            continue
        if count == 1 and zipf(name, "en") >= RARE_WORD_ZIPF:
            return None  # "i live in reading": the word before the town
        return start, end
    return None


def _school(match: re.Match[str]) -> tuple[int, int] | None:
    """The school's name: the run, less a town after it that GeoNames does not know, and none that
    is only the word for a school ("i go to school")."""
    start, end = match.span("v")
    if match.group("town") is not None and not is_town(match.group("town").strip().title()):
        end = match.start("town")
    name = [w.lower() for w in match.string[start:end].split()]
    if len(name) < 2 or name[0] in stop_words() or name[0] in _BARE_NOUNS \
            or all(w in _SCHOOL_KINDS or w in ROLE_MODIFIERS for w in name[:-1]):
        return None  # "at high school", "to law school": a kind of school, not its name
    return start, end


# Words for a kind of school, not a school's name ("high school", "grammar school", "community college")
_SCHOOL_KINDS = frozenset("high secondary primary middle grammar elementary junior senior boarding law medical "
                          "business art arts drama music nursing community technical dental film cooking driving "
                          "language sixth form summer night sunday".split())


def _employer(text: str, start: int, words: list[tuple[int, int]], *, whole: bool) -> tuple[int, int] | None:
    """The name's words: up to the first that belongs to the sentence (a stop word, a word of time);
    none where the first is a noun English uses bare there ("at home"). `whole`: all the words
    are the name (they stand before the role), none may be cut."""
    stops = stop_words()
    kept: list[tuple[int, int]] = []
    for a, b in words:
        word = text[start + a:start + b].lower()
        if word in stops or word in _NOT_IN_NAME:
            if whole:
                return None
            break
        if kept and not whole and zipf(word, "en") >= COMMON_IN_NAME:
            break  # "my coworkers at sainsbury's think ...": the sentence's verb, not the name's
        kept.append((a, b))
    if not kept:
        return None
    first = text[start + kept[0][0]:start + kept[0][1]].lower()
    if first in _BARE_NOUNS and len(kept) == 1:
        return None
    if whole:
        name = [text[start + a:start + b].lower() for a, b in kept]
        if any(w in ROLE_MODIFIERS or w in _SEASONS for w in name):
            return None  # "grad student here", "summer intern here": a kind of student or worker
        if not any(zipf(w, "en") < RARE_WORD_ZIPF for w in name) and not (len(name) == 1 and worldwide(name[0])):
            return None  # "hospital employee here": a workplace, not its name
    return start + kept[0][0], start + kept[-1][1]
