"""Bodies of URL-encoded records, one per line: `formlines:N:NAME#i`.

Analytics SDKs batch hits this way: each line is what one GET would have carried in its query
(Google Analytics' measurement protocol `/batch` endpoint documents it: "multiple hits in a single
request, each hit on its own line"; Kameleoon's `/visit/events` sends its events so). Such a body
comes as `text/plain` (no CORS preflight), `*/*` or no type at all, so it is found by its shape:
two or more lines, every non-empty one a `name=value&...` record of printable ASCII, as a form
body is (`form.py`), or one such line of four pairs or more (Dynatrace's beacon). Lines are counted from 0 on the body as sent, blank ones included, so a path
names the same line on decode and encode; a value is rewritten in its own escaping, the rest of
the body byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from guardian.codecs._mime import charset_of, decode_text, encode_text
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.codecs.form import requote_value, scan_pairs
from guardian.errors import DecodeError
from guardian.records import Field

__all__ = ["FormLinesCodec", "PREFIX", "body_lines"]

PREFIX = "formlines"
SNIFF_BYTES = 64 * 1024  # an untyped body is judged on its first lines up to this size
MIN_LINES = 2
MIN_PAIRS_ALONE = 4  # a single line is a record with this many pairs at least ("a=b" may be a sentence's)
# One record: printable ASCII pairs, as browsers percent-encode everything else (form.py's shape).
_RECORD = re.compile(r"[!-%'-<>-~]{1,256}=[!-%'-~]*(?:&[!-%'-<>-~]{1,256}=[!-%'-~]*)*")
_LINE = re.compile(r"[^\n]*\n?")


def body_lines(text: str) -> list[tuple[int, str]]:
    """Each line's start and text (without its line ending), blank ones included."""
    out: list[tuple[int, str]] = []
    for m in _LINE.finditer(text):
        if m.start() == len(text) and out:
            break
        line = m.group().rstrip("\n")
        out.append((m.start(), line[:-1] if line.endswith("\r") else line))
    return out


def _located(text: str, charset: str) -> list[Located]:
    located: list[Located] = []
    for index, (start, line) in enumerate(body_lines(text)):
        if not line:
            continue
        for loc in scan_pairs(line, f"{PREFIX}:{index}", charset):
            located.append(Located(loc.field, start + loc.start, start + loc.end))
    return located


class FormLinesCodec(BodyCodec):
    name = PREFIX

    def accepts(self, mime: str, body: bytes) -> bool:
        # SDKs post these as text/plain, which needs no CORS preflight (as NDJSON and envelopes)
        return mime == "text/plain" and self.sniff(body)

    def sniff(self, body: bytes) -> bool:
        """Two or more lines, each non-empty one a URL-encoded record; or one record of at least
        `MIN_PAIRS_ALONE` pairs (Dynatrace's beacon: `vv=3&va=...&na=email&vl=jane%40x.org&...`)."""
        head = body[:SNIFF_BYTES]
        if b"=" not in head[:256]:
            return False
        if b"\n" not in head.rstrip(b"\r\n"):
            if len(body) > SNIFF_BYTES or head.count(b"&") + 1 < MIN_PAIRS_ALONE:
                return False
            try:
                line = head.decode("ascii").rstrip("\r\n")
            except UnicodeDecodeError:
                return False
            return _RECORD.fullmatch(line) is not None
        try:
            text = head.decode("ascii")
        except UnicodeDecodeError:
            return False
        if len(body) > SNIFF_BYTES:  # the last line may be cut: judge the whole ones
            text = text[: text.rfind("\n")]
        lines = [line for _, line in body_lines(text) if line]
        return len(lines) >= MIN_LINES and all(_RECORD.fullmatch(line) for line in lines)

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        charset = charset_of(content_type)
        try:
            return [loc.field for loc in _located(decode_text(body, charset), charset)]
        except UnicodeError:
            raise DecodeError(f"form lines are not valid {charset}") from None

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        located = _located(text, charset)
        return encode_text(
            splice(text, located, edits,
                   lambda loc, v: requote_value(text[loc.start : loc.end], loc.field.value, v, charset)),
            charset,
        )
