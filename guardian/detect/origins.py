"""Whether an English word names a national or ethnic origin, by CLDR (Babel) rather than a list.

A people is most often called by its language ("Hmong", "Yoruba", "Punjabi", "Korean") or by an
adjective made of its country's name ("Nigeria" -> "Nigerian", "Ghana" -> "Ghanaian", "Pakistan"
-> "Pakistani", "Vietnam" -> "Vietnamese"). CLDR's English names of languages and territories
cover both without a hand-written list. A word that is also a person's given name or surname
(Faker's lists, `given_names.py`: "Jordan", "Adrian", "Christian") is left out: "I'm Jordan" is an
introduction far more often than an origin; a language's name that is also a surname ("German",
"French") is an origin where the English dictionary knows it as a word ("german", not "shona").
"""

from __future__ import annotations

import functools
import re

__all__ = ["is_origin_word"]

# The adjective endings English makes of a place's name; the stem left must begin a territory's
# name and be long enough not to begin many ("Nigeri-an" of Nigeria, "Mexic-an" of Mexico).
_ENDINGS = ("ian", "ean", "an", "ese", "ish", "i", "n")
_MIN_STEM = 4
_WORD = re.compile(r"[A-Za-z]{3,25}")


@functools.lru_cache(maxsize=1)
def _names() -> tuple[frozenset[str], tuple[str, ...]]:
    """(one-word language names, territory names), case-folded: CLDR's English display names."""
    from babel import Locale

    english = Locale("en")
    languages = frozenset(n.casefold() for n in english.languages.values() if _WORD.fullmatch(n))
    # regions too ("Africa" -> "African")
    territories = tuple(sorted({n.casefold() for n in english.territories.values()}))
    return languages, territories


def is_origin_word(word: str) -> bool:
    """Whether `word` is a people's name or a country's adjective ("Nigerian", "Hmong", "Filipino")
    and no given name or surname."""
    if not _WORD.fullmatch(word):
        return False
    from guardian.detect.given_names import name_words

    folded = word.casefold()
    languages, territories = _names()
    if folded in name_words():
        return folded in languages and _a_common_word(folded)
    if folded in languages:
        return True
    for ending in _ENDINGS:
        stem = folded[: -len(ending)]
        if folded.endswith(ending) and len(stem) >= _MIN_STEM and any(t.startswith(stem) for t in territories):
            return True
    return False


def _a_common_word(folded: str) -> bool:
    from guardian.detect._english import model_english_words

    words = model_english_words()
    return words is not None and words.known(folded)
