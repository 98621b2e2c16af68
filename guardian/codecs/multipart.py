"""multipart/form-data, parsed by hand so file parts, part headers, preamble and epilogue keep
their exact bytes; only an edited text part's body changes.

A part's name or file name that holds an e-mail address (`filename="jane@x.org.csv"`, a field
named by the address) is a field of its own, `multipart:NAME#i{filename}` or `...{key}` (`i`
counting the parts of that name), whose write-back replaces only the characters inside the
quotes (a `"` written as `%22`, as the HTML standard encodes it; a line break refused). A file
part's content is never read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from guardian.codecs._email import KEY_SUFFIX, is_address_key
from guardian.codecs._mime import charset_of, decode_text, encode_text, parse_header
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.errors import DecodeError, EncodeError
from guardian.records import Field

__all__ = ["MultipartCodec", "parse_parts", "Part"]

_HEADER_END = re.compile(rb"\r?\n\r?\n")
FILENAME_SUFFIX = "{filename}"
# A quoted name or filename parameter of a Content-Disposition line (RFC 7578 4.2).
_QUOTED_PARAM = re.compile(rb'(?i)(?<![\w*])(name|filename)\s*=\s*"([^"\r\n]*)"')
_DISPOSITION_LINE = re.compile(rb"(?im)^content-disposition:[^\r\n]*")
_TEXTISH = frozenset(
    {
        "application/json",
        "application/xml",
        "application/x-www-form-urlencoded",
        "application/javascript",
    }
)


@dataclass(frozen=True)
class Part:
    """One body part: its parsed headers and the [start, end) span of its body bytes."""

    headers: dict[str, str]
    start: int
    end: int
    head_start: int = 0  # the [head_start, head_end) span of its header lines
    head_end: int = 0

    @property
    def disposition(self) -> dict[str, str]:
        return parse_header(self.headers.get("content-disposition", ""))[1]

    @property
    def name(self) -> str | None:
        return self.disposition.get("name")

    def is_text(self) -> bool:
        """A form value rather than a file: no filename and a text-ish (or no) Content-Type."""
        disposition = self.disposition
        if "filename" in disposition or "filename*" in disposition:
            return False
        if self.headers.get("content-transfer-encoding", "binary").strip().lower() not in (
            "7bit",
            "8bit",
            "binary",
        ):
            return False
        mime = parse_header(self.headers.get("content-type", "text/plain"))[0]
        return mime.startswith("text/") or mime in _TEXTISH or mime.endswith(("+json", "+xml"))


def _boundary(content_type: str) -> bytes:
    boundary = parse_header(content_type)[1].get("boundary", "")
    if not boundary or len(boundary) > 200:
        raise DecodeError("multipart body without a usable boundary")
    try:
        return boundary.encode("ascii")
    except UnicodeEncodeError:
        raise DecodeError("multipart boundary is not ASCII") from None


def _parse_headers(raw: bytes) -> dict[str, str]:
    headers: dict[str, str] = {}
    # Split on line ends only: str.splitlines would also cut at U+2028 inside a quoted name.
    for line in re.split(r"\r?\n", raw.decode("utf-8", "surrogateescape")):
        key, colon, value = line.partition(":")
        if colon:
            headers.setdefault(key.strip().lower(), value.strip())
    return headers


def parse_parts(body: bytes, content_type: str) -> list[Part]:
    """The parts between the first delimiter and the close delimiter, or `DecodeError`."""
    delimiter = b"--" + _boundary(content_type)
    pos = 0
    if not body.startswith(delimiter):
        pos = body.find(b"\n" + delimiter) + 1
        if pos == 0:
            raise DecodeError("multipart boundary not found in the body")
    parts: list[Part] = []
    while True:
        pos += len(delimiter)
        if body.startswith(b"--", pos):  # close delimiter: the rest is epilogue
            return parts
        line_end = body.find(b"\n", pos)
        if line_end < 0:
            raise DecodeError("multipart body ends inside a delimiter line")
        head_start = line_end + 1
        if body.startswith(b"\r\n", head_start) or body.startswith(b"\n", head_start):
            head_end = head_start  # a part with no headers at all
            start = head_start + (2 if body.startswith(b"\r\n", head_start) else 1)
        else:
            match = _HEADER_END.search(body, head_start)
            if match is None:
                raise DecodeError("multipart part headers are not terminated")
            head_end, start = match.start(), match.end()
        next_delimiter = body.find(b"\n" + delimiter, start - 1)
        if next_delimiter < 0:
            raise DecodeError("multipart body is not closed")
        # The CRLF before a delimiter belongs to the delimiter, not to the part's content.
        end = (
            next_delimiter - 1
            if body[next_delimiter - 1 : next_delimiter] == b"\r"
            else next_delimiter
        )
        end = max(start, end)  # an empty part whose blank line was also the delimiter's line end
        parts.append(Part(_parse_headers(body[head_start:head_end]), start, end, head_start, head_end))
        pos = next_delimiter + 1


def _address_params(body: bytes, part: Part, name: str, number: int) -> list[Located]:
    """The part's name and filename, where they hold an e-mail address, as located fields."""
    head = body[part.head_start : part.head_end]
    if b"@" not in head:
        return []
    line = _DISPOSITION_LINE.search(head)
    if line is None:
        return []
    found: list[Located] = []
    for param in _QUOTED_PARAM.finditer(line.group()):
        value = param.group(2).decode("utf-8", "surrogateescape")
        if not is_address_key(value):
            continue
        suffix = FILENAME_SUFFIX if param.group(1).lower() == b"filename" else KEY_SUFFIX
        start = part.head_start + line.start() + param.start(2)
        field = Field(f"multipart:{name}#{number}{suffix}", "filename" if suffix == FILENAME_SUFFIX else "", value)
        found.append(Located(field, start, start + len(param.group(2))))
    return found


class MultipartCodec(BodyCodec):
    name = "multipart"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime == "multipart/form-data"

    def _locate(self, body: bytes, content_type: str) -> list[tuple[Located, str]]:
        """Each text part as a located field, with the charset it is written in."""
        default = charset_of(content_type)
        located: list[tuple[Located, str]] = []
        seen: dict[str, int] = {}
        parts_of: dict[str, int] = {}
        for part in parse_parts(body, content_type):
            name = part.name
            if name is not None:
                number = parts_of[name] = parts_of.get(name, -1) + 1
                located += [(loc, "utf-8") for loc in _address_params(body, part, name, number)]
            if name is None or name == "_charset_" or not part.is_text():
                continue
            charset = charset_of(part.headers.get("content-type", ""), default)
            index = seen[name] = seen.get(name, -1) + 1
            value = decode_text(body[part.start : part.end], charset)
            located.append(
                (
                    Located(Field(f"multipart:{name}#{index}", name, value), part.start, part.end),
                    charset,
                )
            )
        return located

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        return [loc.field for loc, _ in self._locate(body, content_type)]

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        located = self._locate(body, content_type)
        charsets = {loc.field.path: charset for loc, charset in located}
        delimiter = b"--" + _boundary(content_type)

        def render(loc: Located, value: str) -> bytes:
            if loc.field.path.endswith((KEY_SUFFIX, FILENAME_SUFFIX)):  # inside a header's quotes
                if "\r" in value or "\n" in value:
                    raise EncodeError(f"new value of {loc.field.path!r} would split the part's headers")
                return value.replace('"', "%22").encode("utf-8", "surrogateescape")
            data = encode_text(value, charsets[loc.field.path])
            if delimiter in data:
                raise EncodeError(
                    f"new value of {loc.field.path!r} contains the multipart boundary"
                )
            return data

        return splice(body, [loc for loc, _ in located], edits, render)
