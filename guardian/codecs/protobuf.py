"""Protocol Buffers bodies (`application/x-protobuf`, `application/grpc`, `application/grpc-web`,
OTLP's protobuf encoding ...), read without a schema from the wire format and edited in place.

A desktop app's or an SDK's protobuf call was opaque: decided on its URL and headers only, and
blocked whenever an e-mail address showed in its bytes. The wire format is documented
(https://protobuf.dev/programming-guides/encoding/): a message is a run of fields, each a tag
(field number and wire type) and a varint, a fixed 32- or 64-bit value, or a length-delimited
run of bytes, which is a string, bytes or a nested message. Without a schema the last is told
apart by its content, as `protoc --decode_raw` does: bytes that parse as a whole message are a
message (and their strings are read inside it) when a length-delimited field is among them (a
short word parses as scalars by chance); otherwise printable UTF-8 is a string; anything else is
bytes, not read. Strings are the fields:

    1: "signup", 2: {1: "user.email", 2: {1: "jane@x.org"}}
        pb:1[0] = "signup"
        pb:2[0].1[0] = "user.email"
        pb:2[0].2[0].1[0] = "jane@x.org"   (name "user.email")

A path is the chain of field numbers with the occurrence of each among its siblings. A message of
a string field 1 and a field 2 is a key and its value (a protobuf map entry, OTLP's `KeyValue`):
the strings under field 2 take the key as their name, so the field-name hints read `user.email`
as they read a JSON key. gRPC bodies are read frame by frame (`pb:f0.1[0]` is field 1 of the
first message), grpc-web-text ones (the grpc-web browser client's default) after their base64;
a compressed frame makes the body opaque.

A write-back replaces an edited string and re-encodes the lengths of the messages around it; every
other byte is copied as it was. A body that does not parse, nests deeper than `MAX_DEPTH`, holds
more than `MAX_FIELDS` strings, or has an e-mail address in bytes no string field holds (a packed
or unknown blob) raises `DecodeError`: the body stays opaque, and an address in it still blocks it
(codecs/__init__.py).
"""

from __future__ import annotations

import base64
import binascii
import bisect
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from guardian.codecs._email import EMAIL_BYTES
from guardian.codecs._mime import parse_header
from guardian.codecs.base import BodyCodec
from guardian.errors import DecodeError, EncodeError
from guardian.records import Field

__all__ = ["ProtobufCodec", "MAX_DEPTH", "MAX_FIELDS"]

MAX_DEPTH = 32  # nested messages read; deeper bodies are opaque
MAX_FIELDS = 100_000  # string fields read from one body (as many as a CSV's cells)
MAX_KEY_CHARS = 64  # a map entry's key that names its value
_PREFIX = "pb:"
_TYPES = frozenset(
    {"application/x-protobuf", "application/protobuf", "application/x-protobuffer",
     "application/vnd.google.protobuf", "application/x-google-protobuf"}
)
_GRPC_TYPES = ("application/grpc", "application/grpc-web", "application/grpc-web-text")  # and "+proto"
_BASE64_TYPES = ("application/grpc-web-text",)  # grpc-web's default browser mode: the frames in base64
_BASE64_CHUNK = re.compile(rb"[A-Za-z0-9+/]+={0,2}")
_VARINT, _FIXED64, _LENGTH, _FIXED32 = 0, 1, 2, 5
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_KEY = re.compile(rf"[A-Za-z_][\w.\-]{{0,{MAX_KEY_CHARS - 1}}}")


class _NotMessage(Exception):
    """The bytes are not one whole protobuf message."""


@dataclass
class _Node:
    """One length-delimited field: where its tag starts, where its payload sits, and what it is."""

    number: int
    tag_start: int
    start: int
    end: int
    kind: Literal["string", "message", "bytes"]
    path: str = ""
    children: list[_Node] = field(default_factory=list)
    value: str = ""


def _varint(data: bytes, pos: int, end: int) -> tuple[int, int]:
    if pos < end and data[pos] < 0x80:  # most tags and lengths fit one byte
        return data[pos], pos + 1
    result = shift = 0
    for i in range(pos, min(end, pos + 10)):
        byte = data[i]
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, i + 1
        shift += 7
    raise _NotMessage


def _message(data: bytes, start: int, end: int, depth: int, prefix: str) -> list[_Node]:
    """The length-delimited fields of the message in data[start:end], each with its path under
    `prefix`, or `_NotMessage`."""
    if depth > MAX_DEPTH:
        raise DecodeError(f"protobuf nested deeper than {MAX_DEPTH} messages")
    nodes: list[_Node] = []
    seen: dict[int, int] = {}
    pos = start
    while pos < end:
        tag_start = pos
        tag, pos = _varint(data, pos, end)
        number, wire = tag >> 3, tag & 7
        if number < 1 or number > 0x1FFFFFFF:
            raise _NotMessage
        if wire == _VARINT:
            _, pos = _varint(data, pos, end)
        elif wire == _FIXED64:
            pos += 8
        elif wire == _FIXED32:
            pos += 4
        elif wire == _LENGTH:
            size, pos = _varint(data, pos, end)
            if size > end - pos:
                raise _NotMessage
            index = seen[number] = seen.get(number, -1) + 1
            nodes.append(_classify(data, number, tag_start, pos, pos + size, depth, f"{prefix}{number}[{index}]"))
            pos += size
        else:  # groups (deprecated) and invalid wire types
            raise _NotMessage
        if pos > end:
            raise _NotMessage
    return nodes


def _classify(data: bytes, number: int, tag_start: int, start: int, end: int, depth: int, path: str) -> _Node:
    """A message when the bytes parse as one with a length-delimited field inside, or as one of
    scalars only while not reading as text (a short word parses as scalars by chance: "user.email"
    is two fixed32 fields); printable UTF-8 otherwise is a string; the rest is bytes."""
    if start == end:
        return _Node(number, tag_start, start, end, "bytes", path)
    children: list[_Node] | None
    try:
        children = _message(data, start, end, depth + 1, path + ".")
    except _NotMessage:
        children = None
    if children:
        return _Node(number, tag_start, start, end, "message", path, children)
    try:
        text: str | None = data[start:end].decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None and not _CONTROL.search(text):
        return _Node(number, tag_start, start, end, "string", path, value=text)
    if children is not None:  # scalars only
        return _Node(number, tag_start, start, end, "message", path)
    return _Node(number, tag_start, start, end, "bytes", path)


def _frames(data: bytes, grpc: bool) -> list[tuple[int, int]]:
    """The [start, end) of each message: the whole body, or each gRPC frame's payload."""
    if not grpc:
        return [(0, len(data))]
    frames, pos = [], 0
    while pos < len(data):
        if len(data) - pos < 5:
            raise DecodeError("gRPC frame header cut short")
        flag, size = data[pos], int.from_bytes(data[pos + 1 : pos + 5], "big")
        if flag & 0x80:
            break  # a trailer frame (gRPC-web): not a message
        if flag & 0x01:
            raise DecodeError("compressed gRPC frame")
        if size > len(data) - pos - 5:
            raise DecodeError("gRPC frame longer than the body")
        frames.append((pos + 5, pos + 5 + size))
        pos += 5 + size
    return frames


def _is_grpc(content_type: str) -> bool:
    return _one_of(content_type, _GRPC_TYPES)


def _is_base64(content_type: str) -> bool:
    return _one_of(content_type, _BASE64_TYPES)


def _one_of(content_type: str, types: tuple[str, ...]) -> bool:
    """Whether the media type is one of `types` or a `+suffix` form of one (`.../grpc-web+proto`)."""
    mime = parse_header(content_type)[0]
    return mime in types or mime.startswith(tuple(f"{t}+" for t in types))


def _unbase64(body: bytes) -> bytes:
    """A grpc-web-text body's bytes: one base64 run, or several each with its own padding (a
    client may encode each frame apart)."""
    text = body.strip()
    chunks = _BASE64_CHUNK.findall(text)
    if not text or sum(len(c) for c in chunks) != len(text):
        raise DecodeError("grpc-web-text body is not base64")
    try:
        return b"".join(base64.b64decode(c + b"=" * (-len(c) % 4), validate=True) for c in chunks)
    except (binascii.Error, ValueError):
        raise DecodeError("grpc-web-text body is not base64") from None


def _parse(data: bytes, content_type: str) -> list[tuple[int, int, list[_Node]]]:
    """Each message of the body: where it sits (the whole body, or a gRPC frame's payload) and
    its length-delimited fields."""
    grpc = _is_grpc(content_type)
    messages = []
    for index, (start, end) in enumerate(_frames(data, grpc)):
        try:
            nodes = _message(data, start, end, 0, f"{_PREFIX}f{index}." if grpc else _PREFIX)
        except _NotMessage:
            raise DecodeError("not a protobuf message") from None
        messages.append((start, end, nodes))
    return messages


def _strings(nodes: list[_Node], name: str, out: list[Field]) -> None:
    key = _entry_key(nodes)
    for node in nodes:
        own = key if key is not None and node.number == 2 else name
        if node.kind == "string":
            if len(out) >= MAX_FIELDS:
                raise DecodeError(f"protobuf body of more than {MAX_FIELDS} strings")
            out.append(Field(node.path, own, node.value))
        elif node.kind == "message":
            _strings(node.children, own, out)


def _entry_key(nodes: list[_Node]) -> str | None:
    """The key of a map entry / KeyValue message: a key-like string field 1 beside a field 2."""
    keys = [n for n in nodes if n.number == 1]
    if len(keys) != 1 or keys[0].kind != "string" or not any(n.number == 2 for n in nodes):
        return None
    return keys[0].value if _KEY.fullmatch(keys[0].value) else None


class ProtobufCodec(BodyCodec):
    name = "protobuf"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime in _TYPES or mime in _GRPC_TYPES or mime.startswith(tuple(f"{t}+proto" for t in _GRPC_TYPES))

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        if _is_base64(content_type):
            body = _unbase64(body)
        fields: list[Field] = []
        messages = _parse(body, content_type)
        for _, _, nodes in messages:
            _strings(nodes, "", fields)
        if b"@" in body:
            # an address's "@" outside every string read (in bytes, a packed or unknown field):
            # what the proxy cannot rewrite, so the body stays opaque (and is blocked for it)
            spans = sorted((n.start, n.end) for _, _, nodes in messages for n in _walk(nodes) if n.kind == "string")
            starts = [start for start, _ in spans]
            for m in EMAIL_BYTES.finditer(body):
                at = m.start() + m.group().index(b"@")
                i = bisect.bisect_right(starts, at) - 1
                if i < 0 or not spans[i][0] <= at < spans[i][1]:
                    raise DecodeError("an e-mail address in protobuf bytes that no string field holds")
        return fields

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        if _is_base64(content_type):
            frames = _unbase64(body)
            rebuilt = self.encode(frames, "application/grpc-web", edits)
            return body if rebuilt == frames else base64.b64encode(rebuilt)
        messages = _parse(body, content_type)
        known = {n.path for _, _, nodes in messages for n in _walk(nodes) if n.kind == "string"}
        for path in edits:
            if path not in known:
                raise EncodeError(f"unknown field path {path!r}")
        grpc = _is_grpc(content_type)
        out = bytearray()
        pos = 0
        for start, end, nodes in messages:
            rebuilt = _rebuild(body, start, end, nodes, edits)
            if grpc:
                out += body[pos : start - 4] + len(rebuilt).to_bytes(4, "big")
            else:
                out += body[pos:start]
            out += rebuilt
            pos = end
        out += body[pos:]
        return bytes(out)


def _walk(nodes: list[_Node]) -> list[_Node]:
    found: list[_Node] = []
    for node in nodes:
        found.append(node)
        found.extend(_walk(node.children))
    return found


def _touched(node: _Node, edits: Mapping[str, str]) -> bool:
    """Whether the node's bytes change: a string given another value, or a message holding one
    (a string written back as it was keeps its bytes, an overlong length varint included)."""
    if node.path in edits:
        return edits[node.path] != node.value
    return any(_touched(c, edits) for c in node.children)


def _rebuild(data: bytes, start: int, end: int, nodes: list[_Node], edits: Mapping[str, str]) -> bytes:
    """data[start:end] with the edited strings under `nodes` replaced and their lengths re-encoded."""
    out = bytearray()
    pos = start
    for node in nodes:
        if not _touched(node, edits):
            continue
        if node.path in edits:
            try:
                payload = edits[node.path].encode("utf-8")
            except UnicodeEncodeError:
                raise EncodeError(f"protobuf string {node.path} cannot hold a lone surrogate") from None
        else:
            payload = _rebuild(data, node.start, node.end, node.children, edits)
        tag_end = node.tag_start
        _, tag_end = _varint(data, tag_end, end)  # the tag, kept as written
        out += data[pos:tag_end] + _encode_varint(len(payload)) + payload
        pos = node.end
    out += data[pos:end]
    return bytes(out)


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)
