"""JSON bodies (also `+json` types and JSON beacons sent as text/plain), edited byte-preservingly.

A small recursive-descent scanner records where each string and number token sits, so a
write-back replaces only the edited tokens and keeps the sender's spacing, key order and escapes.
Reading a body needs no positions: `json_fields` gets the same fields from the C decoder.

An object key that holds an e-mail address (`{"users": {"jane@x.org": {...}}}`) is personal data
in itself: it is also a field, `<path of its value>{key}` (`json:$.users["jane@x.org"]{key}`),
whose value is the key and whose write-back renames it in place. Other keys are not fields.
"""

from __future__ import annotations

import threading

import functools
import json
import re
from collections.abc import Mapping
from functools import lru_cache
from json.decoder import WHITESPACE, scanstring

from guardian.codecs._email import KEY_SUFFIX, is_value_key
from guardian.codecs._mime import charset_of, decode_text, encode_text, is_text_encodable
from guardian.codecs._requote import requote_json
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.errors import DecodeError
from guardian.records import Field, FieldKind

__all__ = ["JsonCodec", "scan_json", "json_fields", "looks_like_json", "json_locator", "MAX_DEPTH", "JSON_TYPES", "KEY_SUFFIX"]

MAX_DEPTH = 200  # deeper bodies are opaque rather than a RecursionError
JSON_TYPES = frozenset(
    # Google's JSPB ("application/json+protobuf"): a protobuf message written as a JSON array
    {"application/json", "text/json", "application/x-json", "application/csp-report", "application/json+protobuf"}
)
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LITERALS = ("true", "false", "null")
_SPACE = frozenset(" \t\n\r")
# json.scanner.NUMBER_RE with ASCII digits: its `\d` also matches digits like U+0660.
NUMBER_RE = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")


class _Malformed(Exception):
    def __init__(self, pos: int, what: str) -> None:
        super().__init__(what)
        self.pos = pos


@functools.lru_cache(maxsize=1024)
def key_segment(key: str) -> str:
    """`.key` for identifier keys, `["we.ird key"]` for the rest."""
    return f".{key}" if _IDENT.fullmatch(key) else f"[{json.dumps(key, ensure_ascii=False)}]"


class _Scanner:
    def __init__(self, text: str, prefix: str) -> None:
        self.text = text
        self.prefix = prefix
        self.found: list[Located] = []

    def skip_ws(self, idx: int) -> int:
        # Most separators have no space around them; skip the regex call then.
        return WHITESPACE.match(self.text, idx).end() if self.text[idx : idx + 1] in _SPACE else idx

    def value(self, idx: int, path: str, name: str, depth: int) -> int:
        """Scan the value starting at `idx` (no leading space); return the index after it."""
        text = self.text
        char = text[idx : idx + 1]
        if char == '"':
            try:
                value, end = scanstring(text, idx + 1, True)
            except json.JSONDecodeError as e:
                raise _Malformed(e.pos, e.msg) from None
            self._add(path, name, value, FieldKind.STRING, idx, end)
            return end
        if char in ("{", "["):
            if depth >= MAX_DEPTH:
                raise DecodeError(f"JSON nested deeper than {MAX_DEPTH} levels")
            return (self.object if char == "{" else self.array)(idx + 1, path, name, depth + 1)
        number = NUMBER_RE.match(text, idx)
        if number:
            self._add(path, name, number.group(), FieldKind.NUMBER, idx, number.end())
            return number.end()
        for literal in _LITERALS:  # booleans and null are not fields
            if text.startswith(literal, idx):
                return idx + len(literal)
        raise _Malformed(idx, "expected a value")

    def object(self, idx: int, path: str, name: str, depth: int) -> int:
        text = self.text
        idx = self.skip_ws(idx)
        if text.startswith("}", idx):
            return idx + 1
        seen: dict[str, int] = {}
        while True:
            if not text.startswith('"', idx):
                raise _Malformed(idx, "expected a key")
            key_start = idx
            try:
                key, idx = scanstring(text, idx + 1, True)
            except json.JSONDecodeError as e:
                raise _Malformed(e.pos, e.msg) from None
            key_end = idx
            idx = self.skip_ws(idx)
            if not text.startswith(":", idx):
                raise _Malformed(idx, "expected ':'")
            # A repeated key gets `#n` so every path stays unique and writable.
            count = seen[key] = seen.get(key, -1) + 1
            segment = key_segment(key) + (f"#{count}" if count else "")
            if is_value_key(key):
                self._add(path + segment + KEY_SUFFIX, name, key, FieldKind.STRING, key_start, key_end)
            idx = self.value(self.skip_ws(idx + 1), path + segment, key, depth)
            idx = self.skip_ws(idx)
            if text.startswith("}", idx):
                return idx + 1
            if not text.startswith(",", idx):
                raise _Malformed(idx, "expected ',' or '}'")
            idx = self.skip_ws(idx + 1)

    def array(self, idx: int, path: str, name: str, depth: int) -> int:
        text = self.text
        idx = self.skip_ws(idx)
        if text.startswith("]", idx):
            return idx + 1
        i = 0
        while True:
            idx = self.skip_ws(self.value(idx, f"{path}[{i}]", name, depth))
            if text.startswith("]", idx):
                return idx + 1
            if not text.startswith(",", idx):
                raise _Malformed(idx, "expected ',' or ']'")
            idx, i = self.skip_ws(idx + 1), i + 1

    def _add(self, path: str, name: str, value: str, kind: FieldKind, start: int, end: int) -> None:
        self.found.append(Located(Field(f"{self.prefix}:{path}", name, value, kind), start, end))


def scan_json(text: str, prefix: str, charset: str = "utf-8") -> list[Located]:
    """Every string and number token of a JSON document, or `DecodeError` naming the byte."""
    scanner = _Scanner(text, prefix)
    # Some clients prepend a BOM; skip it when reading (a write-back keeps it).
    start = scanner.skip_ws(1 if text.startswith("\ufeff") else 0)
    try:
        end = scanner.skip_ws(scanner.value(start, "$", "", 0))
        if end != len(text):
            raise _Malformed(end, "extra data")
    except _Malformed as e:
        raise DecodeError(
            f"malformed JSON at byte {_byte_offset(text, e.pos, charset)}: {e}"
        ) from None
    return scanner.found


class _Number(str):
    """A number token's text, as `json` hands it to `parse_int` / `parse_float`."""

    __slots__ = ()


class _Members(list):  # type: ignore[type-arg]
    """An object's (key, value) pairs in order, repeated keys kept (`object_pairs_hook`)."""

    __slots__ = ()


class _TooDeep(Exception):
    pass


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")  # NaN and Infinity: Python's extension, not JSON's


# The C decoder, told to keep what the scanner keeps: number tokens as written, every member of
# an object in order; NaN and Infinity refused as the scanner does.
_DECODER = json.JSONDecoder(
    object_pairs_hook=_Members, parse_float=_Number, parse_int=_Number, parse_constant=_refuse_constant
)


def json_fields(text: str, prefix: str, charset: str = "utf-8") -> list[Field]:
    """The fields of a JSON document, as `scan_json` finds them, without their positions.

    Read by the C decoder: a body that is only inspected (most of them) needs no positions, and
    this is 2.5 to 3.5 times faster than the scanner (lab/bench/README.md). A document that the decoder refuses or
    that nests deeper than MAX_DEPTH is left to the scanner, which says why in its `DecodeError`.
    The two agree field for field (tests/unit/codecs/test_codecs_json.py checks it on generated
    documents)."""
    found: list[Field] = []
    try:
        _collect(_DECODER.decode(text[1:] if text.startswith("\ufeff") else text), f"{prefix}:$", "", 0, found)
        return found
    except (ValueError, RecursionError, _TooDeep):  # the scanner raises its DecodeError for it
        return [loc.field for loc in scan_json(text, prefix, charset)]


def _collect(value: object, path: str, name: str, depth: int, found: list[Field]) -> None:
    """The scanner's walk over a decoded document: leaves in document order, the same paths."""
    kind = type(value)
    if kind is str:
        found.append(Field(path, name, value, FieldKind.STRING))  # type: ignore[arg-type]
    elif kind is _Number:
        found.append(Field(path, name, str(value), FieldKind.NUMBER))
    elif kind is _Members:
        if depth >= MAX_DEPTH:
            raise _TooDeep
        seen: dict[str, int] = {}
        for key, member in value:  # type: ignore[attr-defined]
            count = seen[key] = seen.get(key, -1) + 1
            segment = key_segment(key) + (f"#{count}" if count else "")
            if is_value_key(key):
                found.append(Field(path + segment + KEY_SUFFIX, name, key, FieldKind.STRING))
            _collect(member, path + segment, key, depth + 1, found)
    elif kind is list:
        if depth >= MAX_DEPTH:
            raise _TooDeep
        for i, item in enumerate(value):  # type: ignore[arg-type]
            _collect(item, f"{path}[{i}]", name, depth + 1, found)
    # true, false and null are not fields


def _byte_offset(text: str, pos: int, charset: str) -> int:
    try:
        return len(text[:pos].encode(charset, "surrogateescape"))
    except (LookupError, UnicodeEncodeError):
        return pos


def _string_token(value: str, charset: str) -> str:
    token = json.dumps(value, ensure_ascii=False)
    # Fall back to \\u escapes for characters the body's charset cannot hold.
    return token if is_text_encodable(token, charset) else json.dumps(value)


def render_token(loc: Located, value: str, charset: str, raw: str | None = None) -> str:
    """A new token for `loc`: bare for a number field given a number, else a JSON string. Given
    the old token `raw` of a string field, its escapes (`\\/`, `\\u00e9`) are kept where the value
    did not change."""
    if loc.field.kind is FieldKind.NUMBER and NUMBER_RE.fullmatch(value):
        return value
    if raw is not None and loc.field.kind is FieldKind.STRING:
        return requote_json(raw, loc.field.value, value, lambda v: _string_token(v, charset))
    return _string_token(value, charset)


def looks_like_json(body: bytes) -> bool:
    """A beacon-style sniff: an object or array that parses."""
    stripped = body.strip()
    if stripped[:1] not in (b"{", b"["):
        return False
    try:
        json.loads(stripped.decode("utf-8", "surrogateescape"))
    except (ValueError, RecursionError):
        return False
    return True


_last_scan = threading.local()  # (body, content type, codec, what `locate` found)
_KEEP_SCAN_BYTES = 64 * 1024


class JsonCodec(BodyCodec):
    name = "json"
    prefix = "json"

    def accepts(self, mime: str, body: bytes) -> bool:
        if mime in JSON_TYPES or mime.endswith("+json"):
            return True
        return mime == "text/plain" and looks_like_json(body)  # navigator.sendBeacon(string)

    def sniff(self, body: bytes) -> bool:
        return looks_like_json(body)

    def keep(self, loc: Located) -> bool:
        """Which scanned tokens are fields (`keep_field`)."""
        return self.keep_field(loc.field)

    def keep_field(self, field: Field) -> bool:
        """Which of the document's leaves are fields; all of them for plain JSON."""
        return True

    def locate(self, body: bytes, content_type: str) -> tuple[str, str, list[Located]]:
        # A body's positions are needed by each encode of it (the rewrite, then the AI chat's
        # pseudonyms), in the same thread, moments apart: the last scan of each thread is kept.
        last = getattr(_last_scan, "value", None)
        if last is not None and last[0] is body and last[1] == content_type and last[2] is self:
            return last[3]
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        found = (
            text,
            charset,
            [loc for loc in scan_json(text, self.prefix, charset) if self.keep(loc)],
        )
        if len(body) <= _KEEP_SCAN_BYTES:  # a thread holds on to one small body at most
            _last_scan.value = (body, content_type, self, found)
        return found

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        # No positions: most bodies are only read; a rewrite's `encode` scans for them.
        charset = charset_of(content_type)
        return [f for f in json_fields(decode_text(body, charset), self.prefix, charset) if self.keep_field(f)]

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        edits = distinct_keys(edits)
        text, charset, located = self.locate(body, content_type)
        return encode_text(
            splice(
                text,
                located,
                edits,
                lambda loc, v: render_token(loc, v, charset, text[loc.start : loc.end]),
            ),
            charset,
        )


def distinct_keys(edits: Mapping[str, str]) -> Mapping[str, str]:
    """`edits` with no two renamed keys alike: two addresses at one domain masked to the same
    `***@x.org` would make two members one (a parser keeps the last), so a repeat gets `~2`, `~3`."""
    renamed = sorted(p for p in edits if p.endswith(KEY_SUFFIX))
    if len(renamed) < 2:
        return edits
    out = dict(edits)
    used: dict[str, int] = {}
    for path in renamed:
        new = out[path]
        times = used[new] = used.get(new, 0) + 1
        if times > 1:
            out[path] = f"{new}~{times}"
    return out


_LOCATOR_PART = re.compile(r'\.([^.\[]+)|\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]')


@lru_cache(maxsize=8192)  # field paths repeat from request to request (a page's beacons, an SDK's batches)
def json_locator(path: str) -> tuple[str, ...] | None:
    """The keys and array indices (as digit strings) from the root of a JSON field's innermost
    JSON layer: `json:$.batch[0]["a.b"].c` -> ("batch", "0", "a.b", "c"); None for other fields
    and for what is read out of a place rather than sitting in it (a key, `...{key}`; a GraphQL
    query's string literal, `...{str:N}`): no schema names those."""
    inner = path.rsplit("|>", 1)[-1]
    if inner.endswith("}"):  # a JSON path itself ends in a key, an index or `#n`, never "}"
        return None
    source, _, loc = inner.partition(":")
    if source not in ("json", "graphql") or not loc.startswith("$"):
        return None
    return tuple(next(g for g in m.groups() if g is not None) for m in _LOCATOR_PART.finditer(loc, 1))
