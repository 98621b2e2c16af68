"""A town, then the writer living there -> Location(coarse), a quasi-identifier.

People name the town first, as a question's topic, and say it is theirs afterwards: "Does that
hold for Cottbus too? I've lived there since I was born.", "¿Vale también para Ponferrada? Vivo
allí desde que nací.", "... in Leeds, where I grew up". The readers of places see a cue of the
writer's only right before or after the town, so such a town passes. This reader takes the phrases
of each language's "I live / grew up / was born there" (`lived_there.yaml`: the place adverb and
a first-person verb, or a relative clause "where I live"), and reports the last town the place-name
list knows (GeoNames, `detect/towns.py`) in the sentence before the phrase or in its own sentence
before it; for a relative clause, only the town right before it and its comma.

A town is a capitalised run that does not open its sentence (its first word is then the
sentence's). German capitalises its nouns, and "Essen", "Wald" and "Ende" are towns too: there a
town has no article before it ("für Cottbus", not "beim Essen", "am Ende"). Whose the town is needs
no other judge: the phrase is first person. Russian, Ukrainian and Polish inflect a town's name
("для Твери"): where the form as written is no town, the nominative by its usual endings is tried.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Recognizer
from guardian.detect.language import ENGLISH, READ_LANGUAGES, language_of
from guardian.detect.recognizers._cue_phrases import cue_alternation, plain
from guardian.detect.towns import is_town, load_towns, town_end
from guardian.records import Field, Finding

__all__ = ["LivedThereRecognizer"]

PHRASES = Path(__file__).resolve().parent / "lived_there.yaml"
LOOK_BACK_CHARS = 300  # how far before the phrase its town may stand (the sentence before and its own)
MAX_CHARS = 10_000  # a longer value is no prompt's sentence (bounds the work on any input)
_SENTENCE_END = re.compile(r"[.!?;;\n]")  # Greek asks with ";" and "\u037e"
_CAPITAL = re.compile(r"(?<![\w'’\-])(?=[^\W\d_])(?-i:[A-ZÀ-ÖØ-ÞĀ-ſΑ-ΩΆ-ΏА-ЯЁІЇЄҐ])")
_OPENS = re.compile(r"(?:^|[.!?;;\n:¿¡«\"“„(—–\-])[\s\"“„«(¿¡]{0,3}$")
_COMMA_BEFORE = re.compile(r"^\s{0,2},\s{0,3}$")
# German's articles and the prepositions fused with one: a capitalised word after them is a noun
_GERMAN_ARTICLE = re.compile(r"(?<!\w)(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|im|am|zum|zur|beim|vom|"
                             r"ins|ans|aufs|mein|meine|meinem|meinen|unser|unsere|unserem|dein|deine)\s{1,3}$", re.I)
# Case endings of a town's name and its nominative's (ru/uk: Твери -> Тверь, Самары -> Самара,
# Новосибирска -> Новосибирск; pl: Krakowa -> Kraków is not reached, Gdańska -> Gdańsk is)
_NOMINATIVE = {
    "ru": (("и", "ь"), ("ы", "а"), ("е", "а"), ("е", "ь"), ("е", ""), ("а", ""), ("у", ""), ("ом", ""), ("ой", "а"), ("ю", "ь")),
    "uk": (("і", "ь"), ("и", "а"), ("і", "а"), ("і", ""), ("а", ""), ("у", ""), ("ом", ""), ("ою", "а"), ("ю", "ь")),
    "pl": (("a", ""), ("u", ""), ("iu", ""), ("ie", ""), ("y", "a"), ("i", "a"), ("ze", "a"), ("e", "a")),
}


def _plain(text: str) -> str:
    """The text as the phrases are compared (`_cue_phrases.plain`), its typographic apostrophe the
    straight one the phrases are written with ("I’ve lived there")."""
    return plain(text).replace("’", "'")


@functools.lru_cache(maxsize=2)
def _phrases(path: str = str(PHRASES)) -> dict[str, dict[str, re.Pattern[str]]]:
    """Each language's "there" and "where" phrases, compiled to match the plain text."""
    from ruamel.yaml import YAML

    raw: dict[str, Any] = YAML(typ="safe").load(Path(path).read_text(encoding="utf-8")) or {}
    out: dict[str, dict[str, re.Pattern[str]]] = {}
    for lang, kinds in raw.items():
        compiled = {}
        for kind in ("there", "where"):
            phrases = [_plain(str(p)) for p in (kinds or {}).get(kind) or () if str(p).strip()]
            if phrases:
                compiled[kind] = re.compile(rf"(?<!\w)(?:{cue_alternation(phrases)})(?!\w)")
        out[str(lang)] = compiled
    return out


class LivedThereRecognizer(Recognizer):
    """A known town before the writer's "I live there" (module docstring)."""

    name: ClassVar[str] = "lived_there"
    entities: ClassVar[tuple[str, ...]] = ("LOCATION",)
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    LANGUAGES: ClassVar[frozenset[str] | None] = frozenset({ENGLISH}) | READ_LANGUAGES

    def warm(self) -> None:
        """Read the phrases and the town list now, not on the first value."""
        _phrases()
        load_towns()

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(p for kinds in _phrases().values() for p in kinds.values())

    def analyze(self, field: Field) -> list[Finding]:
        text = field.value
        if not text or len(text) > MAX_CHARS:
            return []
        plain = _plain(text)
        if len(plain) != len(text):
            return []  # a character that folds to two: offsets would not be the text's
        language = language_of(text) or ENGLISH
        phrases = _phrases().get(language)
        if not phrases:
            return []
        spans: list[tuple[int, int]] = []
        if (there := phrases.get("there")) is not None:
            for m in there.finditer(plain):
                town = _last_town(text, m.start(), language, sentences=2)
                if town is not None:
                    spans.append(town)
        if (where := phrases.get("where")) is not None:
            for m in where.finditer(plain):
                town = _last_town(text, m.start(), language, sentences=1)
                if town is not None and _COMMA_BEFORE.match(text[town[1]:m.start()]):
                    spans.append(town)
        return [Finding(DataCategory.LOCATION_COARSE, "LOCATION", field.path, start, end, 0.75, self.name, quasi=True)
                for start, end in sorted(set(spans))]


def _last_town(text: str, at: int, language: str, *, sentences: int) -> tuple[int, int] | None:
    """The last known town before `at`, in its sentence or (`sentences` = 2) the one before."""
    start = max(0, at - LOOK_BACK_CHARS)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, start, at)]
    # the phrase's own sentence opens after the last end; the one before it after the end before that
    if len(ends) >= sentences:
        start = ends[-sentences]
    found: tuple[int, int] | None = None
    for m in _CAPITAL.finditer(text, start, at):
        begin = m.start()
        if _OPENS.search(text, max(0, begin - 4), begin) or begin == 0:
            continue
        if language == "de" and _GERMAN_ARTICLE.search(text, max(0, begin - 12), begin):
            continue  # "beim Essen", "am Ende": a noun
        end = town_end(text, begin) or _inflected_town_end(text, begin, language)
        if end is None or end > at:
            continue
        found = (begin, end)
    return found


_WORD = re.compile(r"[^\W\d_]{3,30}")


def _inflected_town_end(text: str, begin: int, language: str) -> int | None:
    """The end of a one-word town written in a case of its own, by the nominative's usual endings."""
    endings = _NOMINATIVE.get(language)
    word = _WORD.match(text, begin)
    if endings is None or word is None:
        return None
    form = word.group()
    for case, nominative in endings:
        if form.endswith(case) and len(form) - len(case) >= 3 and is_town(form[: len(form) - len(case)] + nominative):
            return word.end()
    return None
