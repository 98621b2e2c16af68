"""Postal addresses as most of the world writes them -> STREET_ADDRESS.

"Lindenstraße 12, 50667 Köln", "Calle Mayor 5, 3.º B, 28013 Madrid", "Ερμού 25, 105 63 Αθήνα",
"Str. Mihai Eminescu nr. 15, bl. A2, ap. 7, 400001 Cluj-Napoca", "Atatürk Cad. No: 12 D: 3,
34000 Fatih/İstanbul", "190000 Санкт-Петербург, ул. Садовая, д. 15, кв. 4".

An address line is three parts, each common alone and together only in an address: a street
(capitalised words, or words of a kind of street), its house number, at most three short parts
for the floor, door, block or flat, and a postcode followed by a capitalised town. The postcode's
format is what the postal operators publish: four to six digits (most of Europe, Turkey, Russia),
"NNN NN" (Greece, Sweden, Czechia, Slovakia), "NN-NNN" (Poland), "NNNN-NNN" (Portugal), "NNNN AA"
(the Netherlands). A plain run of digits is also a year or a count ("Im Jahr 2009, 50000
Menschen"), so with one the street must show it is a street: a word of a kind of street, a
house-number marker ("nr.", "No:", "д.") or a flat part. The words are in postal_addresses.yaml
beside this file (a user adds a country there); no street, town or postcode of anyone is listed.

Whose: a full postal address is a direct identifier (`subject.py`, rule 1). It runs on every
natural-language value: an address in this form means the same in any language around it. The
US form ("12 Main St, Springfield, IL 62704") is `address.py`'s.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Recognizer
from guardian.detect.recognizers._cue_phrases import plain
from guardian.records import Field, Finding

__all__ = ["PostalAddressRecognizer", "load_words"]

WORDS = Path(__file__).with_name("postal_addresses.yaml")
SCORE = 0.7  # a direct identifier's shape, below a checksum's
MAX_STREET_WORDS = 6
MAX_UNIT_PARTS = 3
LOOK_BACK = 120  # characters before a postcode searched for its street line
LOOK_AHEAD = 90  # after the town, for the street of a postcode-first address
MAX_WORDS_TO_VERB = 6  # words between an address noun and the "to be" before its street
# ... and between the noun and the colon before its street: "Διεύθυνση για τα ανταλλακτικά ακουστικά:
# Παπαναστασίου 51", "şu adrese gönderebilirsiniz: ..." (a Turkish verb runs long)
MAX_WORDS_TO_COLON = 4
MAX_CUE_WORD_CHARS = 20

# A postcode, then its town: capitalised words joined by a space, "/" or "-" ("Fatih/İstanbul").
_POSTCODE_TOWN = re.compile(
    r"(?<![\w\-./,])(?P<pc>[0-9]{3} [0-9]{2}|[0-9]{2}-[0-9]{3}|[0-9]{4}-[0-9]{3}|[0-9]{4} ?[A-Z]{2}|[0-9]{4,6})"
    r"(?![\w\-])[ \u00a0]{1,2}(?P<town>[^\W\d_][\w'’]{1,30}(?:[ /\-][^\W\d_][\w'’]{1,30}){0,2})"
)
_DISTINCT = re.compile(r"[0-9]{3} [0-9]{2}|[0-9]{2}-[0-9]{3}|[0-9]{4}-[0-9]{3}|[0-9]{4} ?[A-Z]{2}")
_STREET_NUMBER_NAME = re.compile(r"[0-9]{1,5}\.?")  # a street named by its number, before its kind
_HOUSE = re.compile(r"[0-9]{1,4}[A-Za-z]?(?:[/-][0-9]{1,4}[A-Za-z]?)?")
_TOKEN = re.compile(r"[^\s,]{1,40}")
_SPLIT = re.compile(r",[ \u00a0]{1,2}")
_YEAR = re.compile(r"1[5-9][0-9]{2}|20[0-9]{2}")
_SHORT_UNIT = re.compile(r"[0-9]{1,3}[.ºª°]{0,2}(?:[ \u00a0]?[A-Za-zºª]{1,4}\.?)?")  # "5.º A", "3", "2B"
LINE_SCORE = 0.6  # a street and its number without a postcode: the street's words are the only evidence
# A street's words then its house number, ended by the clause: "Stumpfweg 42", "Calle Mayor 5",
# "Hahnplatz 5/6", and the comma Spain, Italy and Portugal write between them ("Avenida Losa, 17"). `_typed_street` decides whether the words are a street's.
_STREET_NUMBER = re.compile(
    r"(?<![\w.\-])(?P<street>[^\W\d_][\w'’.\-/]{0,40}(?:[ \u00a0][^\W\d_][\w'’.\-]{0,30}){0,4}),?[ \u00a0]{1,2}"
    r"(?P<num>[0-9]{1,4}[a-zA-Z]?(?:[/-][0-9]{1,4}[a-zA-Z]?)?)(?=[ \u00a0]{0,2}(?:[.,;:!?)\n]|$|[ \u00a0](?:and|und|y|e|et|и|ve|και|și)\b)"
    # ... or the town after its preposition ("Hofweg 3 in Köln", "Садовая 15 в Москве")
    r"|[ \u00a0](?:in|en|à|a|în|в|во|σε|στην|στη|στο|w|we|em|na|i|te)[ \u00a0][A-ZÀ-ÖØ-ÞĀ-ŽΑ-ΩΆ-ΏА-ЯЁІЇЄ]"
    # ... or, after an address noun and its colon only (`_street_lines`), the next sentence typed without
    # its stop ("Lieferadresse: Löchelstraße 10 Gib das ...")
    r"|[ \u00a0][A-ZÀ-ÖØ-ÞĀ-ŽΑ-ΩΆ-ΏА-ЯЁІЇЄ])"
)
# The same, with the line's flat parts after the number ("Paseo Ruiz 961 Puerta 5"): read by
# `PostalAddressRecognizer._units_after`, whose unit words are the YAML's.
_STREET_NUMBER_UNIT = re.compile(_STREET_NUMBER.pattern.split("(?=")[0] + r"(?=,?[ \u00a0]{1,2}[^\W\d_])")
_DOTTED = re.compile(r"[.,:/][0-9]")  # the number goes on: an IP address, a decimal, a time, a ratio
_TAIL_END = re.compile(r"(?<=[0-9])[.:;](?=\s|$)|[!?;\n]")
_CONNECTORS = frozenset("de del la las los el di da do dos das du des von der den van y i e a".split())


@dataclass(frozen=True)
class Words:
    """The address words of postal_addresses.yaml, folded to lower case."""

    street: frozenset[str]
    after: frozenset[str]  # street words written after the name
    suffixes: tuple[str, ...]
    number: frozenset[str]
    unit: frozenset[str]
    address: frozenset[str]  # nouns that name one's address ("Anschrift", "διεύθυνση", "адресу")
    address_is: frozenset[str] = frozenset()  # "to be", joining such a noun to its street ("ist", "είναι")
    either: frozenset[str] = frozenset()  # kinds written before or after the name ("ул. Заречная", "Заречная ул.")


@functools.lru_cache(maxsize=2)
def load_words(path: str = str(WORDS)) -> Words:
    from ruamel.yaml import YAML

    raw: dict[str, Any] = YAML(typ="safe").load(Path(path).read_text(encoding="utf-8")) or {}

    def words(key: str) -> frozenset[str]:
        # each word as listed and as typed without its accents ("διευθυνση", "adresa"): people often
        # leave them off (a Greek keyboard's tonos, a Romanian one's comma below)
        listed = [str(w).strip().lower() for w in raw.get(key) or () if str(w).strip()]
        return frozenset(listed) | frozenset(plain(w) for w in listed)

    return Words(words("street"), words("street_after"), tuple(sorted(words("street_suffix"))), words("number"),
                 words("unit"), words("address"), words("address_is"), words("street_either"))


class PostalAddressRecognizer(Recognizer):
    """A street line with its house number, and a postcode with its town (module docstring)."""

    name: ClassVar[str] = "postal_addresses"
    entities: ClassVar[tuple[str, ...]] = ("STREET_ADDRESS",)
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    TRIGGER: ClassVar[str | None] = r"[0-9]"  # a house number may be one digit ("Kirchweg 7")
    MAX_CHARS: ClassVar[int] = 10_000

    def __init__(self, words_path: str | Path = WORDS) -> None:
        super().__init__()
        self.words = load_words(str(words_path))
        markers = sorted((re.escape(w) for w in self.words.number if w), key=len, reverse=True)
        self._marker = _marker_regex("|".join(markers)) if markers else None
        units = sorted((re.escape(w) for w in self.words.unit if w), key=len, reverse=True)
        # flat parts after a line's house number: "Paseo Ruiz 961 Puerta 5", "Hofweg 3, Whg. 2"
        self._units_after = re.compile(
            rf"(?:,?[ \u00a0]{{1,2}}(?i:{'|'.join(units)})[ \u00a0]{{0,2}}{_SHORT_UNIT.pattern}(?![\w\-])){{1,{MAX_UNIT_PARTS}}}"
        ) if units else None
        nouns = sorted((re.escape(w) for w in self.words.address if w), key=len, reverse=True)
        # an address noun, then at most three small words and a colon, comma or bracket, right before
        # the street: "στη διεύθυνση Τρικορύφου 8", "Wohnanschrift für das Formular: Hofweg 1", "адрес: ...",
        # "στο σπίτι μου (Μαυριών 92)"
        self._address_cue = re.compile(
            rf"(?<!\w)(?i:{'|'.join(nouns)})(?:[ \u00a0]{{1,2}}[^\W\d_][\w’']{{0,{MAX_CUE_WORD_CHARS}}}(?<![.!?])){{0,{MAX_WORDS_TO_COLON}}}"
            rf"(?:[:,]?[ \u00a0]{{1,2}}|[ \u00a0]{{1,2}}\()$"
        ) if nouns else None
        verbs = sorted((re.escape(w) for w in self.words.address_is if w), key=len, reverse=True)
        # ... or the noun, at most `MAX_WORDS_TO_VERB` words, and "to be" right before the street:
        # "Η διεύθυνσή μου για την εγγραφή είναι Αιγιάλης 60-34", "άλλαξα διεύθυνση, η καινούργια είναι ..."
        self._address_is = re.compile(
            rf"(?<!\w)(?i:{'|'.join(nouns)})(?:,?[ \u00a0]{{1,2}}[^\W\d_][\w’']{{0,14}}){{0,{MAX_WORDS_TO_VERB}}}"
            rf"[ \u00a0]{{1,2}}(?i:{'|'.join(verbs)})[:,]?[ \u00a0]{{1,2}}$"
        ) if nouns and verbs else None

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        own = (self._marker, self._units_after, self._address_cue, self._address_is)
        return (_POSTCODE_TOWN, _DISTINCT, _HOUSE, _TOKEN, _SPLIT, _YEAR, _SHORT_UNIT, _TAIL_END, _STREET_NUMBER,
                _STREET_NUMBER_UNIT, _UNIT_HEAD, _TOWN_PART, *(p for p in own if p is not None))

    def analyze(self, field: Field) -> list[Finding]:
        text = field.value[: self.MAX_CHARS]
        found: list[Finding] = []
        for start, end in self._spans(text):
            if found and start < found[-1].end:
                continue
            found.append(Finding(DataCategory.POSTAL_ADDRESS, "STREET_ADDRESS", field.path, start, end, SCORE,
                                 self.name, quasi=False))
        for start, end in self._marked_lines(text):
            if not any(f.start < end and start < f.end for f in found):
                found.append(Finding(DataCategory.POSTAL_ADDRESS, "STREET_ADDRESS", field.path, start, end,
                                     LINE_SCORE, self.name, quasi=False))
        for start, end in self._street_lines(text):
            if not any(f.start < end and start < f.end for f in found):
                found.append(Finding(DataCategory.POSTAL_ADDRESS, "STREET_ADDRESS", field.path, start, end,
                                     LINE_SCORE, self.name, quasi=False))
        return sorted(found, key=lambda f: f.start)

    def _street_lines(self, text: str) -> Iterator[tuple[int, int]]:
        """A street's words and its house number ending a clause, or followed by its flat parts:
        the longest run of words before the number that is a street by its words
        (`_typed_street`), or capitalised words right after an address noun (`_cued_street`)."""
        seen: set[int] = set()
        for pattern in (_STREET_NUMBER, _STREET_NUMBER_UNIT):
            for m in pattern.finditer(text):
                if m.end("num") in seen or _YEAR.fullmatch(m.group("num")) or _DOTTED.match(text, m.end("num")):
                    continue
                end = m.end("num")
                if pattern is _STREET_NUMBER_UNIT:
                    units = self._units_after.match(text, end) if self._units_after is not None else None
                    if units is None:
                        continue
                    end = units.end()
                    if text[end - 1] == "." and (end == len(text) or text[end].isspace()):
                        end -= 1  # the sentence's full stop, not an abbreviation's
                    if not _clause_ends(text, end):
                        continue
                words = list(re.finditer(r"\S{1,40}", m.group("street")))
                run_on = pattern is _STREET_NUMBER and _RUN_ON.match(text, end) is not None
                for k in range(len(words)):
                    start = m.start("street") + words[k].start()
                    street = m.group("street")[words[k].start():]
                    if run_on and not _LABEL_COLON_BEFORE.search(text, max(0, start - LABEL_LOOK_BEHIND), start):
                        continue  # a capital right after the number ends no line but after a label's colon
                    if (not run_on and self._typed_street(street)) or self._cued_street(text, start, street):
                        seen.add(m.end("num"))
                        # its flat and town after a comma: "Avenida Lupita Losa, 17, 8º A"
                        if pattern is _STREET_NUMBER:
                            end = self._line_end(text, end)
                            if text[end - 1] == "." and (end == len(text) or text[end].isspace()):
                                end -= 1  # the sentence's full stop after a flat ("8º A."), not the flat's
                        yield start, end
                        break

    def _cued_street(self, text: str, start: int, street: str) -> bool:
        """Capitalised words that an address noun introduces ("Μένω στη διεύθυνση Τρικορύφου 8",
        "Meine Wohnanschrift: Hofweg 1"): the noun says what the name and number are."""
        if self._address_cue is None or not all(w[:1].isupper() or w.lower() in _CONNECTORS for w in street.split()):
            return False
        before = text[max(0, start - 120):start]
        return self._address_cue.search(before[-60:]) is not None or (
            self._address_is is not None and self._address_is.search(before) is not None)

    def _marked_lines(self, text: str) -> Iterator[tuple[int, int]]:
        """A street line without a postcode whose house number has its marker ("Str. Republicii
        nr. 45, bl. B1, ap. 43, Oradea", "ул. Мичурина, д. 14, кв. 129, г. Самара"): a word of a
        kind of street in the name before the marker (in its part, or the part before when the
        marker opens one), then at most `MAX_UNIT_PARTS` flat parts and the town that ends the
        line. The marker and the street's word together are what no sentence writes by chance."""
        if self._marker is None:
            return
        for m in self._marker.finditer(text):
            if _YEAR.fullmatch(m.group("num")):
                continue
            head = text[max(0, m.start() - LOOK_BACK):m.start()]
            offset = m.start() - len(head)
            parts = _parts(head, offset)
            at, street = parts[-1]
            if not street.strip() and len(parts) >= 2:  # "ул. Мичурина, д. 14": the street is the part before
                at, street = parts[-2]
            street = street.replace("(", " ")  # "(Str. Florilor nr. 88, Iași)": the bracket is no word of it
            words = self._street_words(street)
            if words is None or not words[1] or not self._named(street[words[0]:]):
                words = self._typed_part(street)  # "ул. 60 лет СССР, д. 130": a name with a number and small words
            if words is None or not words[1] or not self._named(street[words[0]:]):
                continue
            end = m.end()
            units = self._units_after.match(text, end) if self._units_after is not None else None
            if units is not None and not text.startswith(",", end):  # "д. 7 стр. 8"; ", кв. 4" is `_line_end`'s
                end = units.end() - (text[units.end() - 1] == ".")
            yield at + words[0], self._line_end(text, end)

    def _named(self, street: str) -> bool:
        """Whether the street's words hold a name besides the words of a kind of street ("Route
        nr. 5" is a bus's number; "Str. Republicii nr. 45" a house's; "1203. Sokak No:5" a numbered
        street's)."""
        words = street.split()
        return any(w[:1].isupper() and w.lower() not in self.words.street for w in words) or any(
            _STREET_NUMBER_NAME.fullmatch(w) and after.lower() in self.words.after for w, after in zip(words, words[1:]))

    def _line_end(self, text: str, end: int) -> int:
        """The end of a street line after its house number: its flat parts, then the town."""
        tail = text[end:end + LOOK_AHEAD]
        if not tail.startswith((", ", ",\u00a0")):
            return end
        parts = _parts(tail[2:], end + 2)
        i = 0
        while i < len(parts) and i < MAX_UNIT_PARTS:
            at, part = parts[i]
            unit_end = self._unit_head(part)
            if unit_end is None:
                break
            end, i = at + unit_end, i + 1
            if unit_end < len(part.rstrip()):
                return end  # the part goes on past the flat: the line ended with it
        if i < len(parts):
            at, part = parts[i]
            town = _TOWN_PART.match(part)
            if town is not None and all(w[:1].isupper() for w in town.group("town").split()):
                end = at + town.end()
        return end

    def _typed_street(self, street: str) -> bool:
        """A street line without a postcode is one only when its words say so: a one-word name
        with a street's ending ("Stumpfweg", "Hahnplatz", longer than the ending), or a word of a
        kind of street opening one to four capitalised words ("Calle Mayor", "ul. Lipowa")."""
        words = street.split()
        first = words[0].lower()
        if len(words) == 1:
            return any(first.endswith(sfx) and len(first) >= len(sfx) + 3 for sfx in self.words.suffixes)
        if first in self.words.street and first not in self.words.after:
            return all(w[:1].isupper() or w.lower() in _CONNECTORS for w in words[1:]) and words[-1][:1].isupper()
        return False

    def _spans(self, text: str) -> Iterator[tuple[int, int]]:
        for m in _POSTCODE_TOWN.finditer(text):
            town_end = _town_end(text, m.start("town"), m.end("town"))
            if town_end is None:
                continue
            distinct = _DISTINCT.fullmatch(m.group("pc")) is not None
            start = self._street_before(text, m.start("pc"), distinct)
            if start is not None:
                yield start, town_end
                continue
            end = self._street_after(text, town_end, distinct)
            if end is not None:
                yield m.start("pc"), end

    def _street_before(self, text: str, pc_start: int, distinct: bool) -> int | None:
        """Where the street line that ends right before a postcode (", " between) starts: from the
        postcode back, at most `MAX_UNIT_PARTS` flat parts, the part with the house number, and
        (when that part is only a marked number: "ул. Садовая, д. 15") the street's part before it."""
        head = text[max(0, pc_start - LOOK_BACK):pc_start]
        if not head.endswith((", ", ",\u00a0", ",  ")):
            return None
        parts = list(reversed(_parts(head.rstrip(" \u00a0").removesuffix(","), pc_start - len(head))))
        units = 0
        while units < len(parts) and units < MAX_UNIT_PARTS and self._unit(parts[units][1]):
            units += 1
        if units >= len(parts):
            return None
        at, part = parts[units]
        street, number, marked, trailing = self._numbered(part)
        if number is None:
            return None
        if not street.strip():
            if units + 1 >= len(parts):
                return None
            at, street = parts[units + 1]
            marked = marked or True
        words = self._street_words(street)
        if words is None:
            return None
        first, has_type = words
        return at + first if distinct or units > 0 or marked or trailing or has_type else None

    def _street_after(self, text: str, town_end: int, distinct: bool) -> int | None:
        """Where the street line after a postcode and its town ends ("190000 Москва, ул. Садовая,
        д. 15, кв. 4"): the street (with its number, or then a part with a marked number), then
        at most `MAX_UNIT_PARTS` flat parts."""
        tail = text[town_end:town_end + LOOK_AHEAD]
        if not tail.startswith((", ", ",\u00a0")):
            return None
        body = tail[2:]
        stop = _TAIL_END.search(body)  # "..., д. 8. Спасибо!": the line ends after the number
        parts = _parts(body[: stop.start()] if stop else body, town_end + 2)
        at, part = parts[0]
        street, number, marked, trailing = self._numbered(part)
        i = 1
        if number is None:  # the street alone, then its marked number
            if len(parts) < 2:
                return None
            at, part = parts[1]
            lone, number, marked, trailing = self._numbered(part)
            if number is None or lone.strip():
                return None
            i = 2
        words = self._street_words(street)
        if words is None:
            return None
        _, has_type = words
        end = at + len(part.rstrip())
        units = 0
        while i < len(parts) and units < MAX_UNIT_PARTS and self._unit(parts[i][1]):
            end = parts[i][0] + len(parts[i][1].rstrip())
            i, units = i + 1, units + 1
        return end if distinct or units > 0 or marked or trailing or has_type else None

    def _unit_head(self, part: str) -> int | None:
        """Where the flat part that opens `part` ends ("кв. 30" of "кв. 30 и пытаюсь", "2º B" of
        "2º B y no sé"), or None: the longest head of one to three words that is a flat and ends
        in its number or its letter ("кв." alone is a word of a flat, not the flat; the words after
        the number are the sentence's), else the head the pattern reads as ended, if a flat."""
        head = _UNIT_HEAD.match(part)
        if head is None:
            return None
        ended = head.group()
        words = list(re.finditer(r"[^\s,]+", part))[:3]
        for w in reversed(words):
            # "ap. 50)." at the end of an aside: the bracket and the full stop are the sentence's
            end = w.start() + len(w.group().rstrip(_CLOSERS)) if any(ch.isdigit() for ch in w.group()) else w.end()
            candidate = part[:end]
            if self._unit(candidate) and (
                    _SHORT_UNIT.fullmatch(candidate.strip()) or any(ch.isdigit() for ch in w.group())):
                return end
        return head.end() if self._unit(ended) else None

    def _unit(self, part: str) -> bool:
        """A flat, floor, door or block part: "5.º A", "bl. A2", "кв. 4", "D: 3"."""
        part = part.strip()
        if _SHORT_UNIT.fullmatch(part):
            return True
        tokens = part.split()
        return 1 <= len(tokens) <= 3 and tokens[0].lower() in self.words.unit and any(ch.isdigit() for ch in part) \
            or (len(tokens) == 1 and tokens[0].lower().rstrip(".") + "." in self.words.unit)

    def _numbered(self, part: str) -> tuple[str, str | None, bool, bool]:
        """A part as (the street's words as written, house number, a number marker stood before
        it, flat markers came after it): "Mimar Sinan Sok. No: 27 D: 5" -> ("Mimar Sinan Sok. ",
        "27", True, True)."""
        tokens = list(re.finditer(r"\S{1,40}", part))
        trailing = False
        # flat markers after the number, inside the same part ("No: 27 D: 5", "12 кв. 4")
        while len(tokens) >= 3 and tokens[-2].group().lower() in self.words.unit and _HOUSE.fullmatch(tokens[-1].group()):
            tokens, trailing = tokens[:-2], True
        if not tokens or not _HOUSE.fullmatch(tokens[-1].group()) or _YEAR.fullmatch(tokens[-1].group()):
            return part, None, False, False
        number = tokens[-1].group()
        tokens = tokens[:-1]
        marked = bool(tokens) and tokens[-1].group().lower() in self.words.number
        if marked:
            tokens = tokens[:-1]
        return (part[: tokens[-1].end()] if tokens else ""), number, marked, trailing

    def _typed_part(self, part: str) -> tuple[int, bool] | None:
        """Where the street's name starts when a word of a kind of street is followed by at most
        `MAX_STREET_WORDS` words to the part's end, whatever they are ("ул. 8 Марта", "ул. 60 лет
        СССР"): names after a date or an anniversary hold numbers and small words."""
        tokens = list(_TOKEN.finditer(part))
        for i in range(len(tokens) - 2, max(-1, len(tokens) - 2 - MAX_STREET_WORDS), -1):
            word = tokens[i].group().lower()
            if word in self.words.street and word not in self.words.after:
                return tokens[i].start(), True
        return None

    def _street_words(self, street: str) -> tuple[int, bool] | None:
        """Where in `street` the street's name starts, and whether a word of a kind of street is
        in it; None when the words before the number are not a street's name. From the number
        leftwards: capitalised words, words of a kind of street and connectors ("de", "von"),
        at most `MAX_STREET_WORDS`; the name starts at its first capitalised or street word."""
        tokens = list(_TOKEN.finditer(street))
        kept: list[re.Match[str]] = []
        for tok in reversed(tokens):
            word = tok.group()
            low = word.lower()
            if len(kept) >= MAX_STREET_WORDS or word.endswith(("?", "!", ":", ";", ")")) or word.startswith("("):
                break
            if word.endswith(".") and len(word) > 5 and low not in self.words.street and low not in self.words.number:
                break  # a sentence's last word, not an abbreviation ("... in Köln. Hauptstraße 5")
            if kept and _STREET_NUMBER_NAME.fullmatch(word) and kept[-1].group().lower() in self.words.after:
                kept.append(tok)  # a numbered street: "375. Sokak", "1203 Sk." (its name is its number) ...
                continue
            if low.rstrip(":") in self.words.address:
                break  # "Adresim Atatürk Cad. No:45": the noun that says what follows is no word of its name
            if kept and _STREET_NUMBER_NAME.fullmatch(kept[-1].group()) and low not in self.words.street:
                break  # ... and before it only its quarter's ("Menekşe Mah. 375. Sokak"), not "Evim 1203. Sokak"
            if low in self.words.street or word[:1].isupper() or low in _CONNECTORS:
                if any(ch.isdigit() for ch in word):
                    break
                kept.append(tok)
                if low in self.words.street and low not in self.words.after and (len(kept) > 1 or low not in self.words.either):
                    break  # "Calle", "Str.", "ул." open the street's name; one that may follow it, right
                    # before the number, follows it ("Заречная ул., д. 58")
                continue
            break
        while kept and kept[-1].group().lower() in _CONNECTORS:  # the name does not open with "de"
            kept.pop()
        if not kept:
            return None
        has_type = any(t.group().lower() in self.words.street or t.group().lower().endswith(self.words.suffixes)
                       for t in kept)
        return kept[-1].start(), has_type


def _marker_regex(alternation: str) -> re.Pattern[str]:
    """A house-number marker and its number: "nr. 45", "д. 14", "No: 27", "№ 5"."""
    return re.compile(rf"(?<![\w.])(?i:{alternation})[ \u00a0]{{0,2}}(?P<num>{_HOUSE.pattern})(?![\w/\-])")


# A flat part as it opens a part ("bl. B1", "ap. 43", "кв. 129"), and the town that ends the line
# ("Oradea", "г. Самара", "Cluj-Napoca"): capitalised words, at most three.
_CLOSERS = ").]}»\"'’;:!?."  # what closes a sentence or an aside after a flat's number
_UNIT_HEAD = re.compile(r"[^\s,]{1,12}(?:[ \u00a0][^\s,]{1,8}){0,2}?(?=\s{0,8}$|[ \u00a0]{0,3}[).!?;:]|[ \u00a0]{1,3}[^\w\s])"
                        r"|[^\s,]{1,12}(?:[ \u00a0][^\s,]{1,8}){0,2}")
_TOWN_PART = re.compile(r"(?:(?:г|mun|m)\.[ \u00a0]?)?(?P<town>[^\W\d_][\w'’\-]{1,30}(?:[ \u00a0][^\W\d_][\w'’\-]{1,30}){0,2}?)"
                        r"(?=$|[ \u00a0]{0,3}[^\w\s'’\-]|[ \u00a0]{1,3}(?![^\W\d_]))")


# A capitalised word right after the house number, where the regex's other ends did not hold
_RUN_ON = re.compile(r"[ \u00a0][A-ZÀ-ÖØ-ÞĀ-ŽΑ-ΩΆ-ΏА-ЯЁІЇЄ]")
# An address noun's label and its colon right before the street ("Lieferadresse: ", "Διεύθυνση παράδοσης: ")
_LABEL_COLON_BEFORE = re.compile(r":[ \u00a0]{1,2}$")
LABEL_LOOK_BEHIND = 4


def _clause_ends(text: str, at: int) -> bool:
    """Whether a clause ends at `at`: punctuation, a line's end, the text's end or "and"."""
    return re.match(r"[ \u00a0]{0,2}(?:[.,;:!?)\n]|$|[ \u00a0](?:and|und|y|e|et|и|ve|και|și)\b)", text[at:at + 8]) is not None


def _town_end(text: str, start: int, end: int) -> int | None:
    """The end of the town's capitalised words (None when its first word is not capitalised)."""
    words = re.split(r"([ /\-])", text[start:end])
    if not words[0][:1].isupper():
        return None
    length = len(words[0])
    for i in range(1, len(words) - 1, 2):
        sep, word = words[i], words[i + 1]
        if not word[:1].isupper():
            break
        length += len(sep) + len(word)
    return start + length


def _parts(text: str, offset: int) -> list[tuple[int, str]]:
    """`text` split at its commas, each part with its position in the whole value; a part after
    the town stops at its sentence's end ("..., д. 15. Какая ...")."""
    out: list[tuple[int, str]] = []
    pos = 0
    for sep in _SPLIT.finditer(text):
        out.append((offset + pos, text[pos:sep.start()]))
        pos = sep.end()
    out.append((offset + pos, text[pos:]))
    return out
