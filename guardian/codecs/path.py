"""URL path segments that pack a payload (`/t/eyJlbWFpbCI6...`, `/r/https%3A%2F%2F...`).

Only a segment that opens as something nested (`nested.unwrap`) becomes fields, as
`path:N|>...` where N counts the segments of the path (`/a/b` is `path:1` = "a", `path:2` = "b").
A plain path (`/api/v2/users/123`) gives no fields, so what the detector sees of ordinary requests
does not change. A write-back replaces only the edited segment, re-escaping only what changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import unquote

from guardian.codecs._requote import requote_path
from guardian.codecs._splice import Located, splice
from guardian.records import Field

__all__ = ["path_located", "path_candidates", "encode_path", "MIN_SEGMENT_CHARS"]

MIN_SEGMENT_CHARS = 12  # shorter segments are words and ids; the shortest payload, a URL, is 12


def _path_span(url: str) -> tuple[int, int]:
    """Where the path sits in `url`: after the authority, before any `?` or `#`."""
    end = len(url)
    for mark in "?#":
        found = url.find(mark)
        if 0 <= found < end:
            end = found
    scheme = url.find("://", 0, end)
    start = 0 if scheme < 0 else url.find("/", scheme + 3, end)
    return (end, end) if start < 0 else (start, end)


def path_located(url: str) -> list[Located]:
    """Every path segment as a field `path:N` (percent-decoded) with its raw span in `url`."""
    start, end = _path_span(url)
    located: list[Located] = []
    pos = start
    for index, raw in enumerate(url[start:end].split("/")):
        value = unquote(raw, errors="surrogateescape") if "%" in raw else raw
        located.append(Located(Field(f"path:{index}", "", value), pos, pos + len(raw)))
        pos += len(raw) + 1
    return located


def path_candidates(url: str) -> list[Field]:
    """The segments long enough to pack a payload; the cheap filter before any decoder."""
    start, end = _path_span(url)
    if end - start < MIN_SEGMENT_CHARS:
        return []
    return [loc.field for loc in path_located(url) if loc.end - loc.start >= MIN_SEGMENT_CHARS]


def encode_path(url: str, edits: Mapping[str, str]) -> str:
    """`url` with the edited path segments written back, every other character kept."""
    if not edits:
        return url
    return splice(
        url,
        path_located(url),
        edits,
        lambda loc, value: requote_path(url[loc.start : loc.end], loc.field.value, value),
    )
