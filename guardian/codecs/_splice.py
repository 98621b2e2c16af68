"""Write edits back by replacing only the located spans of the original body."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from guardian.errors import EncodeError
from guardian.records import Field

S = TypeVar("S", str, bytes)


@dataclass(frozen=True)
class Located:
    """A field and the [start, end) span of its encoded value in the source it was read from."""

    field: Field
    start: int
    end: int


def splice(
    source: S,
    located: Sequence[Located],
    edits: Mapping[str, str],
    render: Callable[[Located, str], S],
) -> S:
    """`source` with each edited field's span replaced by `render(located, new_value)`."""
    by_path = {loc.field.path: loc for loc in located}
    for path in edits:
        if path not in by_path:
            raise EncodeError(f"unknown field path {path!r}")
    pieces: list[S] = []
    last = 0
    for loc in sorted((by_path[p] for p in edits), key=lambda loc: loc.start):
        pieces += [source[last : loc.start], render(loc, edits[loc.field.path])]
        last = loc.end
    pieces.append(source[last:])
    return source[:0].join(pieces)
