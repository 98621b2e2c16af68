"""InfluxDB line protocol bodies: `lp:N:tag:KEY` and `lp:N:field:KEY`, edited in place.

Time-series databases take points as lines of text (InfluxDB's `/api/v2/write` and `/write`,
and the services that speak its protocol: QuestDB, VictoriaMetrics, Telegraf's listeners):

    measurement[,tag_key=tag_value...] field_key=field_value[,field_key=field_value...] [timestamp]

A shop that charts its storefront's events there writes the signed-in customer's id as a tag and
their name and e-mail as string fields; read as opaque text, such a body could only be blocked.
The grammar is the protocol's own (docs.influxdata.com, "Line protocol"): a measurement, tags and
field keys escape commas, spaces and equals signs with a backslash; a string field value is in
double quotes, with `"` and `\\` escaped; other field values are numbers (`1.5`, `7i`, `7u`) or
booleans. Lines starting with `#` are comments; blank lines are skipped; lines are counted from 0
on the body as sent, so a path names the same line on decode and encode.

The measurement, tag values and string field values are the fields (a value's key is its
field's name, so the field-name hints read `email` as a JSON key's); numbers and booleans are
measured quantities, kept as they are: a rewrite there would change the point's type.
A body is this format only when every non-blank line parses (`sniff`): sent as `text/plain`
(InfluxDB's clients do) or as the protocol's own type. A rewritten value is escaped as its
place requires; every other byte is kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from guardian.codecs._mime import charset_of, decode_text, encode_text
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.codecs.form_lines import body_lines
from guardian.errors import DecodeError
from guardian.records import Field

__all__ = ["LineProtocolCodec", "PREFIX", "scan_lines"]

PREFIX = "lp"
SNIFF_BYTES = 64 * 1024  # an untyped body is judged on its whole lines up to this size
MAX_POINTS = 100_000  # more lines are read as text: one field, scanned as far as any text
_TYPES = frozenset({"application/x-influxdb-line-protocol", "text/x-influxdb-line-protocol"})
# a measurement, a tag key or value, a field key: escaped commas, spaces and equals signs, no quote opening it
_NAME = r'(?:[^\s,=\\"]|\\.)(?:[^\s,=\\]|\\.)*'
_MEASUREMENT = r'(?:[^\s,#\\]|\\.)(?:[^\s,\\]|\\.)*'
_STRING = r'"(?:[^"\\]|\\.)*"'
_NUMBER = r"[+\-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+\-]?[0-9]+)?[iu]?"
_BOOL = r"(?:t|T|true|True|TRUE|f|F|false|False|FALSE)"
_FIELD = rf"(?P<key>{_NAME})=(?P<value>{_STRING}|{_NUMBER}|{_BOOL})"
_LINE = re.compile(
    rf"(?P<measurement>{_MEASUREMENT})(?P<tags>(?:,{_NAME}={_NAME})*) "
    rf"(?P<fields>{_NAME}=(?:{_STRING}|{_NUMBER}|{_BOOL})(?:,{_NAME}=(?:{_STRING}|{_NUMBER}|{_BOOL}))*)"
    rf"(?: [+\-]?[0-9]{{1,19}})?[ \t]*"
)
_TAG = re.compile(rf",(?P<key>{_NAME})=(?P<value>{_NAME})")
_FIELD_RE = re.compile(rf"(?:^|,){_FIELD}")
_UNESCAPE = re.compile(r"\\(.)")


def _points(text: str) -> list[tuple[int, int, re.Match[str]]]:
    """(line number, line start, the line's match) of every point, or `DecodeError`."""
    out: list[tuple[int, int, re.Match[str]]] = []
    for index, (start, line) in enumerate(body_lines(text)):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            raise DecodeError(f"line {index} is no line-protocol point")
        out.append((index, start, m))
        if len(out) > MAX_POINTS:
            raise DecodeError(f"more than {MAX_POINTS} line-protocol points")
    if not out:
        raise DecodeError("no line-protocol point")
    return out


def scan_lines(text: str) -> list[Located]:
    """Every tag value and string field value with the span of its raw characters (inside the
    quotes of a string), or `DecodeError` naming the line that does not parse."""
    found: list[Located] = []
    for index, start, m in _points(text):
        name = m.group("measurement")
        found.append(Located(Field(f"{PREFIX}:{index}:measurement", "", _UNESCAPE.sub(r"\1", name)),
                             start, start + len(name)))
        for tag in _TAG.finditer(m.group("tags")):
            a = start + m.start("tags") + tag.start("value")
            key = _UNESCAPE.sub(r"\1", tag.group("key"))
            found.append(Located(Field(f"{PREFIX}:{index}:tag:{key}", key, _UNESCAPE.sub(r"\1", tag.group("value"))),
                                 a, a + len(tag.group("value"))))
        for field in _FIELD_RE.finditer(m.group("fields")):
            raw = field.group("value")
            if not raw.startswith('"'):
                continue  # a number or a boolean: a measurement, not text
            a = start + m.start("fields") + field.start("value") + 1
            key = _UNESCAPE.sub(r"\1", field.group("key"))
            found.append(Located(Field(f"{PREFIX}:{index}:field:{key}", key, _UNESCAPE.sub(r"\1", raw[1:-1])),
                                 a, a + len(raw) - 2))
    return found


def _render(loc: Located, value: str) -> str:
    """`value` escaped for its place: a string field's quotes, or a tag value's unquoted text."""
    kind = loc.field.path.split(":")[2]
    if kind == "field":
        return value.replace("\\", "\\\\").replace('"', '\\"')
    # a tag value escapes commas, equals signs and spaces; a measurement commas and spaces
    return re.sub(r"([, \\])" if kind == "measurement" else r"([,= \\])", r"\\\1", value.replace("\n", " "))


class LineProtocolCodec(BodyCodec):
    name = "line_protocol"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime in _TYPES or (mime == "text/plain" and self.sniff(body))

    def sniff(self, body: bytes) -> bool:
        """Every whole non-blank, non-comment line of the body's head a point with a field."""
        head = body[:SNIFF_BYTES]
        if b"=" not in head or b" " not in head:
            return False
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError:
            return False
        if len(body) > SNIFF_BYTES:  # the last line may be cut: judge the whole ones
            text = text[: text.rfind("\n")]
        try:
            _points(text)
        except DecodeError:
            return False
        return True

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        charset = charset_of(content_type)
        try:
            return [loc.field for loc in scan_lines(decode_text(body, charset))]
        except UnicodeError:
            raise DecodeError(f"line protocol is not valid {charset}") from None

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        return encode_text(splice(text, scan_lines(text), edits, _render), charset)
