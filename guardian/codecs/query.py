"""The URL query string: `query:NAME#i` fields, written back leaving the rest of the URL as is."""

from __future__ import annotations

from collections.abc import Mapping

from guardian.codecs._splice import splice
from guardian.codecs.form import requote_value, scan_pairs
from guardian.records import Field

__all__ = ["decode_query", "encode_query"]


def _query_span(url: str) -> tuple[int, int] | None:
    """Where the query sits in `url` (after `?`, before any `#`), or None without one."""
    end = url.find("#")
    end = len(url) if end < 0 else end
    start = url.find("?", 0, end)
    return None if start < 0 else (start + 1, end)


def decode_query(url: str) -> list[Field]:
    span = _query_span(url)
    if span is None:
        return []
    return [loc.field for loc in scan_pairs(url[span[0] : span[1]], "query", "utf-8")]


def encode_query(url: str, edits: Mapping[str, str]) -> str:
    """`url` with the edited query values replaced; every other character kept."""
    if not edits:
        return url
    span = _query_span(url)
    query = "" if span is None else url[span[0] : span[1]]
    located = scan_pairs(query, "query", "utf-8")
    new = splice(
        query,
        located,
        edits,
        lambda loc, v: requote_value(query[loc.start : loc.end], loc.field.value, v, "utf-8"),
    )
    assert span is not None  # splice raised for every path when there is no query
    return url[: span[0]] + new + url[span[1] :]
