"""What a pseudonym looks like: a numbered tag (`[PERSON_1]`) or a realistic surrogate.

Tags are the default: the model sees at once that a name was replaced, and a tag cannot be
mistaken for real data. Surrogates keep the text natural for the model: a name from small
built-in lists, an e-mail at a reserved domain (RFC 2606), a phone number in the 555-0100..0199
range reserved for fiction, a city from a list. Categories with no natural surrogate (card
numbers, national ids, credentials ...) keep numbered tags in either style, so a surrogate is
never a valid-looking number of someone real. No library is needed for this (Faker was not
added: a few lists do, and a fixed list is easy to check against the conversation).

Every function is pure: the number `n` (a per-label counter of the conversation) and the
conversation's `seed` pick the surrogate, so the same conversation replays the same choices.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from guardian.anonymize.operators.l3_tag import ENTITY_TAGS, tag_for
from guardian.categories import DataCategory

__all__ = ["STYLES", "label_for", "tag", "surrogate", "candidates", "FIRST_NAMES", "LAST_NAMES", "CITIES"]

STYLES = ("tags", "surrogates")
DEFAULT_LABEL = "DATA"
RESERVED_EMAIL_DOMAINS = ("example.com", "example.org", "example.net")  # RFC 2606
FICTION_PHONE_PREFIX = "55501"  # 555-0100 .. 555-0199: reserved for fictional use (NANP)
FICTION_AREA_CODES = ("202", "312", "415", "617", "718", "206", "303", "512", "404", "305")
MAX_TRIES = 50  # surrogates tried before a numbered tag is used instead

# First names, last names and cities are disjoint lists, and every entry starts with a capital:
# a surrogate cannot begin inside another one, so restoring finds each where it was put.
FIRST_NAMES = (
    "Alex", "Robin", "Jordan", "Casey", "Noel", "Taylor", "Jamie", "Avery", "Riley", "Quinn",
    "Harper", "Rowan", "Emery", "Finley", "Hayden", "Parker", "Reese", "Sage", "Skyler", "Dakota",
    "Elliot", "Frankie", "Kendall", "Logan", "Marlow", "Peyton", "Remy", "Shawn", "Tatum", "Blair",
)
LAST_NAMES = (
    "Morgan", "Ellis", "Hayes", "Bennett", "Carver", "Dalton", "Foster", "Garner", "Hollis", "Irving",
    "Keller", "Lawson", "Mercer", "Norris", "Oakley", "Prescott", "Quincy", "Rowe", "Sawyer", "Thorne",
    "Underwood", "Vance", "Whitaker", "Yates", "Ashby", "Brennan", "Calloway", "Drummond", "Everly", "Fairchild",
)
CITIES = (
    "Springfield", "Riverton", "Fairview", "Lakewood", "Greenville", "Franklin", "Clinton", "Georgetown",
    "Salem", "Madison", "Oakdale", "Millbrook", "Ashland", "Brookfield", "Centerville", "Kingston",
    "Newport", "Milton", "Bristol", "Dover", "Hudson", "Marion", "Oxford", "Arlington",
)

_SURROGATE_LABELS = frozenset({"PERSON", "EMAIL", "PHONE", "LOCATION"})
_NON_LABEL = re.compile(r"[^A-Z0-9_]")


def label_for(category: str, entity: str) -> str:
    """The tag label of a finding (`PERSON`, `EMAIL` ...), as L3's tags name it."""
    try:
        text: str | None = tag_for(DataCategory(category), entity)
    except (ValueError, KeyError):
        text = ENTITY_TAGS.get(entity)
    label = (text or DEFAULT_LABEL).strip("[]").upper()
    return _NON_LABEL.sub("_", label) or DEFAULT_LABEL


def tag(label: str, n: int) -> str:
    """The numbered tag: `[PERSON_1]`."""
    return f"[{label}_{n}]"


def _name(i: int) -> str:
    first = FIRST_NAMES[i % len(FIRST_NAMES)]
    last = LAST_NAMES[(i // len(FIRST_NAMES) + i) % len(LAST_NAMES)]
    return f"{first} {last}"


_PHONE_SEPARATORS = frozenset(" +-.()/")


def _phone(i: int, original: str) -> str:
    """A fiction-range number in the original's shape: its separators, `+` and digit count."""
    area = FICTION_AREA_CODES[(i // 100) % len(FICTION_AREA_CODES)]
    digits = "1" + area + FICTION_PHONE_PREFIX + f"{i % 100:02d}"
    slots = sum(ch.isdigit() for ch in original)
    fill = digits[-slots:] if slots <= len(digits) else digits.rjust(slots, "0")
    it = iter(fill)
    # only a phone's own separators are kept: a quote or backslash a span took along would be
    # escaped inside JSON, where the restore looks for the pseudonym as it was made
    out = "".join(next(it) if ch.isdigit() else (ch if ch in _PHONE_SEPARATORS else "-") for ch in original)
    return out if slots >= 7 else "555-01" + f"{i % 100:02d}"


def surrogate(label: str, i: int, original: str) -> str | None:
    """The `i`-th surrogate for `label`, shaped like `original`; None when the label has none."""
    if label == "PERSON":
        return _name(i)
    if label == "EMAIL":
        name = _name(i).lower().replace(" ", ".")
        return f"{name}@{RESERVED_EMAIL_DOMAINS[(i // (len(FIRST_NAMES) * len(LAST_NAMES))) % 3]}"
    if label == "PHONE":
        return _phone(i, original)
    if label == "LOCATION":
        return CITIES[i % len(CITIES)]  # once all are taken, a numbered tag
    return None


LINE_DIGITS = 4  # a phone's line number: what a surrogate must never keep by chance


def _keeps_line_number(value: str, original: str) -> bool:
    """Whether a phone surrogate ends in the original's line number (its last four digits): a
    number in the fiction range 555-01xx itself, or a real one ending 01xx, has a 1 in 100 chance."""
    mine = [ch for ch in value if ch.isdigit()][-LINE_DIGITS:]
    theirs = [ch for ch in original if ch.isdigit()][-LINE_DIGITS:]
    return len(theirs) == LINE_DIGITS and mine == theirs


def candidates(label: str, style: str, n: int, seed: int, original: str, taken: Callable[[str], bool]) -> str:
    """The pseudonym for the `n`-th new value of `label` in a conversation: a tag, or the first
    surrogate that `taken` does not refuse (a value of the conversation, a pseudonym in use) and
    that keeps nothing of the original (a phone's line number)."""
    if style == "surrogates" and label in _SURROGATE_LABELS:
        for k in range(MAX_TRIES):
            value = surrogate(label, seed + n * 7 + k, original)
            if value is None or taken(value) or (label == "PHONE" and _keeps_line_number(value, original)):
                continue
            return value
    k = n
    while taken(tag(label, k)):  # a tag the user typed themselves is never reused as a pseudonym
        k += 1
    return tag(label, k)
