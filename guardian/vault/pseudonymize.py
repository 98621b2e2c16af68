"""A conversation's pseudonyms written into one text: at its findings, and where known values recur.

The pipeline's AI-chat operator (`guardian.anonymize.operators.chat_pseudonym`) calls this for
each field of a prompt: "Jane" becomes `[PERSON_1]` (or its surrogate) in every turn, so the
answer can be restored. Overlapping spans keep the earlier one, as the anonymizer does; a known
value is looked for as a whole word, and only if it has at least `MIN_KNOWN_CHARS` characters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from guardian.vault.memory import Conversation
from guardian.vault.surrogates import label_for

__all__ = ["known_pattern", "pseudonymize_text", "Span", "MIN_KNOWN_CHARS"]

MIN_KNOWN_CHARS = 3  # a known value shorter than this is not looked for outside a finding
FREE_TEXT = "Content"  # the category of a whole prose value: never one span to replace
NUMBER_REPLACEMENT = "0"  # a JSON number stays a number (as L3 does); not restorable


@dataclass(frozen=True)
class Span:
    """One detected value in a field: where it is and what it is."""

    start: int
    end: int
    category: str
    entity: str


def known_pattern(originals: Sequence[str]) -> re.Pattern[str] | None:
    """One pattern for the known originals (longest first), each as a whole word."""
    pieces = [
        ("(?<!\\w)" if v[:1].isalnum() else "") + re.escape(v) + ("(?!\\w)" if v[-1:].isalnum() else "")
        for v in originals
        if len(v) >= MIN_KNOWN_CHARS
    ]
    return re.compile("|".join(pieces)) if pieces else None


def pseudonymize_text(
    text: str, spans: Sequence[Span], conversation: Conversation, style: str, *, avoid: str | None = None,
    known: re.Pattern[str] | None = None, number: bool = False, language: str | None = None,
) -> tuple[str, int, int, int]:
    """`text` with `spans` (overlaps: the earlier kept, as the anonymizer does) and, with `known`,
    the conversation's known values replaced by pseudonyms; new surrogates are in `language` (the
    text's). Returns text, replaced, new, again."""
    chosen: list[tuple[int, int, str]] = []
    last_start = len(text) + 1
    for s in sorted(spans, key=lambda x: (x.start, -x.end), reverse=True):
        if s.category == FREE_TEXT or s.end > last_start or s.start >= s.end or s.end > len(text):
            continue
        chosen.append((s.start, s.end, f"{s.category}\x00{s.entity}"))
        last_start = s.start
    new = 0
    out: list[tuple[int, int, str]] = []
    for start, end, what in reversed(chosen):  # in reading order: the first name met is [PERSON_1]
        if number:
            out.append((start, end, NUMBER_REPLACEMENT))
            continue
        category, entity = what.split("\x00", 1)
        value, made = conversation.pseudonym(text[start:end], label_for(category, entity), style,
                                             avoid=text if avoid is None else avoid, language=language)
        new += made
        out.append((start, end, value))
    again = 0
    if known is not None and not number:
        taken = [(s, e) for s, e, _ in out]
        for m in known.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            value = conversation.lookup(m.group(0))
            if value is None:  # dropped meanwhile (a clear)
                continue
            out.append((m.start(), m.end(), value))
            taken.append((m.start(), m.end()))
            again += 1
    for start, end, value in sorted(out, reverse=True):
        text = text[:start] + value + text[end:]
    return text, len(out), new, again
