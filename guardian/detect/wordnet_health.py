"""Whether an English word has a health sense, by Princeton WordNet 3.0.

A learned reader that tags a writer's health (`disclosure_tagger.py`, `writers_head.py`) reads a
window of words: beside "my" and a verb of having it also tags what the writer carries, eats or
does ("my thermos", "after my workout", "I'm having bread sticks"). WordNet says what each word can
mean. A span none of whose words has a sense under a physical condition, an injury, a disability,
a drug, medical care, a sick person or a body part (`lab/training/detect/wordnet_health.py` lists
the roots), and which WordNet knows in other senses, names no health. A word WordNet has never seen
(a brand of medicine, a misspelling, an abbreviation) is left to the reader, and so is any word of
the detector's own health gazetteer or medicine list.

`wordnet_health.txt.gz` beside this file holds the two word lists (`guardian-lab detect
write-health-words`; record inside, licence in LICENSES.md). Forms are brought to WordNet's by its
own detachment rules (morphy(7WN)).
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections.abc import Callable
from pathlib import Path

__all__ = ["HEALTH", "OTHER", "UNKNOWN", "reading", "names_no_health", "lists_path", "warm", "is_one_word"]

HEALTH, OTHER, UNKNOWN = "health", "other", "unknown"

# morphy(7WN)'s detachment rules, nouns, verbs and adjectives together: a form may be any of them
_DETACH = (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
           ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
           ("er", ""), ("est", ""), ("er", "e"), ("est", "e"))
_WORD = re.compile(r"[A-Za-z]{1,60}(?:['’-][A-Za-z]{1,60}){0,4}")


def lists_path() -> Path:
    return Path(__file__).parent / "wordnet_health.txt.gz"


@functools.lru_cache(maxsize=1)
def _lists() -> tuple[frozenset[str], frozenset[str]]:
    """(health words, other words); both empty when the file is missing, so every word is unknown."""
    try:
        with gzip.open(lists_path(), "rt", encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return frozenset(), frozenset()
    return frozenset(data["health"]), frozenset(data["other"])


def warm() -> None:
    """Read the lists now (a start's warm-up), not on the first prompt that needs them."""
    _lists()


def _forms(word: str) -> list[str]:
    forms = [word]
    for suffix, ending in _DETACH:
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            forms.append(word[: -len(suffix)] + ending)
    return forms


@functools.lru_cache(maxsize=4096)
def reading(word: str) -> str:
    """HEALTH when a form of the word has a health sense, OTHER when WordNet knows it only in other
    senses, UNKNOWN when it does not know it."""
    health, other = _lists()
    forms = _forms(word.lower().replace("’", "'"))
    if any(f in health for f in forms):
        return HEALTH
    return OTHER if any(f in other for f in forms) else UNKNOWN


def is_one_word(span: str) -> bool:
    """Whether a span is one word (letters, joined by an apostrophe or a hyphen at most)."""
    return _WORD.fullmatch(span.strip()) is not None


def names_no_health(span: str, function_words: frozenset[str] = frozenset(),
                    also_health: Callable[[str], bool] = lambda word: False) -> bool:
    """Whether no two or three words of a span in a row are a health collocation of WordNet's and
    every word of it other than `function_words` is one WordNet knows with no
    health sense and none is health by `also_health` (the detector's own gazetteer). A hyphenated
    word WordNet does not know counts as its parts ("machine-washable")."""
    every = _WORD.findall(span)
    words = [w for w in every if w.lower() not in function_words]
    if not words:
        return False
    health, _ = _lists()
    lowered = [w.lower() for w in every]
    if any(" ".join(lowered[i:i + n]) in health for n in (2, 3) for i in range(len(lowered) - n + 1)):
        return False  # "lactose intolerance": a collocation WordNet gives a health sense
    for word in words:
        whole = reading(word)
        parts = word.split("-") if whole == UNKNOWN and "-" in word else [word]
        if any(reading(p) != OTHER or also_health(p) for p in parts):
            return False
    return True
