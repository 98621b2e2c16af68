"""National numbers swapped for valid ones of their own format, so forms and validators accept them.

A national number masked (`2 95 10 ** *** *** 93`) or tagged (`[NATIONAL_ID]`) in a form field or
an SDK's payload is refused by the recipient's validator, and the user's form does not go through.
`swap_national_id` returns instead a number that the same python-stdnum module calls valid,
written as the original is written: same length, separators and letter case, same row of
`national_id_formats.FORMATS`, never the original.

One procedure serves every row; nothing is written per country:

1. the row: the first of the table (the finding's entity's rows first) whose written form and
   stdnum check (`national_ids.accepts`) take the value;
2. a walk from the original: each step draws a new character for one position, of that position's
   class in the row's `shape` (or the original character's class where the shape does not line up),
   and keeps the change when the number is valid again, as it is or after a repair that changes
   one position (the last first, then any other) or the last two together (two check digits:
   T.C. Kimlik, INN, CPF, a NIR's key). Whatever the validator constrains (check digits, an
   embedded date, a region or county code, a literal prefix such as the AHV's 756) stays valid
   without being spelt out here, and whatever it leaves free is drawn anew;
3. the first character is kept: a sex and century digit (CNP, isikukood, asmens kodas), a letter
   that names the kind of number (NIE's X/Y/Z), and a number that does not start with 0 does not
   start with one (a JSON number has no leading zero).

The walk is bounded (`MAX_CHECKS` calls of the stdnum check); `None` when no valid number other
than the original was found: the caller then keeps its usual rewrite (a mask, a tag). The draws
come from the caller's keyed stream, so one key, site and period give one substitute.

A substitute is a valid number, so it may be someone's: it names no one to the recipient, who
cannot tell it from the user's. A few issuers publish test numbers (Sweden's test personnummer,
Norway's synthetic fødselsnummer with 40 or 80 added to the month, Denmark's CPR test persons);
they are not used: production validators refuse several of them, and a form is checked by one.
"""

from __future__ import annotations

import datetime
import functools
import re
import string
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from guardian.detect.recognizers.national_ids import NationalIdRecognizer, accepts

if TYPE_CHECKING:  # the recogniser's compiled row: a format, its regexes, its stdnum module
    from guardian.detect.recognizers.national_ids import _Row

__all__ = ["swap_national_id", "national_row", "national_rows", "MAX_CHECKS", "STEPS_PER_POSITION"]

MAX_CHECKS = 4000  # stdnum checks one swap may spend (a few milliseconds)
MAX_AGE_YEARS = 110  # a birth date inside a substitute is of someone alive
MAX_PAIR = 100  # two check positions searched together: two digits, not two letters (26 x 26)
STEPS_PER_POSITION = 3  # walk steps per free position: most positions change at least once
_SHAPE_TOKEN = re.compile(r"\[([^\]]{1,40})\](?:\{([0-9]{1,2})\})?|([^\[\]{}])(?:\{([0-9]{1,2})\})?")
_DIGITS = string.digits
_UPPER = string.ascii_uppercase


@functools.lru_cache(maxsize=1)
def national_rows() -> tuple[_Row, ...]:
    """The table's rows with their regexes compiled and stdnum modules imported (once)."""
    return NationalIdRecognizer().rows


def national_row(value: str, entity: str | None = None) -> _Row | None:
    """The first row of the table that accepts `value`, the rows of `entity` first; None if none."""
    rows = national_rows()
    ordered = [r for r in rows if r.fmt.entity == entity] + [r for r in rows if r.fmt.entity != entity]
    for row in ordered:
        if accepts(row, value):
            return row
    return None


def _expand(cls: str) -> str:
    """The characters of a `[...]` class body ("0-9A-Z" -> "0123...XYZ")."""
    out: list[str] = []
    i = 0
    while i < len(cls):
        if i + 2 < len(cls) and cls[i + 1] == "-":
            out.extend(chr(c) for c in range(ord(cls[i]), ord(cls[i + 2]) + 1))
            i += 3
        else:
            out.append(cls[i])
            i += 1
    return "".join(dict.fromkeys(out))


def _shape_classes(shape: str) -> list[str]:
    """The character class of each position of a row's `shape` ("[0-9]{2}[A-Z]" -> 3 classes)."""
    classes: list[str] = []
    for m in _SHAPE_TOKEN.finditer(shape):
        body, count = (_expand(m.group(1)), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
        classes.extend([body] * int(count or 1))
    return classes


def _own_class(ch: str) -> str:
    """A digit's class or a letter's, where the shape says nothing of a position."""
    return _DIGITS if ch.isdigit() else _UPPER


def _slots(row: _Row, value: str) -> tuple[list[int], list[str]]:
    """The positions of `value` that hold the number's characters, and each one's class: the
    shape's where it lines up with the letters and digits (or, for a row whose separator is part of
    the number, with every character but spaces), else the original character's own class."""
    shape = _shape_classes(row.fmt.shape)
    alnum = [i for i, ch in enumerate(value) if ch.isascii() and ch.isalnum()]
    if len(shape) == len(alnum):
        return alnum, shape
    dense = [i for i, ch in enumerate(value) if not ch.isspace()]
    if row.fmt.keeps_separator and len(shape) == len(dense):
        return dense, shape
    return alnum, [_own_class(value[i]) for i in alnum]


class _Walk:
    """One bounded walk: the row's check as the oracle, the caller's stream as the dice."""

    def __init__(self, row: _Row, value: str, rand: Iterator[int]) -> None:
        self.row = row
        self.value = value
        self.rand = rand
        self.checks = 0
        self.calcs = [getattr(row.module, n) for n in sorted(dir(row.module))
                      if n.startswith("calc_") and "check_digit" in n and callable(getattr(row.module, n))]
        self.born: tuple[datetime.date, datetime.date] | None = None  # bounds of a birth date inside
        if callable(getattr(row.module, "get_birth_date", None)):
            today = datetime.date.today()
            own = self._born(value) or today
            self.born = (min(own, today.replace(year=today.year - MAX_AGE_YEARS, day=1)), max(own, today))
        self.wins = {1: 0, 2: 0}  # repairs that worked, by how many positions they changed
        slots, classes = _slots(row, value)
        self.slots = slots
        self.cls = {i: c for i, c in zip(slots, classes)}
        # positions a draw may change: the first is kept, and so is a literal of the shape
        self.free = [i for i in slots[1:] if len(self.cls[i]) > 1 and value[i].upper() in self.cls[i]]

    def valid(self, chars: Sequence[str]) -> bool:
        """The row's check, and a birth date (where the module reads one) of someone alive: not
        after today, nor more than `MAX_AGE_YEARS` before it (a form refuses a date in 2087), unless
        the original's own date is outside those bounds (they widen to take it)."""
        self.checks += 1
        number = "".join(chars)
        if not accepts(self.row, number):
            return False
        if self.born is None:
            return True
        born = self._born(number)
        return born is None or self.born[0] <= born <= self.born[1]

    def _born(self, number: str) -> datetime.date | None:
        """The birth date the row's module reads in `number`, if it reads one."""
        try:
            born = self.row.module.get_birth_date(number)
        except Exception:  # noqa: BLE001 - accepted but no date read: the check alone decides
            return None
        return born if isinstance(born, datetime.date) else None

    def spent(self) -> bool:
        """Whether the walk has used its `MAX_CHECKS`."""
        return self.checks >= MAX_CHECKS

    def draw(self, i: int) -> str:
        """A character of position `i`'s class, in the original's case."""
        cls = self.cls[i]
        ch = cls[next(self.rand) % len(cls)]
        return ch.lower() if self.value[i].islower() else ch

    def _values(self, i: int) -> list[str]:
        """Every character of position `i`'s class, from a drawn starting point (no bias to "0")."""
        cls = self.cls[i]
        k = next(self.rand) % len(cls)
        lower = self.value[i].islower()
        return [(c.lower() if lower else c) for c in cls[k:] + cls[:k]]

    def repair(self, chars: list[str], changed: int) -> list[str] | None:
        """`chars` valid as they are, or after the last position changes, or the last two (while
        that has served this number at least as often as one); None when neither does."""
        if self.valid(chars):
            return chars
        if changed not in self.slots[-3:]:
            calculated = self.calculated(chars)
            if calculated is not None:
                return calculated
        others = [i for i in reversed(self.free) if i != changed]
        plans: list[tuple[int, ...]] = [(q,) for q in others[:1]]
        pair = len(others) >= 2 and others[1] == others[0] - 1
        if pair and len(self.cls[others[0]]) * len(self.cls[others[1]]) <= MAX_PAIR and self.wins[2] >= self.wins[1]:
            plans.append((others[1], others[0]))
        plans.extend((q,) for q in others[1:2])  # a check letter before a fixed one (PPS "6433435FT")
        for plan in plans:
            found = self._search(chars, plan)
            if found is not None:
                self.wins[len(plan)] += 1
                return found
            if self.spent():
                return None
        return None

    def calculated(self, chars: list[str]) -> list[str] | None:
        """`chars` with their last one to three positions set by the row's stdnum module, where it
        computes check digits (`calc_check_digit`, `calc_check_digits`, ...) from the characters
        before them: one call instead of a search. A function that wants another input fails the
        check, and the search runs."""
        for calc in self.calcs:
            for k in range(1, min(3, len(self.slots) - 1) + 1):
                tail = self.slots[-k:]
                if any(i not in self.cls for i in tail):
                    continue
                head = "".join(chars[i] for i in self.slots[:-k]).upper()
                try:
                    digits = str(calc(head))
                except Exception:  # noqa: BLE001 - another signature: try the next, then search
                    continue
                if len(digits) != k:
                    continue
                trial = list(chars)
                for i, d in zip(tail, digits):
                    trial[i] = d.lower() if self.value[i].islower() else d
                if self.valid(trial):
                    return trial
        return None

    def _search(self, chars: list[str], plan: tuple[int, ...]) -> list[str] | None:
        """The first characters of the plan's positions that make `chars` valid (one or two)."""
        trial = list(chars)
        if len(plan) == 1:
            for c in self._values(plan[0]):
                trial[plan[0]] = c
                if self.valid(trial):
                    return trial
                if self.spent():
                    return None
            return None
        first, second = plan
        for a in self._values(first):
            trial[first] = a
            for b in self._values(second):
                trial[second] = b
                if self.valid(trial):
                    return trial
                if self.spent():
                    return None
        return None

    def run(self) -> str | None:
        """Each free position drawn once in order, then at random; the number as the walk left it."""
        if not self.free:
            return None
        chars = list(self.value)
        steps = STEPS_PER_POSITION * len(self.free)
        for step in range(steps):
            if self.spent():
                break
            i = self.free[step % len(self.free)] if step < len(self.free) else self.free[next(self.rand) % len(self.free)]
            new = self.draw(i)
            if new == chars[i]:
                continue
            trial = list(chars)
            trial[i] = new
            fixed = self.repair(trial, i)
            if fixed is not None:
                chars = fixed
        out = "".join(chars)
        return None if out == self.value else out


def swap_national_id(value: str, rand: Iterator[int], entity: str | None = None) -> str | None:
    """A valid number of `value`'s own format and writing, drawn from `rand`; never `value`. None
    when no row of the table accepts `value` or the walk found no other valid number in bounds."""
    row = national_row(value, entity)
    if row is None:
        return None
    return _Walk(row, value, rand).run()
