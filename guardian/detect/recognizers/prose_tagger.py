"""Private names, places, organisations and dates in prose, from the prose tagger (MiniLM + head).

The alternative to `NerRecognizer` (spaCy): the same entities, the same categories, but a model
trained to leave public things alone ("who was Abraham Lincoln", "what to see in Paris", Python,
SSN) and to tag the writer's and private people's details ("I live in Paris", "Ines Moreau asked
to be called back"). See guardian/detect/prose_tagger.py for the model and
`registry.default_recognizers(prose="tagger")` for how it replaces NER. Like NER it reads only
values that read as prose (`is_natural_text`) and only their first `MAX_CHARS` characters; the
model loads once per process. Everything but PERSON and a street address is a quasi-identifier.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from guardian.categories import DataCategory as C
from guardian.detect._english import model_english_words
from guardian.detect._text import is_natural_text
from guardian.detect.base import ENGLISH_ONLY, Recognizer
from guardian.detect.prose_tagger import ProseTagger, TaggedEntity, load_tagger
from guardian.errors import cut_by_exit
from guardian.detect.recognizers.multilingual_disclosure import function_words_only
from guardian.detect.recognizers.towns import asked

if TYPE_CHECKING:
    from guardian.detect._english import EnglishWords
    from guardian.detect.disclosure_tagger import DisclosureTagger
from guardian.detect.whose import SubjectJudge, load_judge
from guardian.errors import ConfigError
from guardian.records import Field, Finding

__all__ = ["ProseTaggerRecognizer"]

log = logging.getLogger(__name__)

_DIGIT = re.compile(r"[0-9]")
_LETTER = re.compile(r"[^\W\d_]")
# A word of a name next to a tagged one: a capitalised word or an initial ("Frederic S. Mishkin"),
# one space between. The tagger often tags only the surname; the given name kept beside a
# pseudonym still says who it is, and a cue before the whole name ("in the style of Don
# DeLillo") is only seen from the name's first word.
_NAME_WORD_BEFORE = re.compile(r"(?:^|(?<=\s))([A-Z][\w'’\-]{0,30}|[A-Z]\.) $")
_NAME_WORD_AFTER = re.compile(r" ([A-Z][\w'’\-]{0,30})(?![\w'’\-])")
# Sentence-opening and function words that are capitalised without being part of a name.
_NOT_NAME_WORDS = frozenset(
    "A An The My Our Your His Her Their Its Dear Hi Hello Hey Thanks I Is Was Are Were When Where Who What Why How "
    "Which Please Ask Tell Write Explain Describe Give Make Name In On At Of For From To By With And Or But If So "
    "Mr Mrs Ms Dr Prof Sir".split()
)
_ARTICLE = re.compile(r"(?:the|The)\s{1,3}(?=[A-Z])")
# A pronoun's contraction ("I'm Nigerian", "I'd", "It's") opens a clause; it is never a word of a name.
_CONTRACTION = re.compile(r"(?:I|We|You|He|She|It|They|That|There|Here|What|Who)['’](?:m|d|ll|ve|re|s)", re.I)
_MAX_NAME_WORDS = 4
# The kind of an institution, closing its name: "Oakwood Primary", "Georgia Tech", "Hartfield
# Holdings". The model may end the name before it or call it a place of its own; it is the name's
# last word. ("University", "College", "School" and "Bank" are left to the model: a name it ends
# before them is one it knows, which a question about the world names, "Carnegie Mellon University".)
_INSTITUTION_TAIL = frozenset({
    "primary", "elementary", "grammar", "high", "secondary", "academy", "tech", "polytechnic", "infirmary", "clinic",
    "holdings", "partners", "associates", "labs", "ltd", "inc", "llc", "plc",
})


class ProseTaggerRecognizer(Recognizer):
    """The prose tagger on natural-language values, mapped to the entities NER reports."""

    name: ClassVar[str] = "prose_tagger"
    costly: ClassVar[bool] = True
    # English only: trained on English prose
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    # tagger class -> (entity as NER names it, AMRSF category, quasi-identifier)
    MAPPING: ClassVar[dict[str, tuple[str, C, bool]]] = {
        "PERSON": ("PERSON", C.CONTACT, False),
        "LOCATION": ("LOCATION", C.LOCATION_COARSE, True),
        "ORGANIZATION": ("ORGANIZATION", C.CONTACT, True),  # employer, school, bank of a person
        "DATE": ("DATE_TIME", C.CONTACT, True),
    }
    # A place with a house number or postcode in it is a street address, not a town.
    ADDRESS: ClassVar[tuple[str, C, bool]] = ("STREET_ADDRESS", C.POSTAL_ADDRESS, False)
    entities: ClassVar[tuple[str, ...]] = ("PERSON", "LOCATION", "ORGANIZATION", "DATE_TIME", "STREET_ADDRESS")
    MAX_CHARS: ClassVar[int] = 10_000  # as NerRecognizer: what one value costs stays bounded
    # Model guesses lose to a regex, a checksum or a labelled value on overlapping spans, as NER's
    # do (NerRecognizer.SCORE_SCALE): a word probability of 0.9 scores 0.59.
    SCORE_SCALE: ClassVar[float] = 0.65

    def __init__(self, tagger: ProseTagger | None = None, *, weights: str | Path | None = None) -> None:
        self.available = True
        if tagger is None:
            try:
                tagger = load_tagger(weights)
            except ConfigError as e:
                # Run without it rather than refuse to start (as NerRecognizer does); a warning,
                # since mitmproxy exits on an error logged during start-up.
                log.warning("prose tagger disabled, prose is read by the patterns only: %s", e)
                self.available = False
        self._tagger = tagger

    def warm(self) -> None:
        """Load the MiniLM encoder now (a background thread at start), not on the first value."""
        if self._tagger is not None:
            _dictionary()  # the place guesses' dictionary, read once
            from guardian.detect.wordnet_health import warm as warm_health_words

            warm_health_words()  # the disclosure heads' health senses (`subject.py`)
            try:
                self._tagger.warm()
            except Exception as e:  # noqa: BLE001 - a failed warm-up leaves the first value to load it (and report)
                if cut_by_exit(e):  # the process ended while the model loaded: nothing is wrong
                    log.debug("prose tagger: the encoder load stopped at exit: %s", e)
                    return
                log.warning("prose tagger could not load its encoder: %s", e)

    def judge(self) -> SubjectJudge | None:
        """The subject judge over this tagger's encoder (`whose.py`), or None without weights."""
        return load_judge(self._tagger.encoder) if self.available and self._tagger is not None else None

    def discloser(self) -> DisclosureTagger | None:
        """The disclosure tagger over this tagger's encoder (`disclosure_tagger.py`), or None."""
        from guardian.detect.disclosure_tagger import load_disclosure_tagger

        return load_disclosure_tagger(self._tagger.encoder) if self.available and self._tagger is not None else None

    def reads(self, value: str) -> bool:
        """Whether the tagger runs on this value at all."""
        return self.available and is_natural_text(value)

    def analyze(self, field: Field) -> list[Finding]:
        if not self.reads(field.value) or self._tagger is None:
            return []
        text = field.value[: self.MAX_CHARS]
        found = [f for f in (self._finding(field, text, e) for e in self._tagger.tag(text)) if f is not None]
        # a word the model read apart that an organisation's name took in ("Primary" of "Oakwood Primary")
        found = [f for f in found if not any(o is not f and o.entity == "ORGANIZATION" and o.start <= f.start
                                             and f.end <= o.end and o.end - o.start > f.end - f.start for o in found)]
        return found + _place_guesses(field, text, found)

    def _finding(self, field: Field, text: str, entity: TaggedEntity) -> Finding | None:
        mapped = self.MAPPING.get(entity.label)
        if mapped is None or (entity.label != "DATE" and not _LETTER.search(text[entity.start : entity.end])):
            return None  # a name or a place has letters; a bare number is a date or nothing
        if function_words_only(text[entity.start : entity.end], "en"):
            return None  # "the" of "the Truvada": no name, and a pseudonym for it would replace every "the"
        if entity.label in ("ORGANIZATION", "LOCATION") and not any(ch.isupper() for ch in text[entity.start : entity.end]) \
                and any(ch.isupper() for ch in text):
            # "youth", "students", "association": English writes an organisation's or a place's name
            # with a capital; a lower-case guess in a text that uses capitals is a common noun
            return None
        if entity.label == "PERSON" and _plain_lower_words(text[entity.start : entity.end]) and any(ch.isupper() for ch in text):
            # "hard" of "I'm hard of hearing": lower-case dictionary words, none a given name or
            # surname, in a text that capitalises its names
            return None
        if entity.label == "LOCATION" and _DIGIT.search(text[entity.start : entity.end]):
            if not _address_shaped(text[entity.start : entity.end]):
                return None  # "the Colt 6920", "ammo (e.g. M855)": a model's name and number, no place
            mapped = self.ADDRESS
        name, category, quasi = mapped
        start, end = (entity.start, entity.end) if entity.label != "PERSON" else _whole_name(text, entity.start, entity.end)
        if entity.label == "ORGANIZATION":
            end = _institution_end(text, end)
        if entity.label in ("ORGANIZATION", "LOCATION") and _ARTICLE.match(text, start, end):
            start = _ARTICLE.match(text, start, end).end()  # "the University of Leeds": the article is the sentence's
        if entity.label != "DATE" and end - start == 1:
            return None  # a lone letter ("the T of E.T.", "C"): no one's name, place or organisation
        return Finding(
            category=category,
            entity=name,
            field_path=field.path,
            start=start,
            end=end,
            score=round(min(1.0, entity.score * self.SCORE_SCALE), 4),
            recognizer=self.name,
            quasi=quasi,
        )


# A word no English dictionary knows, written with a capital, right after "from", "in", "near" ... is
# most often a small place the tagger never met ("writing from Grudziądz", "we moved to Sandviken",
# "a flat in Jordaan"): a place candidate, scored low, that is the writer's only with a place cue,
# the judge or the disclosure tagger (`subject.py`); elsewhere it is what the prompt is about.
_PLACE_BEFORE = re.compile(r"\b(?:from|in|near|outside|around|to)\s{1,2}$", re.I)
PLACE_GUESS_SCORE = 0.3
MAX_PLACE_GUESSES = 10


def _place_guesses(field: Field, text: str, found: list[Finding]) -> list[Finding]:
    words = _dictionary()
    if words is None:
        return []
    out: list[Finding] = []
    # title-case words only ("SQL", "iOS" and "eBay" are no place), none the dictionary knows
    for start, end in words.unknown_capitalised(text):
        if not _PLACE_BEFORE.search(text, max(0, start - 12), start):
            continue
        if any(f.start < end and start < f.end for f in found) or asked(text, end):
            continue  # "Can I do this in Perl?": a word in a clause that asks is the question's topic
        out.append(Finding(C.LOCATION_COARSE, "LOCATION", field.path, start, end, PLACE_GUESS_SCORE,
                           "prose_tagger", quasi=True))
        if len(out) >= MAX_PLACE_GUESSES:
            break
    return out


# An English address opens with its house number ("221B Baker Street", "12-14 Elm Rd") or names a
# street, road, flat or house (`address.street_words`)
_HOUSE_NUMBER_FIRST = re.compile(r"[0-9]{1,6}[A-Za-z]?(?:[-/][0-9]{1,6}[A-Za-z]?)?(?=[,\s])")
_ADDRESS_WORD = re.compile(r"[A-Za-z]{2,20}")


def _address_shaped(span: str) -> bool:
    """Whether a place the tagger read with a number in it has an address's shape."""
    from guardian.detect.recognizers.address import street_words

    if _HOUSE_NUMBER_FIRST.match(span):
        return True
    words = street_words()
    return any(w.lower() in words for w in _ADDRESS_WORD.findall(span))


def _dictionary() -> EnglishWords | None:
    """spaCy's English model's dictionary (`_english.py`), or None where the model is not installed."""
    return model_english_words()


def _plain_lower_words(span: str) -> bool:
    """Whether `span` is lower-case words the English dictionary knows, none a given name or surname."""
    words = _dictionary()
    if words is None or any(ch.isupper() for ch in span):
        return False
    from guardian.detect.given_names import name_words

    names = name_words()
    parts = span.split()
    return bool(parts) and all(words.known(w) and w.casefold() not in names for w in parts)


def _a_word_not_a_name(word: str) -> bool:
    """ "Devout", "Since", "Practising": a capitalised word the dictionary knows, and no given name or
    surname ("Will", "Rose" and "Baker" are both)."""
    return _plain_lower_words(word.lower())


def _institution_end(text: str, end: int) -> int:
    """The end of an organisation's name widened over the capitalised kind of institution right
    after it (`_INSTITUTION_TAIL`: "Georgia" of "Georgia Tech")."""
    for _ in range(2):
        m = _NAME_WORD_AFTER.match(text, end)
        if m is None or m.group(1).lower().rstrip(".") not in _INSTITUTION_TAIL:
            break
        end = m.end(1)
    return end


def _whole_name(text: str, start: int, end: int) -> tuple[int, int]:
    """A tagged name widened over the capitalised words and initials right beside it."""
    for _ in range(_MAX_NAME_WORDS):
        m = _NAME_WORD_BEFORE.search(text, max(0, start - 34), start) if start > 0 else None
        if m is None or m.group(1).rstrip(".") in _NOT_NAME_WORDS or _CONTRACTION.fullmatch(m.group(1)) \
                or _a_word_not_a_name(m.group(1)):
            break
        start = m.start(1)
    for _ in range(_MAX_NAME_WORDS):
        m = _NAME_WORD_AFTER.match(text, end)
        if m is None or m.group(1) in _NOT_NAME_WORDS or _CONTRACTION.fullmatch(m.group(1)) or _a_word_not_a_name(m.group(1)):
            break
        end = m.end(1)
    return start, end
