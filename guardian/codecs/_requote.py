"""Write a new value over an old one in its escaped form, re-escaping only what changed.

A query value, form value, path segment or JSON string is stored escaped (`%40`, `+`, `\\/`,
`\\u00e9`). Re-escaping a whole edited value would rewrite the escapes of its unchanged parts in
our style, not the sender's: a URL inside a parameter whose inner `email=` is replaced must keep
the rest of its bytes exactly. So an edit keeps the raw text of the common prefix and suffix of
the old and new values and escapes only the middle, then checks that the result reads back as the
new value; when it does not (an odd escape, a stateful charset), the whole value is escaped anew,
which is still correct.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from json.decoder import scanstring
from urllib.parse import quote, unquote

__all__ = ["requote", "percent_offsets", "json_offsets", "requote_json", "requote_path"]

# A run of %XX escapes decodes together (a UTF-8 character spans several); anything else is one
# character of its own (`+` included: it reads as one space in a form).
_PERCENT_UNIT = re.compile(r"(?:%[0-9A-Fa-f]{2})+|.", re.DOTALL)
# A JSON string's characters: a surrogate pair escape, a \u escape, a short escape, a literal.
_JSON_UNIT = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\.|.",
    re.DOTALL,
)
# pchar of RFC 3986 without "/": what a path segment may hold unescaped.
PATH_SAFE = "!$&'()*+,;=:@-._~"

Offsets = Callable[[str], "list[int] | None"]


def percent_offsets(raw: str, charset: str = "utf-8") -> list[int] | None:
    """Where each decoded character of a percent-encoded `raw` starts, plus `len(raw)`."""
    offsets: list[int] = []
    for match in _PERCENT_UNIT.finditer(raw):
        unit = match.group()
        if len(unit) < 3 or unit[0] != "%":
            offsets.append(match.start())
            continue
        pos = match.start()
        try:
            for char in bytes.fromhex(unit.replace("%", "")).decode(charset, "surrogateescape"):
                offsets.append(pos)
                pos += 3 * len(char.encode(charset, "surrogateescape"))
        except (LookupError, UnicodeError):
            return None
        if pos != match.end():  # a stateful or odd charset: no per-character mapping
            return None
    offsets.append(len(raw))
    return offsets


def json_offsets(raw: str) -> list[int] | None:
    """Where each decoded character of a JSON string token's inside starts, plus `len(raw)`."""
    offsets = [match.start() for match in _JSON_UNIT.finditer(raw)]
    offsets.append(len(raw))
    return offsets


def requote(
    raw: str,
    old: str,
    new: str,
    *,
    offsets: Offsets,
    escape: Callable[[str], str],
    unescape: Callable[[str], str],
) -> str:
    """`new` escaped, keeping `raw`'s own escapes for the prefix and suffix it shares with `old`.

    `old` is what `raw` reads as; `escape`/`unescape` are the format's own.
    """
    if new == old:
        return raw
    whole = escape(new)
    spans = offsets(raw)
    if spans is None or len(spans) != len(old) + 1:
        return whole
    limit = min(len(old), len(new))
    head = 0
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    middle = escape(new[head : len(new) - tail])
    candidate = raw[: spans[head]] + middle + raw[spans[len(old) - tail] :]
    try:
        same = unescape(candidate) == new
    except (UnicodeError, ValueError, LookupError):
        same = False
    return candidate if same else whole


def _json_unescape(inside: str) -> str:
    value, end = scanstring(f'"{inside}"', 1, True)
    if end != len(inside) + 2:
        raise ValueError("not one JSON string")
    return value


def requote_json(token: str, old: str, new: str, escape: Callable[[str], str]) -> str:
    """A new JSON string token for `new` over the string `token` (quotes included) that read as
    `old`; `escape(value)` gives a whole new token."""
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        return escape(new)

    def inside(value: str) -> str:
        return escape(value)[1:-1]

    try:
        body = requote(token[1:-1], old, new, offsets=json_offsets, escape=inside, unescape=_json_unescape)
    except json.JSONDecodeError:
        return escape(new)
    return f'"{body}"'


def requote_path(raw: str, old: str, new: str, safe: str = PATH_SAFE) -> str:
    """A new path segment (or what `safe` allows) for `new` over `raw`, which read as `old`."""
    return requote(
        raw,
        old,
        new,
        offsets=percent_offsets,
        escape=lambda value: quote(value, safe=safe, errors="surrogateescape"),
        unescape=lambda value: unquote(value, errors="surrogateescape"),
    )
