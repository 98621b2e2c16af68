"""The Cookie request header: `cookie:NAME#i` fields, written back with every other byte kept.

Cookies are how a browser carries a site's and a tracker's ids on every request (`_ga`, `_fbp`,
`IDE`, `uuid2` ...), so a tracking id sent to a third party in a Cookie header is the same
identifier as one in the query. RFC 6265 section 4.2.1: the header is
`name=value` pairs joined by `"; "`; a value may be wrapped in double quotes and is otherwise
opaque octets. Many sites percent-encode their values (`%7B%22id%22...`), so a value with a `%`
is read percent-decoded (`+` stays `+`: base64 cookies hold it) and written back encoded the
same way. An HTTP/2 client may split the header into several `cookie` fields (RFC 9113 8.2.3);
they are read as one, joined by `"; "`, and written back as one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import quote, unquote

from guardian.codecs._requote import requote_path
from guardian.codecs._splice import Located, splice
from guardian.records import Field, HttpRequest

__all__ = ["COOKIE_PREFIX", "cookie_header", "decode_cookies", "encode_cookies", "scan_cookies"]

COOKIE_PREFIX = "cookie:"
MAX_COOKIE_HEADER_CHARS = 64 * 1024  # larger than any browser sends (4 KB a cookie, ~180 cookies)
# cookie-octet (RFC 6265 4.1.1): what a value may hold without quoting or encoding
_COOKIE_OCTETS = re.compile(r"[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*")
_SAFE = "!#$&'()*+-./:<=>?@[]^_`{|}~"  # cookie-octets quote() may keep as they are


def cookie_header(request: HttpRequest) -> str:
    """Every Cookie header of the request as one string."""
    return "; ".join(request.header_all("cookie"))


def scan_cookies(header: str) -> list[Located]:
    """Each `name=value` pair as a field `cookie:NAME#i`, spanning its value (inside any quotes)."""
    if len(header) > MAX_COOKIE_HEADER_CHARS:
        return []  # not a browser's header: left as it is
    located: list[Located] = []
    seen: dict[str, int] = {}
    pos = 0
    for piece in header.split(";"):
        start, pos = pos, pos + len(piece) + 1
        name, eq, _ = piece.partition("=")
        name = name.strip()
        if not eq or not name:
            continue
        value_start = start + len(piece.partition("=")[0]) + 1
        value_end = start + len(piece.rstrip())
        value_start += len(header[value_start:value_end]) - len(header[value_start:value_end].lstrip())
        raw = header[value_start:value_end]
        if len(raw) >= 2 and raw[0] == raw[-1] == '"':
            value_start, value_end, raw = value_start + 1, value_end - 1, raw[1:-1]
        index = seen[name] = seen.get(name, -1) + 1
        value = unquote(raw, errors="surrogateescape") if "%" in raw else raw
        located.append(Located(Field(f"{COOKIE_PREFIX}{name}#{index}", name, value), value_start, value_end))
    return located


def decode_cookies(request: HttpRequest) -> list[Field]:
    header = cookie_header(request)
    return [loc.field for loc in scan_cookies(header)] if header else []


def _render(raw: str, old: str, new: str) -> str:
    if new == old:
        return raw
    if "%" in raw:  # an encoded value: its own escapes kept where the value did not change
        return requote_path(raw, old, new, safe=_SAFE)
    if not _COOKIE_OCTETS.fullmatch(new):
        return quote(new, safe=_SAFE, errors="surrogateescape")
    return new


def encode_cookies(request: HttpRequest, edits: Mapping[str, str]) -> str:
    """The Cookie header with the edited values replaced; every other character kept."""
    header = cookie_header(request)
    located = scan_cookies(header)
    return splice(header, located, edits, lambda loc, v: _render(header[loc.start : loc.end], loc.field.value, v))
