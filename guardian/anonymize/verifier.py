"""The verifier V(g, x0) of Algorithm 1: is an attacker's guess supported by the original text?

A guess is verified if it is a substring of the original text (case-insensitive) or shares a
content word with it: a word longer than 2 characters that is not a stop word. A guess the
original does not support is a hallucination and must not push the level up.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["STOP_WORDS", "Support", "content_words", "support", "supporting_spans", "verify"]

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


Span = tuple[int, int]


@dataclass(frozen=True)
class Support:
    """The verdict V(g, x0) and the supporting spans [start, end) in the original, sorted."""

    verified: bool
    spans: tuple[Span, ...]


def _word_spans(word: str, original: str) -> list[Span]:
    """Whole-word, case-insensitive occurrences of `word` (a plural "s" on it allowed)."""
    pattern = re.compile(rf"(?<![^\W_]){re.escape(word)}(?:s|es)?(?![^\W_])", re.IGNORECASE)
    return [(m.start(), m.end()) for m in pattern.finditer(original)]


def supporting_spans(guess: str, original: str, evidence: Sequence[str] = ()) -> tuple[Span, ...]:
    """Where the guess's support occurs in the original: the guess as a phrase, its content
    words, and the content words of `evidence`; overlapping spans merged."""
    g = " ".join(guess.split())
    spans: list[Span] = []
    if g and (content_words(g) or _DIGITS.search(g)):
        phrase = r"\s+".join(re.escape(part) for part in g.split())
        spans.extend((m.start(), m.end()) for m in re.finditer(rf"(?<![^\W_]){phrase}(?![^\W_])", original, re.IGNORECASE))
    words = content_words(g) | {w for e in evidence for w in content_words(e)}
    words |= {d.group() for e in evidence for d in _DIGITS.finditer(e)}  # "34" (an age) is evidence too
    for w in sorted(words):
        spans.extend(_word_spans(w, original))
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return tuple(merged)


def support(guess: str, original: str, evidence: Sequence[str] = ()) -> Support:
    """V(g, x0) with its spans: verified when `verify` holds or any evidence word occurs in the
    original (the paper's rule, extended to the words an attacker says it relied on)."""
    spans = supporting_spans(guess, original, evidence)
    return Support(verify(guess, original) or bool(spans), spans)
