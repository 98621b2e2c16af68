"""The verifier V(g, x0) of Algorithm 1: is an attacker's guess supported by the original text?

A guess is verified if it is a substring of the original text (case-insensitive) or shares a
content word with it: a word longer than 2 characters that is not a stop word. A guess the
original does not support is a hallucination and must not push the level up.
"""

from __future__ import annotations

import re

__all__ = ["STOP_WORDS", "content_words", "verify"]

STOP_WORDS = frozenset(
    """
    a an the and or but if then else of to in on at by for with from into onto over under about
    as is am are was were be been being have has had do does did done not no nor so than too very
    can could will would shall should may might must i me my mine we us our ours you your yours he
    him his she her hers it its they them their theirs this that these those there here what which
    who whom whose when where why how all any both each few more most other some such only own same
    just also again once out up down off above below between through during before after while
    because until against among per via yes maybe likely probably possibly unknown none person
    people someone somebody something anything nothing thing things one ones user author writer
    age sex gender location city country place job occupation work name old years year
    """.split()
)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_DIGITS = re.compile(r"\d{2,}")


def content_words(text: str) -> set[str]:
    """Lower-cased words longer than 2 characters that are not stop words."""
    return {w for w in (m.group().lower() for m in _WORD.finditer(text)) if len(w) > 2 and w not in STOP_WORDS}


def verify(guess: str, original: str) -> bool:
    """V(g, x0): the guess is a substring of the original, or shares a content word with it."""
    g = " ".join(guess.split()).lower()
    if not g:
        return False
    words = content_words(g)
    # A substring counts when it says something: not a lone stop word such as "the".
    if (words or _DIGITS.search(g)) and g in " ".join(original.split()).lower():
        return True
    return bool(words & content_words(original))
