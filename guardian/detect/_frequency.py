"""How common a word is in a language: wordfreq's Zipf scale, for telling ordinary words from names.

A shape that marks a medicine (a WHO stem: "-pril", "-caine") or a brand's name also matches words
every text of a language is full of (Romanian "propriile", Russian "случайно", Spanish "cambia").
A word among a language's most common ones is that word, not a rare drug's name. The measure is
wordfreq's (`zipf_frequency`, its "small" lists: words down to about one in a million, built from
Wikipedia, subtitles, news, books and the web; code Apache-2.0, data CC BY-SA 4.0): log10 of the
word's count per billion words, so 4.0 is once in 100,000 words, 3.0 once in a million.

A name that nearly every language the detector reads writes often ("Firefox", "Microsoft", "Siemens")
is known worldwide: a product, a firm or a city every text is about, not a private one that only
its writer's circle names (`worldwide`). A person's name may be as common ("Maria"); callers ask
this of firms, places and groups only.

Without wordfreq, or for a language it has no list for, every word has frequency 0.0: nothing is
called ordinary or known worldwide, and the callers read as before.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from collections.abc import Callable

__all__ = ["known_in_languages", "zipf", "worldwide"]

log = logging.getLogger(__name__)

_lock = threading.Lock()
# A word once in a million words or more (Zipf 3.0) in at least 11 of the 13 lists of the languages
# the detector reads (English and `language.READ_LANGUAGES`): "Firefox" 12, "Microsoft" 13, "Siemens"
# 13; a town or a surname is in fewer ("Madrid" 9, "Schmidt" 10, "Getafe" 1), a medicine too
# ("Viagra" 9, "aspirin" 3), a rare product in none ("Monero"). Only these lists are loaded (each a few
# MB), most of them already for the text's own language; all 39 would add about 190 MB and 0.9 s.
WORLDWIDE_ZIPF = 3.0
WORLDWIDE_LISTS = ("en", "de", "es", "fr", "it", "pt", "nl", "pl", "ro", "el", "ru", "uk", "tr")
WORLDWIDE_LANGUAGES = 11
_WORD = re.compile(r"[^\W\d_]{2,64}")
_measure: Callable[[str, str], float] | None = None
_missing = False


@functools.lru_cache(maxsize=16384)
def zipf(word: str, lang: str) -> float:
    """The word's Zipf frequency in `lang` (0.0 for a word, a language or an install wordfreq does not know)."""
    measure = _load()
    if measure is None or not word:
        return 0.0
    try:
        return float(measure(word, lang))
    except (LookupError, ValueError):  # a language without a list
        return 0.0


def worldwide(span: str) -> bool:
    """Whether every word of `span` (two letters or more; at least one; none an acronym) is written
    often in nearly every language the detector reads (`WORLDWIDE_LANGUAGES` of `WORLDWIDE_LISTS`):
    a name known worldwide."""
    words = _WORD.findall(span)
    # wordfreq folds case: an acronym would be read as the word it spells ("KIT", a university, as "kit")
    return bool(words) and not any(word.isupper() for word in words) \
        and all(_known_in(word.lower()) >= WORLDWIDE_LANGUAGES for word in words)


def known_in_languages(word: str) -> int:
    """In how many of `WORLDWIDE_LISTS` `word` (case folded) is written at least `WORLDWIDE_ZIPF`."""
    return _known_in(word.lower())


@functools.lru_cache(maxsize=4096)
def _known_in(word: str) -> int:
    """In how many of `WORLDWIDE_LISTS` `word` is at least `WORLDWIDE_ZIPF`."""
    if _load() is None:
        return 0
    return sum(zipf(word, lang) >= WORLDWIDE_ZIPF for lang in WORLDWIDE_LISTS)


def _load() -> Callable[[str, str], float] | None:
    global _measure, _missing
    if _measure is None and not _missing:
        with _lock:
            if _measure is None and not _missing:
                try:
                    from wordfreq import available_languages, zipf_frequency
                except ImportError:
                    _missing = True
                    log.warning("wordfreq is not installed: no word is known as common")
                    return None

                # wordfreq answers a language it has no list for from its nearest one ("ga" from "en")
                known = frozenset(available_languages("small"))

                def measure(word: str, lang: str) -> float:
                    return float(zipf_frequency(word, lang, wordlist="small")) if lang in known else 0.0

                _measure = measure
    return _measure
