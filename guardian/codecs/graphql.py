"""GraphQL over HTTP: the `variables` of a (batched) JSON request, and the string literals of its
query document, are fields.

The query document and operationName are code, not user data, so they are not fields; but a
client that builds its query by pasting values in (`identify(email: "jane@x.org")`) sends user
data as the document's string literals (GraphQL spec, 2.9.4 String Value). Each literal of a
document is a field `<query path>{str:N}` (N counting the document's literals from 0, at most
`MAX_LITERALS`), named after the argument or input field it is given to (`email`), its value the
string with its escapes read; a write-back replaces only that literal's characters, escaped as
GraphQL wants, and the query's JSON string keeps its own escapes elsewhere. A raw
`application/graphql` body is a document itself: its literals are fields `graphql:{str:N}`.
Comments (`# ...`) are skipped; block strings (three double quotes each side) are literals too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from guardian.codecs._mime import charset_of, decode_text, encode_text, media_type
from guardian.codecs._splice import Located
from guardian.codecs.json_ import JSON_TYPES, JsonCodec, json_fields
from guardian.errors import EncodeError
from guardian.records import Field, FieldKind

__all__ = ["GraphQLCodec", "string_literals", "MAX_LITERALS"]

_VARIABLES = re.compile(r"graphql:\$(?:\[\d+\])?\.variables(?:$|[.\[#])")
_QUERY = re.compile(r"graphql:\$(?:\[\d+\])?\.query$")
_LITERAL = "{str:"  # <query path>{str:N}: the document's N-th string literal
MAX_LITERALS = 256  # literals read from one document; a client's operation has a handful
_ARGUMENT = re.compile(r"([_A-Za-z][_0-9A-Za-z]*)[ \t\r\n,]*:[ \t\r\n,]*$")  # `email:` before a literal
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


@dataclass(frozen=True)
class Literal:
    """One string literal of a document: its content's span (inside the quotes), its value, the
    argument it is given to ("" when none), and whether it is a block string."""

    start: int
    end: int
    value: str
    name: str
    block: bool


def _read_escapes(raw: str) -> str | None:
    """The value of a quoted string's content; None when an escape is not GraphQL's."""
    if "\\" not in raw:
        return raw
    out: list[str] = []
    i = 0
    while i < len(raw):
        char = raw[i]
        if char != "\\":
            out.append(char)
            i += 1
            continue
        code = raw[i + 1 : i + 2]
        if code == "u" and re.fullmatch(r"[0-9A-Fa-f]{4}", raw[i + 2 : i + 6]):
            out.append(chr(int(raw[i + 2 : i + 6], 16)))
            i += 6
        elif code in _ESCAPES:
            out.append(_ESCAPES[code])
            i += 2
        else:
            return None
    return "".join(out)


def string_literals(doc: str) -> list[Literal]:
    """The string literals of a GraphQL document, in order, at most `MAX_LITERALS`; a document
    that does not lex (an unterminated string) gives those before the fault."""
    found: list[Literal] = []
    i, size = 0, len(doc)
    while i < size and len(found) < MAX_LITERALS:
        char = doc[i]
        if char == "#":  # a comment, to the end of its line
            newline = min((at for at in (doc.find("\n", i), doc.find("\r", i)) if at >= 0), default=size)
            i = newline
            continue
        if char != '"':
            i += 1
            continue
        argument = _ARGUMENT.search(doc, max(0, i - 200), i)
        name = argument.group(1) if argument else ""
        if doc.startswith('"""', i):  # a block string: raw up to three quotes not escaped
            j = i + 3
            while True:
                close = doc.find('"""', j)
                if close < 0:
                    return found
                if doc[close - 1] == "\\":
                    j = close + 3
                    continue
                break
            raw = doc[i + 3 : close]
            found.append(Literal(i + 3, close, raw.replace('\\"""', '"""'), name, True))
            i = close + 3
            continue
        j = i + 1
        while j < size and doc[j] != '"':
            if doc[j] in "\r\n":
                return found  # a quoted string ends on its line
            j += 2 if doc[j] == "\\" else 1
        if j >= size:
            return found
        value = _read_escapes(doc[i + 1 : j])
        if value is not None:
            found.append(Literal(i + 1, j, value, name, False))
        i = j + 1
    return found


def _literal_text(value: str, block: bool) -> str:
    """`value` as the content of a literal: a quoted string escapes quotes, backslashes and
    control characters; a block string escapes only its closing quotes."""
    if block:
        return value.replace('"""', '\\"""')
    out = value.replace("\\", "\\\\").replace('"', '\\"')
    return re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m.group()):04x}", out)


def _literal_fields(query_path: str, doc: str) -> list[Field]:
    return [Field(f"{query_path}{_LITERAL}{n}}}", lit.name, lit.value, FieldKind.STRING)
            for n, lit in enumerate(string_literals(doc))]


def write_literals(doc: str, edits: Mapping[int, str]) -> str:
    """`doc` with the literals numbered in `edits` replaced; `EncodeError` for an unknown one."""
    literals = string_literals(doc)
    for n in edits:
        if not 0 <= n < len(literals):
            raise EncodeError(f"the query has no string literal {n}")
    out = doc
    for n in sorted(edits, reverse=True):  # from the end: earlier spans stay where they were
        lit = literals[n]
        out = out[: lit.start] + _literal_text(edits[n], lit.block) + out[lit.end :]
    return out


def _by_query(edits: Mapping[str, str]) -> dict[str, dict[int, str]]:
    """Literal edits grouped by their document's path: {query path: {N: new value}}."""
    out: dict[str, dict[int, str]] = {}
    for path, value in edits.items():
        query_path, _, rest = path.partition(_LITERAL)
        if not rest.endswith("}") or not rest[:-1].isdigit():
            raise EncodeError(f"unknown field path {path!r}")
        out.setdefault(query_path, {})[int(rest[:-1])] = value
    return out


def _is_operation(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    persisted = (
        isinstance(value.get("extensions"), dict) and "persistedQuery" in value["extensions"]
    )
    query = value.get("query")
    if isinstance(query, str):
        # a search's "query" ("winter boots", an Elasticsearch or Algolia body) is no document:
        # its members are the JSON codec's fields, not code
        return _DOCUMENT.match(query) is not None
    return persisted  # Apollo persisted queries omit it


# An executable GraphQL document (spec, 2.2 Document): after ignored tokens (white space, commas,
# a byte order mark, comments) a selection set or an operation's or a fragment's keyword; possessive,
# so a run of "#" is read once, not split every way
_DOCUMENT = re.compile(r"(?:[\s,\ufeff]|#[^\n\r]*+)*+(?:\{|(?:query|mutation|subscription|fragment)(?![_0-9A-Za-z]))")


def looks_like_graphql(body: bytes, charset: str = "utf-8") -> bool:
    """A JSON object with a `query` (or persisted-query hash), or a non-empty list of them."""
    stripped = body.strip()
    if stripped[:1] not in (b"{", b"["):
        return False
    if b"query" not in stripped and b"Query" not in stripped and b"\\" not in stripped:
        return False  # neither key is in it, not even escaped: nothing to parse
    try:
        doc = json.loads(stripped.decode(charset, "surrogateescape"))
    except (ValueError, RecursionError, LookupError):
        return False
    if isinstance(doc, list):
        return bool(doc) and all(_is_operation(op) for op in doc)
    return _is_operation(doc)


class GraphQLCodec(JsonCodec):
    name = "graphql"
    prefix = "graphql"

    def accepts(self, mime: str, body: bytes) -> bool:
        if mime == "application/graphql":
            return True
        jsonish = mime in JSON_TYPES or mime.endswith("+json") or mime == "text/plain"
        return jsonish and looks_like_graphql(body)

    def sniff(self, body: bytes) -> bool:
        return looks_like_graphql(body)

    def keep_field(self, field: Field) -> bool:
        return _VARIABLES.match(field.path) is not None

    def keep(self, loc: Located) -> bool:
        # A write-back also needs where each query document sits, to put its new literals there.
        return self.keep_field(loc.field) or _QUERY.match(loc.field.path) is not None

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        if media_type(content_type) == "application/graphql":
            return _literal_fields("graphql:", text)
        fields: list[Field] = []
        for f in json_fields(text, self.prefix, charset):
            if self.keep_field(f):
                fields.append(f)
            elif f.kind is FieldKind.STRING and _QUERY.match(f.path) and '"' in f.value:
                fields += _literal_fields(f.path, f.value)
        return fields

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        code = next((p for p in edits if _QUERY.match(p) or not p.startswith("graphql:")), None)
        if code is not None:  # the document is written only through its literals
            raise EncodeError(f"unknown field path {code!r}")
        literal_edits = {p: v for p, v in edits.items() if _LITERAL in p}
        if not literal_edits:
            if edits and media_type(content_type) == "application/graphql":
                raise EncodeError(f"unknown field path {next(iter(edits))!r}")
            return super().encode(body, content_type, edits)
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        grouped = _by_query(literal_edits)
        if media_type(content_type) == "application/graphql":
            if set(grouped) != {"graphql:"} or len(literal_edits) != len(edits):
                raise EncodeError(f"unknown field path {next(p for p in edits if not p.startswith('graphql:{'))!r}")
            return encode_text(write_literals(text, grouped["graphql:"]), charset)
        documents = {f.path: f.value for f in json_fields(text, self.prefix, charset) if _QUERY.match(f.path)}
        rest = {p: v for p, v in edits.items() if _LITERAL not in p}
        for query_path, by_number in grouped.items():
            if query_path not in documents:
                raise EncodeError(f"unknown field path {query_path + _LITERAL!r}")
            rest[query_path] = write_literals(documents[query_path], by_number)
        return super().encode(body, content_type, rest)
