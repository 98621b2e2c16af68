"""Which codec reads a body: by declared media type first, then by sniffing unknown types."""

from __future__ import annotations

import re

from guardian.codecs.base import BodyCodec
from guardian.codecs.csv_ import CsvCodec
from guardian.codecs.form import FormCodec
from guardian.codecs.form_lines import FormLinesCodec
from guardian.codecs.graphql import GraphQLCodec
from guardian.codecs.json_ import JsonCodec
from guardian.codecs.line_protocol import LineProtocolCodec
from guardian.codecs.multipart import MultipartCodec
from guardian.codecs.ndjson import NdjsonCodec, SentryEnvelopeCodec
from guardian.codecs.protobuf import ProtobufCodec
from guardian.codecs.text import TextCodec
from guardian.codecs.xml import XmlCodec
from guardian.errors import DecodeError

__all__ = ["CODECS", "pick", "by_name"]

# GraphQL before JSON: a GraphQL request is JSON too, but only its variables are data.
# Envelopes and NDJSON after JSON (a one-line body is plain JSON), envelopes first (an envelope's
# lines are JSON too), and both before text: browser SDKs send them as text/plain.
_TEXT_CODEC = TextCodec()
CODECS: tuple[BodyCodec, ...] = (
    GraphQLCodec(),
    JsonCodec(),
    SentryEnvelopeCodec(),
    NdjsonCodec(),
    FormCodec(),
    FormLinesCodec(),  # URL-encoded records one per line (batched hits), after the one-record form
    LineProtocolCodec(),  # time-series points one per line, sent as text/plain: after the forms, before text
    MultipartCodec(),
    XmlCodec(),  # before text: text/xml is XML
    CsvCodec(),  # before text: text/csv is a table
    ProtobufCodec(),  # its types are binary: without it, opaque
    _TEXT_CODEC,
)

_BINARY_PREFIXES = ("image/", "audio/", "video/", "font/", "model/")
_BINARY_TYPES = frozenset(
    {
        "application/octet-stream",
        "application/pdf",
        "application/zip",
        "application/gzip",
        "application/wasm",
        "application/grpc",
        "application/grpc-web",
        "application/x-protobuf",
        "application/protobuf",
        "application/x-protobuffer",
        "application/vnd.google.protobuf",
        "application/x-google-protobuf",
    }
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def _binary_type(mime: str) -> bool:
    return (
        mime.startswith(_BINARY_PREFIXES)
        or mime in _BINARY_TYPES
        or "protobuf" in mime
        or "grpc" in mime
    )


def _looks_binary(body: bytes) -> bool:
    try:
        return _CONTROL.search(body.decode("utf-8")) is not None
    except UnicodeDecodeError:
        return True


def pick(mime: str, body: bytes) -> BodyCodec:
    """The codec for a body of media type `mime`, or `DecodeError` saying why it is opaque."""
    for codec in CODECS:
        if codec.accepts(mime, body):
            return codec
    label = mime or "no Content-Type"
    if _binary_type(mime):
        if mime == "application/octet-stream" and _TEXT_CODEC.sniff_base64(body):
            return _TEXT_CODEC  # "bytes" that are one base64 token of JSON or text: a value
        raise DecodeError(f"binary body ({label})")
    # Declared text and multipart types that no codec took (html, css, multipart/mixed ...)
    # are what they say; only unknown or missing types are sniffed.
    if not mime.startswith(("text/", "multipart/")):
        for codec in CODECS:
            if codec.sniff(body):
                return codec
    if _looks_binary(body):
        raise DecodeError(f"binary body ({label})")
    raise DecodeError(f"unsupported body type ({label})")


def by_name(name: str) -> BodyCodec | None:
    return next((codec for codec in CODECS if codec.name == name), None)
