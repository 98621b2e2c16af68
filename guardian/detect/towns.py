"""The populated places of the world by name: is this capitalised word a town?

`recognizers/towns.u64` holds an 8-byte BLAKE2b digest of each name of every place of at least
a thousand people in GeoNames (CC BY 4.0), in Latin, Greek or Cyrillic letters, sorted
(`guardian-lab detect write-towns`; its record, `towns.json`, says what and how many). A name is
looked up by its digest, by bisection over the file's bytes: no list of half a million strings is
held. A digest's chance of meeting another name's is about 2^-64 per name.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["TOWNS", "digest", "is_town", "load_towns", "town_end"]

log = logging.getLogger("guardian.detect")

TOWNS = Path(__file__).resolve().parent / "recognizers" / "towns.u64"
_MAX_WORDS = 3  # "Schwäbisch Gmünd", "Лодейное Поле", "Roșiori de Vede"
_NEXT_WORD = re.compile(r"(?:[ \-]|\s(?:de|del|la|le|am|an|der|im|sur|di|da|do|na|upon|on)\s)[^\W\d_][\w'’.]{0,30}")
_WORD = re.compile(r"[^\W\d_][\w'’.]{0,30}")


def digest(name: str) -> int:
    """The name's 8-byte BLAKE2b digest (of its NFC form), as the file stores it."""
    data = unicodedata.normalize("NFC", name).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


@functools.lru_cache(maxsize=1)
def _digests() -> NDArray[np.uint64] | None:
    import numpy as np

    try:
        data = TOWNS.read_bytes()
    except OSError as exc:
        log.warning("town names not loaded (%s): towns are found by their cues only", exc)
        return None
    if len(data) % 8:
        log.warning("town names not loaded (%s is not a list of 8-byte digests)", TOWNS)
        return None
    return np.frombuffer(data, dtype="<u8")


def load_towns() -> bool:
    """Read the file now (a recogniser's `warm`), not on the first value; whether it loaded."""
    return _digests() is not None


def is_town(name: str) -> bool:
    """Whether `name`, as written, is a place's name in the file."""
    table = _digests()
    if table is None or not name:
        return False
    import numpy as np

    key = digest(name)
    # as a uint64: a Python int over 2**63 would have numpy convert the whole table for each lookup
    at = int(table.searchsorted(np.uint64(key)))
    return at < table.size and int(table[at]) == key


def town_end(text: str, start: int) -> int | None:
    """The end of the longest place name (up to three words) that starts at `start`, or None."""
    first = _WORD.match(text, start)
    if first is None:
        return None
    # a case ending after an apostrophe is no part of the name ("Kastamonu'da"); "L'Aquila" is
    ends = [start + i for i, ch in enumerate(first.group()) if ch in "'’"] + [first.end()]
    for _ in range(_MAX_WORDS - 1):
        more = _NEXT_WORD.match(text, ends[-1])
        if more is None:
            break
        ends.append(more.end())
    for end in reversed(ends):
        name = text[start:end].rstrip(".")
        if is_town(name):
            return start + len(name)
    return None
