"""Two swapped letters read as the word they spell: "As soemone who's recently divorced".

People type fast, and the readers of a prompt key on its ordinary words ("someone", "because",
"friend", "asking"): one pair of letters typed the wrong way round and a cue no longer matches, so
the detail it introduces passes. A lower-case word that English never writes (wordfreq's Zipf 0,
`_frequency.py`) and that one swap of two adjacent letters turns into a common word (Zipf at least
`COMMON_ZIPF`, once in 10,000 words) is read as that word. A swap keeps the text's length and every
other character, so a finding's span in the reading is the same span in the text as sent: what the
readers find is rewritten in what the user wrote, typos and all.

A capitalised word keeps its capital, and is respelled only into a word that is no given name or
surname (a name may be typed so: "Mraia" is not "Maria"); a code, a handle or a product ("kubectl",
"nginx") has no common word one swap away.

Every language the detector reads is respelled the same way, by its own wordfreq list: the text's
language (`language.language_of`) picks the list ("Mein Geburtstag, ich bin vom ..." typed
"Geburtstga" is read by German's, "рабтоаю" as "работаю" by Russian's). The cues of every reader
are words of its language, and a swap breaks them there as it does in English.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from guardian.detect._frequency import zipf
from guardian.detect._text import lower
from guardian.records import Field, Payload

__all__ = ["respell", "respelled", "COMMON_ZIPF"]

COMMON_ZIPF = 4.0  # the word a swap gives: once in 10,000 words or more ("someone" 5.6, "asking" 5.0)
UNSEEN_ZIPF = 1.0  # the word as typed: never (0.0) or almost never written
MIN_CHARS = 4  # "teh" and other short words are too near too many others to guess
MAX_CHARS = 20
MAX_TEXT_CHARS = 100_000  # longer values are read in part by the readers too; never respelled
_WORD = re.compile(r"(?<![\w'’\-@./])[A-Za-z][a-z]{%d,%d}(?![\w'’\-@/]|\.\w)" % (MIN_CHARS - 1, MAX_CHARS - 1))
# the same in every alphabet: a letter, then lower-case letters only (an acronym or a camel-cased
# identifier is no typed word)
_ANY_WORD = re.compile(r"(?<![\w'’\-@./])[^\W\d_][^\W\d_]{%d,%d}(?![\w'’\-@/]|\.\w)" % (MIN_CHARS - 1, MAX_CHARS - 1))
ENGLISH = "en"


@functools.lru_cache(maxsize=8192)
def _respelled_word(word: str, language: str = ENGLISH) -> str | None:
    """The common word one adjacent swap makes of `word` in `language`, when `word` is never
    written there; None else."""
    if zipf(word, language) >= UNSEEN_ZIPF:
        return None
    best, best_zipf = None, COMMON_ZIPF
    for i in range(len(word) - 1):
        if word[i] == word[i + 1]:
            continue
        candidate = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        frequency = zipf(candidate, language)
        if frequency >= best_zipf:
            best, best_zipf = candidate, frequency
    return best


@functools.lru_cache(maxsize=8192)
def _respelled_capitalised(word: str, language: str = ENGLISH) -> str | None:
    """A capitalised word respelled by a swap that leaves its capital where it is ("Thakns" ->
    "Thanks"), into a word that is no given name or surname ("Mraia" is not "Maria")."""
    from guardian.detect.given_names import name_words

    first = lower(word[0])
    fixed = _respelled_word(first + word[1:], language)
    if fixed is None or fixed[0] != first or fixed in name_words():
        return None
    return word[0] + fixed[1:]


def respell(text: str, language: str = ENGLISH) -> str:
    """`text` with each word never written in `language` that one swap makes common respelled; the
    same length, so spans carry over."""
    out: list[str] | None = None
    for match in (_WORD if language == ENGLISH else _ANY_WORD).finditer(text):
        word = match.group()
        if not word[1:].islower():
            continue
        fixed = _respelled_capitalised(word, language) if word[0].isupper() else _respelled_word(word, language)
        if fixed is None:
            continue
        if out is None:
            out = list(text)
        out[match.start():match.end()] = fixed
    return text if out is None else "".join(out)


def respelled(payload: Payload) -> Payload:
    """`payload` with its fields of prose respelled, each by its language's list (English where the
    language is not sure); the same payload when no word changed."""
    from guardian.detect._text import is_natural_text
    from guardian.detect.language import READ_LANGUAGES, language_of

    fields: list[Field] = []
    changed = False
    for item in payload.fields:
        if isinstance(item.value, str) and len(item.value) <= MAX_TEXT_CHARS and _ANY_WORD.search(item.value) \
                and is_natural_text(item.value):
            language = language_of(item.value) or ENGLISH
            value = respell(item.value, language) if language == ENGLISH or language in READ_LANGUAGES else item.value
            if value != item.value:
                item = dataclasses.replace(item, value=value)
                changed = True
        fields.append(item)
    return payload.with_fields(tuple(fields)) if changed else payload
