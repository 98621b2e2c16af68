"""Key matching shared by field-name hints and context words: "userEmail" ~ "user_email" ~ "e-mail".

A name is cut into lower-case tokens at separators, case changes and digit runs; a key matches
when its letters are spelled by a run of whole tokens. Plurals are folded on both sides, so
"emails" finds the key "email". Every regex here is bounded, so a hostile name stays linear.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["MAX_NAME_CHARS", "name_tokens", "compact_key", "find_key", "has_key"]

MAX_NAME_CHARS = 256  # names longer than this are cut: a real key never is

# Acronym before a capitalised word ("URLPath" -> URL, Path), a capitalised or lower word,
# an upper-case run, a digit run. Unicode letters are ignored: hint keys are ASCII.
_TOKEN_RE = re.compile(r"[A-Z]{1,64}(?=[A-Z][a-z])|[A-Z]?[a-z]{1,64}|[A-Z]{1,64}|[0-9]{1,64}")

# Suffixes that may be glued to a long key without a separator: "phonenumber", "passwordconfirm".
GLUE_SUFFIXES = frozenset(
    {"number", "num", "no", "nr", "confirm", "confirmation", "repeat", "again", "value", "input",
     "line1", "line2", "line3", "1", "2", "3"}
)
_POSSESSIVE = re.compile(r"(?<=[A-Za-z])['’]s\b")
GLUE_MIN = 5  # keys shorter than this never glue: "tel" must not match "hotel"


def _singular(token: str) -> str:
    """Fold a plural so "emails" and "addresses" meet their keys; applied to names and keys alike."""
    if len(token) > 3 and token.endswith("sses"):
        return token[:-2]
    if len(token) > 3 and token.endswith("s") and not token.endswith("ss"):
        return token[:-1]
    return token


def name_tokens(name: str) -> tuple[str, ...]:
    """The lower-case, singular tokens of a field name or a bit of text."""
    # A possessive is no token: "Driver's License" ~ "driver_license".
    name = _POSSESSIVE.sub("", name[:MAX_NAME_CHARS])
    return tuple(_singular(t.lower()) for t in _TOKEN_RE.findall(name))


def compact_key(key: str) -> str:
    """A table key in matching form: "date_of_birth" -> "dateofbirth", "coords" -> "coord"."""
    return "".join(name_tokens(key))


def find_key(tokens: Sequence[str], key: str, *, glue: bool = False) -> tuple[int, int] | None:
    """The rightmost token range [i, j) spelling the compact `key`, or None.

    The rightmost wins because English compounds put the head noun last ("user_email").
    With `glue`, a long key may also end a single token ("useremail") or start one followed by
    a known suffix ("phonenumber").
    """
    if not key:
        return None
    best: tuple[int, int] | None = None
    for i, first in enumerate(tokens):
        acc = ""
        for j in range(i, len(tokens)):
            acc += tokens[j]
            if acc == key:
                best = (i, j + 1)
                break
            if len(acc) >= len(key) or not key.startswith(acc):
                break
        if best is not None and best[0] == i:
            continue
        if glue and len(key) >= GLUE_MIN and len(first) > len(key):
            if first.endswith(key) or (
                first.startswith(key) and first[len(key) :] in GLUE_SUFFIXES
            ):
                best = (i, i + 1)
    return best


def has_key(tokens: Sequence[str], keys: frozenset[str], longest: int) -> bool:
    """Whether any of the compact `keys` (at most `longest` characters) is spelled by a run of whole
    tokens: `any(find_key(tokens, k) for k in keys)` without glue, in one pass over the runs."""
    for i in range(len(tokens)):
        acc = ""
        for j in range(i, len(tokens)):
            acc += tokens[j]
            if len(acc) > longest:
                break
            if acc in keys:
                return True
    return False
