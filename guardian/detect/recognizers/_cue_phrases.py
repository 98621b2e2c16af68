"""The cue phrases of `multilingual_cues.yaml` as regexes, for the multilingual readers alike.

A phrase's words are split by 1-3 spaces; a word ending in * takes any ending of up to 8 letters
("родил*": родился, родилась), one opening with * any beginning of 2 to 24 letters (a suffix that
marks the person: Turkish "*yorum" reads "göremiyorum"); a word with | is one of its forms
("мой|моему начальни*").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from guardian.detect._text import lower

__all__ = ["cue_phrase", "cue_alternation", "plain"]


def cue_phrase(phrase: object) -> str:
    """One phrase as a regex ("" for a phrase with no word)."""
    words = []
    for word in str(phrase).strip().lower().split():
        forms = [f for f in word.split("|") if f]
        alts = [(r"\w{2,24}" if f.startswith("*") else "") + re.escape(f.strip("*")) + (r"\w{0,8}" if f.endswith("*") else "")
                for f in forms]
        words.append(alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")")
    return r"\s{1,3}".join(words)


def cue_alternation(phrases: Iterable[object]) -> str:
    """The phrases as one alternation, longest first; empty phrases left out."""
    return "|".join(sorted((p for p in map(cue_phrase, phrases) if p), key=len, reverse=True))


# Letters whose mark is part of the letter, not a combining accent, typed as the plain letter on a
# keyboard without them: Turkish dotless "ı" ("adim" for "adım"), Polish "ł" ("zlamana" for "złamana")
_UNMARKED = str.maketrans({"ı": "i", "ł": "l"})


def plain(text: str) -> str:
    """Lower case without accents, as the cues are compiled: "γέννησής μου" (the enclitic's accent)
    meets the cue "γέννησης", "data de nastere" (typed without the key) meets "data de naștere",
    "benim adim" meets "benim adım"."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", lower(text).translate(_UNMARKED))
                   if not unicodedata.combining(ch))

