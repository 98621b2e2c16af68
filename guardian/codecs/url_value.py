"""A URL inside a value (`u=`, `dl=`, `ref=`, `redirect_uri=`): its own query read as fields.

Analytics hits carry the page URL (`dl=https://shop.com/p?email=jane@x.com`), login flows a
`redirect_uri`, ad clicks a landing URL. Read as one string, the e-mail in the inner query can only
be replaced by rewriting the whole URL; read as fields, each inner parameter is rewritten alone.
A URL value gives the fields

- `href:` the scheme, host and path (percent-decoded), named like the outer field;
- `query:NAME#i` each inner query parameter, as the query codec reads a URL's query;
- `fragment:` what follows `#` (percent-decoded), named like the outer field, when there is one.

A write-back replaces only the edited spans and re-escapes only the characters that changed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import unquote

from guardian.codecs._requote import PATH_SAFE, requote_path
from guardian.codecs._splice import Located, splice
from guardian.codecs.form import requote_value, scan_pairs
from guardian.records import Field

__all__ = ["looks_like_url", "write_url"]

MIN_URL_CHARS = 12  # "http://a.b/?c=d" is the shortest URL with a query worth reading
_SCHEMES = ("http://", "https://")
_SPACE = re.compile(r"\s")


def looks_like_url(value: str) -> bool:
    """An absolute http(s) URL with a host, no white space, and a query holding a `name=value`.

    Plain string searches, no backtracking pattern: a 1 MB value costs a few linear scans."""
    if len(value) < MIN_URL_CHARS or value[:4].lower() != "http":
        return False
    head = value[:8].lower()
    start = next((len(s) for s in _SCHEMES if head.startswith(s)), 0)
    query = value.find("?", start)
    if not start or query < 0:
        return False
    fragment = value.find("#", start)
    if 0 <= fragment < query or value[start : start + 1] in ("", "/", "?", "#"):
        return False
    end = len(value) if fragment < 0 else fragment
    return value.find("=", query, end) >= 0 and _SPACE.search(value) is None


def _unquote(raw: str) -> str:
    return unquote(raw, errors="surrogateescape")


def url_located(url: str, name: str) -> list[Located]:
    """The fields of a URL value with the spans of their raw text in `url`."""
    hash_at = url.find("#")
    end = len(url) if hash_at < 0 else hash_at
    query_at = url.find("?", 0, end)
    if query_at < 0:
        return []
    located = [Located(Field("href:", name, _unquote(url[:query_at])), 0, query_at)]
    for loc in scan_pairs(url[query_at + 1 : end], "query", "utf-8"):
        shift = query_at + 1
        located.append(Located(loc.field, loc.start + shift, loc.end + shift))
    if hash_at >= 0 and hash_at + 1 < len(url):
        located.append(Located(Field("fragment:", name, _unquote(url[hash_at + 1 :])), hash_at + 1, len(url)))
    return located


def write_url(url: str, edits: Mapping[str, str]) -> str:
    """`url` with the edited fields written back, every other character kept."""
    located = url_located(url, "")

    def render(loc: Located, value: str) -> str:
        raw = url[loc.start : loc.end]
        if loc.field.path.startswith("query:"):
            return requote_value(raw, loc.field.value, value, "utf-8")
        if loc.field.path == "href:":  # "/" separates the path's segments: it stays as it is
            return requote_path(raw, loc.field.value, value, PATH_SAFE + "/")
        return requote_path(raw, loc.field.value, value, PATH_SAFE + "/?")

    return splice(url, located, edits, render)
