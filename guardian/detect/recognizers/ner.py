"""Named entities from spaCy, as Presidio's spaCy recogniser reports them: names, places,
organisations, dates, sums.

NER is the slow recogniser (about 20 ms per 100 words on one core), so it reads only values
that hold natural-language text (`is_natural_text`) and only their first `MAX_CHARS`
characters; `Detector.truncated_fields` reports the values it cut. The model loads once per
process (see `presidio_engine.load_ner`: spaCy called directly, Presidio's results without its
AnalyzerEngine). Everything but PERSON is a quasi-identifier.

**Words spaCy does not know.** The small model misses names it never saw, most often those from
outside the English-speaking world ("Salmin showcased ...", "Dodë and Maryan"). A second reader
looks at them: when the value holds a capitalised word that no English dictionary knows
(`_english.EnglishWords`) and that lies outside spaCy's entities, the prose tagger (MiniLM,
subword pieces; `guardian/detect/prose_tagger.py`) reads UNKNOWN_WORD_CONTEXT characters either
side of it, and each name, place or organisation it tags over such a word is reported (recogniser
`ner+tagger` in the record). Both must agree: the dictionary alone would take brands and jargon
("Laravel", "Cyberbullying"), the tagger alone tags public names spaCy already weighs. Off with
`unknown_words=False` (the `spacy` prose setting loads no MiniLM).
"""

from __future__ import annotations

import dataclasses
import logging
import re
import threading
from typing import TYPE_CHECKING, Any, ClassVar

from guardian.categories import DataCategory as C
from guardian.detect.base import ENGLISH_ONLY, Recognizer
from guardian.detect.presidio_engine import DEFAULT_MODEL, NER_SCORE, NerEntity, SpacyNer, load_ner
from guardian.detect._names import compact_key
from guardian.detect._english import EnglishWords, load_english_words
from guardian.detect._text import CAMEL_COMPOUND, capitalised_words, without_markup
from guardian.detect.recognizers.field_names import FieldNameRecognizer, is_natural_text
from guardian.errors import ConfigError
from guardian.records import Field, Finding

if TYPE_CHECKING:  # pragma: no cover
    from presidio_analyzer import AnalyzerEngine

    from guardian.detect.prose_tagger import ProseTagger, TaggedEntity

__all__ = ["NerRecognizer", "defined_acronyms"]


def _a_full_name(span: str) -> bool:
    """Whether `span` is two to four capitalised words, the first a given name or surname Faker
    knows and no people's name ("Somali", "Navajo"), the last one no English dictionary word
    unless it is a name too ("Marguerite Oyelaran"; not "Muslim Brotherhood")."""
    from guardian.detect._english import model_english_words
    from guardian.detect.given_names import name_words
    from guardian.detect.origins import is_origin_word

    words = span.split()
    if not 2 <= len(words) <= 4 or not all(w[:1].isupper() and w[1:2].islower() for w in words):
        return False
    names = name_words()
    if words[0].casefold() not in names or any(is_origin_word(w) for w in words):
        return False
    dictionary = model_english_words()
    last = words[-1]
    return last.casefold() in names or dictionary is None or not dictionary.known(last.lower())

log = logging.getLogger(__name__)

_SURROGATE = re.compile(r"[\ud800-\udfff]")  # bytes kept by surrogateescape: spaCy must not see them


class NerRecognizer(Recognizer):
    """spaCy NER, mapped as Presidio maps it, on natural-language values only.

    `analyzer`: anything with Presidio's `analyze(text, language, entities)` returning results with
    `entity_type`, `start`, `end` and `score` (an AnalyzerEngine, a test's fake); by default the
    shared `SpacyNer` of `model`, which gives the results an AnalyzerEngine would, faster.
    """

    name: ClassVar[str] = "ner"
    costly: ClassVar[bool] = True
    # English only: spaCy's English model: a capitalised sentence start in another language reads as a name
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    # Presidio entity -> (AMRSF category, quasi-identifier)
    MAPPING: ClassVar[dict[str, tuple[C, bool]]] = {
        "PERSON": (C.CONTACT, False),
        "LOCATION": (C.LOCATION_COARSE, True),
        "NRP": (C.CONTACT, True),  # nationality, religion, political group
        "ORGANIZATION": (C.CONTACT, True),  # employer, school, court
        "DATE_TIME": (C.CONTACT, True),
        "MONEY": (C.FINANCIAL, True),
        "QUANTITY": (C.CONTACT, True),
    }
    entities: ClassVar[tuple[str, ...]] = tuple(MAPPING)
    MAX_CHARS: ClassVar[int] = 10_000  # what NER reads of one value (~1,600 words, ~150 ms)
    # NER guesses lose to a regex, a checksum or a labelled value ("City: Chipping Norton", where
    # the small model sees an organisation "Norton") on overlapping spans: 0.85 -> 0.55.
    SCORE_SCALE: ClassVar[float] = 0.65
    MIN_SCORE: ClassVar[float] = 0.3

    # What the prose tagger may add over an unknown word: its label -> NER's entity.
    UNKNOWN_WORD_LABELS: ClassVar[dict[str, str]] = {
        "PERSON": "PERSON", "LOCATION": "LOCATION", "ORGANIZATION": "ORGANIZATION",
    }

    def __init__(
        self, analyzer: SpacyNer | AnalyzerEngine | Any | None = None, *, model: str = DEFAULT_MODEL,
        unknown_words: bool = True, english: EnglishWords | None = None, tagger: ProseTagger | None = None,
    ) -> None:
        """`unknown_words`: read the words spaCy does not know with the prose tagger (see the module
        docstring); `english` and `tagger` are the dictionary and tagger to use (default: the
        model's own dictionary and the shipped tagger, loaded on first use)."""
        self.available = True
        self.unknown_words = unknown_words
        self._english = english
        self._tagger = tagger
        self._second_reader_failed = False
        self._second_reader_lock = threading.Lock()
        if analyzer is None:
            try:
                analyzer = load_ner(model)
            except ConfigError as e:
                # Run without NER rather than refuse to start. A warning, not an error: mitmproxy
                # 12 exits when an error is logged during start-up.
                log.warning("NER disabled, detection runs on patterns only: %s", e)
                self.available = False
        self._analyzer = analyzer

    def warm(self) -> None:
        """Load the second reader's dictionary and the tagger's encoder now, not on the first
        unknown word (spaCy itself loads in the constructor)."""
        if not (self.available and self.unknown_words):
            return
        reader = self._second_reader()
        if reader is not None:
            try:
                reader[1].warm()
            except (ConfigError, ImportError, OSError) as e:
                self._reader_off(e)

    def reads(self, value: str) -> bool:
        """Whether NER runs on this value at all."""
        return self.available and is_natural_text(value)

    def analyze(self, field: Field) -> list[Finding]:
        if not self.reads(field.value):
            return []
        text = _SURROGATE.sub("?", field.value[: self.MAX_CHARS])  # same length: offsets hold
        plain, offsets = without_markup(text)
        results = list(self._analyzer.analyze(text=plain, language="en", entities=list(self.MAPPING)))
        results = self._without_common_acronyms(plain, results)
        from_spacy = len(results)
        results.extend(self._unknown_word_entities(plain, results))
        found: list[Finding] = []
        label_like = _names_a_thing(plain)
        for i, r in enumerate(results):
            mapped = self.MAPPING.get(r.entity_type)
            if mapped is None or r.score < self.MIN_SCORE or r.end <= r.start:
                continue
            if label_like and r.entity_type != "PERSON" and not capitalised_words(plain[r.start:r.end], 3):
                # "Winter boots — Example Shop", "HTML5 Video Element": a title names a thing; two or
                # three capitalised words keep what NER called them ("Card form rejected for
                # Marguerite Oyelaran": a person's name it may call a place or an organisation)
                continue
            start, end = (r.start, r.end) if offsets is None else (offsets[r.start], offsets[r.end - 1] + 1)
            start, end = _trim(text, *_one_piece(text, start, end))
            if start >= end or _is_label(text, start, end) or _CODE_CHARS.search(text, start, end):
                # no name, place or organisation holds "_" (a placeholder: "[NAME_E]") or a program's
                # own punctuation (a log line's `"$browser"="Chrome"`, `{user}`, `a|b`)
                continue
            if r.entity_type != "PERSON" and _is_heading(text, start, end):
                continue
            if r.entity_type == "DATE_TIME" and not _ANY_DIGIT.search(text, start, end):
                # "the winter boots", "next week", "this morning": a season, a weekday or a time of
                # day without a number points at no one's day; so, left alone too, does a duration
                # in words ("Delivery took three days" in a product's reviews, though a court's
                # "sentenced to five years" is a detail of the person: TAB's durations in words)
                continue
            category, quasi = mapped
            entity = r.entity_type
            if entity == "NRP" and _a_full_name(text[start:end]):
                # "Return request from Marguerite Oyelaran": the small model calls a rare surname's
                # bearer a group; a given name, then words no dictionary has, is a person's name
                entity, (category, quasi) = "PERSON", self.MAPPING["PERSON"]
            found.append(
                Finding(
                    category=category,
                    entity=entity,
                    field_path=field.path,
                    start=start,
                    end=end,
                    score=round(min(1.0, r.score * self.SCORE_SCALE), 4),
                    recognizer=self.name if i < from_spacy else UNKNOWN_WORD_RECOGNIZER,
                    quasi=quasi,
                )
            )
        return found

    def _without_common_acronyms(self, plain: str, results: list[Any]) -> list[Any]:
        """`results` less the acronyms spaCy called organisations that the prose tagger does not.

        The small model calls nearly every word in capitals an organisation: "SDK activated",
        "the API failed", "PDF generated" as much as "I work at IBM". The tagger was trained to
        leave technical terms alone and reads the sentence: an acronym alone is kept when it tags
        an organisation there too. An acronym the text defines as the short form of a name
        (`defined_acronyms`: "the Employment Appeal Tribunal (“EAT”)") is that name wherever it
        stands. Without the tagger (`unknown_words` off, or it cannot load), spaCy's entities stand."""
        acronyms = [(r.start, r.end) for r in results
                    if r.entity_type == "ORGANIZATION" and _ACRONYM.fullmatch(plain, r.start, r.end)]
        if acronyms:  # the text's definitions are read only where there is an acronym to judge
            defined = defined_acronyms(plain)
            acronyms = [(a, b) for a, b in acronyms if plain[a:b] not in defined]
        if not acronyms or not self.unknown_words:
            return results
        reader = self._second_reader()
        if reader is None:
            return results
        tagged = self._tagged_around(reader[1], plain, acronyms)
        if tagged is None:
            return results
        orgs = [(e.start, e.end) for e in tagged if e.label == "ORGANIZATION"]
        return [r for r in results if (r.start, r.end) not in acronyms
                or any(s < r.end and r.start < e for s, e in orgs)]

    def _tagged_around(self, tagger: ProseTagger, plain: str, words: list[tuple[int, int]]) -> list[TaggedEntity] | None:
        """The tagger's entities in the windows around `words` (`_windows`), in `plain`'s offsets;
        None when it fails (an encoder that cannot load turns the reader off, said once): spaCy's
        entities then stand."""
        windows = _windows(plain, words)
        try:
            return [dataclasses.replace(e, start=e.start + a, end=e.end + a)
                    for (a, _), tags in zip(windows, tagger.tag_many([plain[a:b] for a, b in windows]))
                    for e in tags]
        except (ConfigError, ImportError, OSError) as e:
            self._reader_off(e)
            return None
        except Exception as e:  # noqa: BLE001 - the second reader failing must not lose spaCy's entities
            log.warning("NER's second reader failed on a value (%s); spaCy's entities stand", type(e).__name__)
            return None

    def _unknown_word_entities(self, plain: str, results: list[Any]) -> list[NerEntity]:
        """The prose tagger's names, places and organisations over capitalised words no English
        dictionary knows, outside spaCy's entities (`results`), scored as the tagger scores them
        but never above spaCy's own score."""
        if not self.unknown_words:
            return []
        reader = self._second_reader()
        if reader is None:
            return []
        english, tagger = reader
        found = english.unknown_capitalised(plain)
        if not found or len(found) > MAX_UNKNOWN_SHARE * len(_WORDS.findall(plain)):
            return []  # none, or a text not in English: German capitalises every noun
        taken = [(r.start, r.end) for r in results]
        # a form label ("Username:") is never reported (`_is_label`): no need to ask about it
        unknown = [(a, b) for a, b in found
                   if not any(s < b and a < e for s, e in taken) and not _LABEL_AFTER.match(plain, b)]
        if not unknown:
            return []
        tagged = self._tagged_around(tagger, plain, unknown)
        if tagged is None:
            return []
        out = []
        for entity in tagged:
            name = self.UNKNOWN_WORD_LABELS.get(entity.label)
            if name is not None and any(entity.start < b and a < entity.end for a, b in unknown):
                start, end = _capitalised_edges(plain, entity.start, entity.end)
                if not any(s < end and start < e for s, e in taken):
                    # scored as spaCy's entities at most, so a labelled value or a regex still wins
                    out.append(NerEntity(name, start, end, min(entity.score, NER_SCORE)))
        return out

    def _second_reader(self) -> tuple[EnglishWords, ProseTagger] | None:
        """The dictionary and the tagger, loaded on first use; None when either cannot load (logged
        once: spaCy's entities alone are then reported)."""
        if self._english is not None and self._tagger is not None:
            return self._english, self._tagger
        if self._second_reader_failed:
            return None
        with self._second_reader_lock:
            try:
                if self._english is None:
                    nlp = getattr(self._analyzer, "nlp", None)
                    if nlp is None or getattr(nlp, "path", None) is None:
                        raise ConfigError("the NER model has no directory to read its dictionary from")
                    self._english = load_english_words(str(nlp.path))
                if self._tagger is None:
                    from guardian.detect.prose_tagger import load_tagger

                    self._tagger = load_tagger()
            except ConfigError as e:
                self._reader_off(e)
                return None
        return self._english, self._tagger

    def _reader_off(self, error: Exception) -> None:
        """The second reader cannot load: off for good, said once; spaCy's entities stand alone."""
        log.warning("NER reads no unknown words with the prose tagger: %s", error)
        self._second_reader_failed = True
        self._tagger = None


UNKNOWN_WORD_RECOGNIZER = "ner+tagger"  # a finding's `recognizer` when the tagger read an unknown word
UNKNOWN_WORD_CONTEXT = 160  # characters the tagger reads either side of an unknown word (~25 words)
# Past this share of a text's words, unknown capitalised words say the text is not English (a German
# text: about 0.4; TAB and PII-Masking rows: at most 0.2), and the English-trained tagger is not asked.
MAX_UNKNOWN_SHARE = 0.25
_WORDS = re.compile(r"[^\W\d_]{1,64}")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]{1,5}")  # one word in capitals: "SDK", "CDN", "IBM", "S3"
# A short form in brackets, quoted or not, after its long form: "(“EAT”)", "(ECJ)"
_DEFINED = re.compile(r"\(\s?[\"'“‘]?([A-Z]{2,6})[\"'”’]?\s?\)")
_LONG_FORM = re.compile(r"((?:[A-Za-z][\w'’-]{0,30}\s{1,3}){1,10})$")
_NOT_INITIALS = frozenset({"of", "the", "and", "for", "on", "in", "de", "du", "des", "la", "le", "et", "&"})
MAX_DEFINITIONS = 32  # definitions read in one text: a document defines a handful


def defined_acronyms(text: str) -> frozenset[str]:
    """The acronyms `text` defines as the short form of a capitalised name just before them, the
    name's initials spelling the acronym (Schwartz and Hearst's pattern: "the Employment Appeal
    Tribunal (“EAT”)", "European Court of Justice (ECJ)"; "of", "the", "and" take no letter)."""
    out: set[str] = set()
    for i, m in enumerate(_DEFINED.finditer(text)):
        if i >= MAX_DEFINITIONS:
            break
        before = _LONG_FORM.search(text, max(0, m.start() - 120), m.start())
        if before is None:
            continue
        words = [w for w in before.group(1).split() if w.lower() not in _NOT_INITIALS]
        acronym = m.group(1)
        tail = words[-len(acronym):] if len(words) >= len(acronym) else []
        if tail and all(w[:1].isupper() and w[:1] == a for w, a in zip(tail, acronym)):
            out.add(acronym)
    return frozenset(out)


_PIECE = re.compile(r"\S{1,128}")  # a whitespace-delimited word with its punctuation
_BREAK = re.compile(r"[\n\r<>|\\]{1,8}")
_LABEL_AFTER = re.compile(r"[*_ \t]{0,3}(?:</[a-z]{1,10}>)?[ \t]{0,2}[:=](?![0-9/])")
_LABEL_KEYS = frozenset(
    k for k in (compact_key(key) for hint in FieldNameRecognizer.HINTS for key in hint.keys) if len(k) >= 4
)


_ANY_DIGIT = re.compile(r"[0-9]")


def _capitalised_edges(text: str, start: int, end: int) -> tuple[int, int]:
    """The span from its first to its last capitalised word: the tagger joins neighbouring words,
    and a name does not begin or end with "of" or "and" ("of Mattighofen and" -> "Mattighofen")."""
    words = [m for m in _PIECE.finditer(text, start, end) if _first_letter_is_upper(m.group())]
    if not words:
        return start, end
    return words[0].start(), words[-1].end()


def _first_letter_is_upper(piece: str) -> bool:
    return next((ch.isupper() for ch in piece if ch.isalpha()), False)


def _windows(text: str, words: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of `text` the tagger reads for these words: UNKNOWN_WORD_CONTEXT characters either
    side of each, cut at whitespace, overlapping parts joined. The tagger's cost grows with what it
    reads, and a word's tag depends on its sentence, not on the whole value."""
    spans: list[tuple[int, int]] = []
    for a, b in words:
        start = max(0, a - UNKNOWN_WORD_CONTEXT)
        if start > 0 and not text[start - 1].isspace():
            cut = text.find(" ", start, a)
            start = cut + 1 if cut >= 0 else start
        end = min(len(text), b + UNKNOWN_WORD_CONTEXT)
        if end < len(text) and not text[end].isspace():
            cut = text.rfind(" ", b, end)
            end = cut if cut >= 0 else end
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], end))
        else:
            spans.append((start, end))
    return spans


def _one_piece(text: str, start: int, end: int) -> tuple[int, int]:
    """The longest part of a span that crosses a line break, a tag or a table cell: an entity
    never does ("Von Zobeltitz\n  - Username", "li>City")."""
    span = text[start:end]
    if not _BREAK.search(span):
        return start, end
    best, pos = (start, start), start
    for m in _BREAK.finditer(span):
        piece = (pos, start + m.start())
        if piece[1] - piece[0] > best[1] - best[0]:
            best = piece
        pos = start + m.end()
    if end - pos > best[1] - best[0]:
        best = (pos, end)
    return best


# A line that is a heading: "**Facility Rental Agreement**", "## Personal Details", "*Student Details*:".
_HEADING_LINE = re.compile(r"(?:#{1,6}[ \t]{0,8}|[*_]{1,3})(?P<content>[^\n*_#]{1,200}?)[*_]{0,3}[ \t]{0,8}:?[ \t]{0,8}")


# What no name, place or organisation holds: a placeholder's "_" and a program's own punctuation
_CODE_CHARS = re.compile(r'[_="{}<>|\\]')


def _names_a_thing(text: str) -> bool:
    """Whether a whole value is a short title rather than a sentence: at most `TITLE_MAX_WORDS`
    words, one line, no sentence's stop, question or exclamation, no pronoun of a person. A page's,
    a video's, a player's or a product's title ("Winter boots — Example Shop", "Trail runner demo",
    "HTML5 Video Element") names what the site shows every visitor; what NER calls a place, an
    organisation or a date in it is that thing's name. A name of a person is still read."""
    words = [w for w in text.split() if any(ch.isalnum() for ch in w)]  # a dash between parts is no word
    return 0 < len(words) <= TITLE_MAX_WORDS and "\n" not in text.strip() and not _SENTENCE_MARK.search(text) \
        and not _PERSON_WORDS.search(text)


TITLE_MAX_WORDS = 6
_SENTENCE_MARK = re.compile(r"[.!?;:,](?:\s|$)")
_PERSON_WORDS = re.compile(r"\b(?:i|me|my|mine|we|our|us|you|your|he|she|his|her|him|they|their|them|im|i['’]m)\b", re.I)


def _is_heading(text: str, start: int, end: int) -> bool:
    """Whether the span opens a heading line: a document's title or section name is not an
    organisation ("**Cultural Exchange Program Application Form**")."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end].strip()
    m = _HEADING_LINE.fullmatch(line)
    return m is not None and m.group("content").strip().startswith(text[start:end])


def _is_label(text: str, start: int, end: int) -> bool:
    """A form label, not a name: "Description:", "**State:**", or a field key such as "USERNAME"
    or "SubmissionDate"."""
    return (
        bool(_LABEL_AFTER.match(text, end))
        or compact_key(text[start:end]) in _LABEL_KEYS
        or CAMEL_COMPOUND.search(text, start, end) is not None
    )


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop whitespace and a trailing possessive/punctuation spaCy sometimes keeps."""
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    if text[end - 2 : end] in ("'s", "’s") and end - start > 2:
        end -= 2
    return start, end
