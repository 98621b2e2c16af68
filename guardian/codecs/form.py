"""application/x-www-form-urlencoded bodies; the pair scanner is shared with the URL query.

A key that holds an e-mail address (`?jane@x.org=1`, a bare `&jane@x.org`) is a field of its own,
`prefix:NAME#i{key}` (no name; its value the decoded key), renamed in place by a write-back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import quote_plus, unquote_plus

from guardian.codecs._email import KEY_SUFFIX, is_address_key, may_hold_email
from guardian.codecs._mime import charset_of, decode_text, encode_text
from guardian.codecs._requote import percent_offsets, requote
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.errors import DecodeError, EncodeError
from guardian.records import Field

__all__ = ["FormCodec", "scan_pairs", "quote_value", "requote_value"]

# Printable ASCII pairs only: browsers percent-encode everything else, so prose is not a form.
_PADDED_BASE64 = re.compile(r"[A-Za-z0-9+/_\-]{16,}={1,2}")
_FORMISH = re.compile(r"[!-%'-<>-~]+=[!-%'-~]*(?:&[!-%'-<>-~]+=[!-%'-~]*)*")


def scan_pairs(text: str, prefix: str, charset: str) -> list[Located]:
    """Each `name=value` pair as a field `prefix:NAME#i`, spanning its still-encoded value."""
    located: list[Located] = []
    seen: dict[str, int] = {}
    pos = 0
    for piece in text.split("&"):
        start, pos = pos, pos + len(piece) + 1
        key, eq, value = piece.partition("=")
        if may_hold_email(key) and is_address_key(name := _unquote(key, charset)):
            index = seen[name] = seen.get(name, -1) + 1
            located.append(Located(Field(f"{prefix}:{name}#{index}{KEY_SUFFIX}", "", name), start, start + len(key)))
            if eq:
                field = Field(f"{prefix}:{name}#{index}", name, _unquote(value, charset))
                located.append(Located(field, start + len(key) + 1, start + len(piece)))
            continue
        if not eq:  # a bare key carries no value; it is kept as it is
            continue
        name = _unquote(key, charset)
        index = seen[name] = seen.get(name, -1) + 1
        field = Field(f"{prefix}:{name}#{index}", name, _unquote(value, charset))
        located.append(Located(field, start + len(key) + 1, start + len(piece)))
    return located


def _unquote(text: str, charset: str) -> str:
    if "%" not in text:  # what unquote_plus gives then, without its work (most keys and values)
        return text.replace("+", " ")
    try:
        return unquote_plus(text, encoding=charset, errors="surrogateescape")
    except UnicodeError:
        raise DecodeError(f"form value is not valid {charset}") from None


def quote_value(value: str, charset: str) -> str:
    """Percent-encode like a browser: `+` for space, `&#N;` for what the charset cannot hold."""
    for errors in ("surrogateescape", "xmlcharrefreplace"):
        try:
            return quote_plus(value, safe="*", encoding=charset, errors=errors)
        except UnicodeError:
            continue
    raise EncodeError(f"value cannot be written in {charset}")


def requote_value(raw: str, old: str, new: str, charset: str) -> str:
    """`new` over the encoded value `raw` (which read as `old`): quoted as a browser would, the
    sender's own escapes kept where the value did not change (a URL in a parameter stays itself)."""
    return requote(
        raw,
        old,
        new,
        offsets=lambda text: percent_offsets(text, charset),
        escape=lambda value: quote_value(value, charset),
        unescape=lambda value: unquote_plus(value, encoding=charset, errors="surrogateescape"),
    )


class FormCodec(BodyCodec):
    name = "form"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime == "application/x-www-form-urlencoded"

    def sniff(self, body: bytes) -> bool:
        try:
            text = body.decode("ascii")
        except UnicodeDecodeError:
            return False
        # One base64 token with its "=" padding reads as a pair `KEY==`; it is not a form.
        return _FORMISH.fullmatch(text) is not None and not _PADDED_BASE64.fullmatch(text.strip())

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        charset = charset_of(content_type)
        return [loc.field for loc in scan_pairs(decode_text(body, charset), "form", charset)]

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        located = scan_pairs(text, "form", charset)
        return encode_text(
            splice(
                text,
                located,
                edits,
                lambda loc, v: requote_value(text[loc.start : loc.end], loc.field.value, v, charset),
            ),
            charset,
        )
