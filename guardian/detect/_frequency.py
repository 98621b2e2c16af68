"""How common a word is in a language: wordfreq's Zipf scale, for telling ordinary words from names.

A shape that marks a medicine (a WHO stem: "-pril", "-caine") or a brand's name also matches words
every text of a language is full of (Romanian "propriile", Russian "случайно", Spanish "cambia").
A word among a language's most common ones is that word, not a rare drug's name. The measure is
wordfreq's (`zipf_frequency`, its "small" lists: words down to about one in a million, built from
Wikipedia, subtitles, news, books and the web; code Apache-2.0, data CC BY-SA 4.0): log10 of the
word's count per billion words, so 4.0 is once in 100,000 words, 3.0 once in a million.

Without wordfreq, or for a language it has no list for, every word has frequency 0.0: nothing is
called ordinary and the callers read as before.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable

__all__ = ["zipf"]

log = logging.getLogger(__name__)

_lock = threading.Lock()
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
