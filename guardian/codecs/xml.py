"""XML bodies (`application/xml`, `text/xml`, `*+xml`: SOAP, XML-RPC, feeds), edited in place.

An app's SOAP call or an XML event carries its data in element text and attribute values
(`<Email>jane@x.org</Email>`, `<user email="...">`); read as one opaque blob, the request could
only be blocked. A small scanner reads the document's tokens with their positions:

    <a><User id="7"><Email>jane@x.org</Email></User></a>
        xml:/a/User@id#0 = "7"              (name "User.id")
        xml:/a/User/Email#0 = "jane@x.org"  (name "Email")

A path is the chain of element names from the root as written (namespace prefixes kept:
`soap:Envelope`); a field's name is the local name of its element (`Email`), or of an attribute
with its element's (`User.email`), so the field-name hints read it as they read a JSON key: the
`name` of an `<event name="signup">` is the event's, not a person's (`event.name`). `#i` counts the fields of one path. Text is
read with its character and entity references resolved (`&amp;`, `&#64;`), CDATA as it is;
white-space-only text, namespace declarations (`xmlns:soap="..."`), comments, processing
instructions and the DOCTYPE are not fields.

A write-back replaces only an edited value's characters, escaped for where it sits (`&`, `<`,
`>` and, in an attribute, its quote); a CDATA value that would hold `]]>` is refused. A document
that does not scan (a tag left open, an end tag that closes another, text after the root) raises
`DecodeError`, and the body is then read as text (codecs/__init__.py), not lost.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from guardian.codecs._mime import charset_of, decode_text, encode_text
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.errors import DecodeError, EncodeError
from guardian.records import Field

__all__ = ["XmlCodec", "scan_xml", "MAX_DEPTH"]

MAX_DEPTH = 200  # deeper documents are opaque, as JSON's
_XML_TYPES = frozenset({"application/xml", "text/xml"})
_NAME = r"[A-Za-z_:][-A-Za-z0-9_.:]*"
# A tag, a DOCTYPE; comments, CDATA and processing instructions are found by their closing marks
# (`str.find`: a lazy regex crawls an unterminated 8 MB comment for seconds).
_TAG = re.compile(
    rf"</(?P<end>{_NAME})\s*>"
    rf"|<(?P<start>{_NAME})(?P<attrs>(?:\s+{_NAME}\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(?P<empty>/?)>"
)
_DOCTYPE = re.compile(r"<!(?:[^\[>]|\[[^\]]*\])*>")
_CLOSED_BY = (("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"))
_ATTRIBUTE = re.compile(rf"({_NAME})\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_PREFIX = "xml:"


def _local(name: str) -> str:
    """`soap:Body` -> `Body`: what a field-name hint reads."""
    return name.rpartition(":")[2]


class _Scan:
    def __init__(self) -> None:
        self.found: list[Located] = []
        self.counts: dict[str, int] = {}

    def add(self, path: str, name: str, value: str, start: int, end: int) -> None:
        index = self.counts[path] = self.counts.get(path, -1) + 1
        self.found.append(Located(Field(f"{_PREFIX}{path}#{index}", name, value), start, end))


def scan_xml(text: str) -> list[Located]:
    """Every text node, CDATA section and attribute value of an XML document with the span of
    its raw characters, or `DecodeError` naming what does not scan."""
    scan = _Scan()
    stack: list[str] = []
    pos = 1 if text.startswith("\ufeff") else 0
    rooted = False  # the root element has been opened
    while True:
        at = text.find("<", pos)
        stop = len(text) if at < 0 else at
        if pos < stop and text[pos:stop].strip():  # character data
            if not stack:
                raise DecodeError(f"XML text outside the root element at {pos}")
            raw = text[pos:stop]
            value = html.unescape(raw) if "&" in raw else raw
            scan.add("/" + "/".join(stack), _local(stack[-1]), value, pos, stop)
        if at < 0:
            break
        opener = next((pair for pair in _CLOSED_BY if text.startswith(pair[0], at)), None)
        if opener is not None:
            close = text.find(opener[1], at + len(opener[0]))
            if close < 0:
                raise DecodeError(f"malformed XML at {at}: {opener[0]} is never closed")
            pos = close + len(opener[1])
            if opener[0] == "<![CDATA[":
                if not stack:
                    raise DecodeError(f"XML CDATA outside the root element at {at}")
                scan.add("/" + "/".join(stack), _local(stack[-1]), text[at + 9 : close], at + 9, close)
            continue
        token = None if text.find(">", at) < 0 else (_DOCTYPE if text.startswith("<!", at) else _TAG).match(text, at)
        if token is None:
            raise DecodeError(f"malformed XML at {at}")
        pos = token.end()
        if token.re is _DOCTYPE:
            continue
        if token.group("end") is not None:
            if not stack or stack[-1] != token.group("end"):
                raise DecodeError(f"XML end tag </{token.group('end')}> closes no open element at {at}")
            stack.pop()
        elif token.group("start") is not None:
            if not stack and rooted:
                raise DecodeError(f"a second XML root element at {at}")
            rooted = True
            stack.append(token.group("start"))
            if len(stack) > MAX_DEPTH:
                raise DecodeError(f"XML nested deeper than {MAX_DEPTH} elements")
            path = "/" + "/".join(stack)
            base = token.start("attrs")
            for attr in _ATTRIBUTE.finditer(token.group("attrs")):
                if attr.group(1) == "xmlns" or attr.group(1).startswith("xmlns:"):
                    continue  # a namespace declaration: the document's schema, not its data
                group = 2 if attr.group(2) is not None else 3
                raw = attr.group(group)
                value = html.unescape(raw) if "&" in raw else raw
                name = f"{_local(stack[-1])}.{_local(attr.group(1))}"
                scan.add(f"{path}@{attr.group(1)}", name, value, base + attr.start(group), base + attr.end(group))
            if token.group("empty"):
                stack.pop()
    if stack or not rooted:
        raise DecodeError("XML document ends with an element open" if stack else "no XML root element")
    return scan.found


def _escape(raw: str, old: str, new: str, *, attribute: str | None, cdata: bool) -> str:
    """The raw characters for `new` where `raw` (which read as `old`) stood."""
    if new == old:
        return raw
    if cdata:
        if "]]>" in new:
            raise EncodeError("a CDATA value cannot hold ']]>'")
        return new
    out = new.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if attribute is not None:
        out = out.replace(attribute, "&quot;" if attribute == '"' else "&apos;")
    return out


class XmlCodec(BodyCodec):
    name = "xml"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime in _XML_TYPES or (mime.endswith("+xml") and not mime.startswith("image/"))

    def sniff(self, body: bytes) -> bool:
        return body.lstrip()[:5] == b"<?xml"

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        return [loc.field for loc in scan_xml(decode_text(body, charset_of(content_type)))]

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        located = scan_xml(text)

        def render(loc: Located, value: str) -> str:
            before = text[loc.start - 1 : loc.start]
            attribute = before if "@" in loc.field.path and before in ("'", '"') else None
            cdata = text.startswith("<![CDATA[", loc.start - 9)
            return _escape(text[loc.start : loc.end], loc.field.value, value, attribute=attribute, cdata=cdata)

        return encode_text(splice(text, located, edits, render), charset)
