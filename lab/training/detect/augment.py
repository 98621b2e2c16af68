"""Variants of a training text in the registers people type in, with its labelled spans moved along.

A disclosure in a chat prompt is often typed fast: all in lower case, with a letter swapped, with
the subject left out ("been a nurse for 9 years, so ..."), or put after the question, in brackets or
after a dash. The rewrites the embedded LLM writes are mostly tidy, so the disclosure tagger sees
few of these. Each transform here changes the form of a text, never its words around a value, and
is applied to training texts only (validation chooses the thresholds on the texts as they are):

- `lower`: the whole text in lower case;
- `typo`: two neighbouring letters swapped in one word outside every span;
- `drop_subject`: a sentence's leading "I" / "I've" dropped before a verb ("I work at X" -> "work at X");
- `move_first`: a text's first sentence moved behind the rest, in brackets or after a dash.

Spans are (start, end, label) character offsets; a transform that cannot keep them exactly returns None.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

__all__ = ["Spans", "TRANSFORMS", "lower", "typo", "drop_subject", "move_first", "variants"]

Spans = list[tuple[int, int, str]]
Item = tuple[str, str, str, Spans]  # (source, group, text, spans), as the trainers' items

# "I'm"/"I am" before a noun phrase has no verb to stand on once dropped ("a nurse and ..."): left as it is
_SUBJECT = re.compile(r"(?:^|(?<=[.!?]\s))(?:I['’]ve|I)\s(?!am\b)(?=[a-z])")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_WORD = re.compile(r"[A-Za-z]{4,}")


def _shift(spans: Spans, at: int, delta: int) -> Spans:
    return [(s + delta if s >= at else s, e + delta if e > at else e, c) for s, e, c in spans]


def lower(text: str, spans: Spans, rng: random.Random) -> tuple[str, Spans] | None:
    out = text.lower()
    return (out, list(spans)) if len(out) == len(text) and out != text else None


def typo(text: str, spans: Spans, rng: random.Random) -> tuple[str, Spans] | None:
    words = [m for m in _WORD.finditer(text) if not any(s < m.end() and m.start() < e for s, e, _ in spans)]
    if not words:
        return None
    m = rng.choice(words)
    i = rng.randrange(m.start() + 1, m.end() - 2)  # never the first letter: people rarely miss it
    if text[i] == text[i + 1]:
        return None
    return text[:i] + text[i + 1] + text[i] + text[i + 2:], list(spans)


def drop_subject(text: str, spans: Spans, rng: random.Random) -> tuple[str, Spans] | None:
    found = [m for m in _SUBJECT.finditer(text) if not any(s < m.end() and m.start() < e for s, e, _ in spans)]
    if not found:
        return None
    m = rng.choice(found)
    return text[:m.start()] + text[m.end():], _shift(spans, m.end(), m.start() - m.end())


def move_first(text: str, spans: Spans, rng: random.Random) -> tuple[str, Spans] | None:
    cut = _SENTENCE_END.search(text)
    if cut is None or any(s < cut.end() and cut.start() < e for s, e, _ in spans):
        return None
    first, rest = text[:cut.start()], text[cut.end():]
    opener, closer = rng.choice((("(", ")"), ("- ", ""), ("", "")))
    body = first.rstrip(".") if opener == "(" else first
    moved = f"{rest} {opener}{body}{closer}"
    offset = len(rest) + 1 + len(opener)
    out: Spans = []
    for s, e, c in spans:
        if e <= cut.start():
            if e > len(body):
                return None
            out.append((s + offset, e + offset, c))
        else:
            out.append((s - cut.end(), e - cut.end(), c))
    return moved, out


TRANSFORMS: dict[str, Callable[[str, Spans, random.Random], tuple[str, Spans] | None]] = {
    "lower": lower, "typo": typo, "drop_subject": drop_subject, "move_first": move_first,
}


def variants(items: Sequence[Item], rng: random.Random, per_item: int = 1,
             sources: frozenset[str] | None = None) -> list[Item]:
    """Up to `per_item` variants of each item (of `sources`, when given), each by one or two
    transforms drawn at random; a variant keeps its item's source and group, so a split by group
    keeps it beside its original."""
    out: list[Item] = []
    names = sorted(TRANSFORMS)
    for source, group, text, spans in items:
        if sources is not None and source not in sources:
            continue
        for _ in range(per_item):
            t, sp = text, list(spans)
            for name in rng.sample(names, rng.choice((1, 1, 2))):
                done = TRANSFORMS[name](t, sp, rng)
                if done is not None:
                    t, sp = done
            if t != text:
                out.append((source, group, t, sp))
    return out
