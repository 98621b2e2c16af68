"""base64 and base64url values: which ones are payloads, and how to write them back.

Trackers and SDKs base64 their payloads (Mixpanel's `data=`, `eyJ...` tokens, ad click URLs,
`user=jane@x.com;plan=pro` cookies), but most base64-looking values are random ids, digests and
nonces. A value is only opened when cheap checks pass first (length, alphabet, not hex), then it
decodes strictly, is UTF-8 with no control characters, and is either JSON or clearly text
(`looks_like_text`). A rewrite is written in the same alphabet and padding style.

SDKs also base64 a payload they compressed first (a session recording's `data` of gzip, a
zlib-deflated event batch): bytes that start with gzip, zlib or zstd magic are decompressed, at
most `MAX_INFLATED_BYTES`, and read the same way; the layer is then named with its compression
(`base64+gzip`) and a rewrite is compressed again before it is encoded.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from guardian.codecs.content_encoding import BodyTooLarge, decode_body, encode_body, sniff_coding
from guardian.errors import ContentEncodingError

__all__ = [
    "MIN_BASE64_CHARS",
    "Opened",
    "open_base64",
    "encode_like",
    "encode_layer",
    "decode_layer",
    "looks_like_text",
    "LAYERS",
    "MAX_INFLATED_BYTES",
]

MIN_BASE64_CHARS = 16  # shorter base64-looking values are ids, not payloads (12 decoded bytes)
ALPHABETS = ("base64", "base64url")
COMPRESSIONS = ("gzip", "deflate", "zstd")
LAYERS = (*ALPHABETS, *(f"{a}+{c}" for a in ALPHABETS for c in COMPRESSIONS))
MAX_INFLATED_BYTES = 1024 * 1024  # a compressed base64 payload is read up to this size, no more
TEXT_SAMPLE_CHARS = 4096  # letters are counted in this much of a value; the rest is only checked for controls
MIN_TEXT_LETTERS = 4  # "a=1;b=2" is settings, not text
MIN_LETTER_SHARE = 0.5  # letters and spaces in "user=jane@x.com;plan=pro": 0.79; in a URL with a query: ~0.7
_B64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
_B64URL = re.compile(r"[A-Za-z0-9_\-]+={0,2}")
# Hex digests, UUIDs and numbers are in base64's alphabet but are never base64 payloads.
_HEXISH = re.compile(r"[0-9a-fA-F\-]+")
_UPPER = re.compile(r"[A-Z]")
_LOWER = re.compile(r"[a-z]")
# C0 controls but tab, LF and CR; DEL; C1 controls: none of them occur in text a person reads.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_LETTERISH = re.compile(r"[^\W\d_]| ")  # a letter in any script, or a space


@dataclass(frozen=True)
class Opened:
    """A base64 value, decoded: its layer (alphabet), its text, and whether it was written the way
    an encoder writes it (canonical: re-encoding gives the same characters)."""

    layer: str
    text: str
    canonical: bool


def _alphabet(value: str) -> str | None:
    """The layer whose alphabet `value` is written in, after the cheap checks; None for the rest."""
    if len(value) < MIN_BASE64_CHARS or len(value.rstrip("=")) % 4 == 1:
        return None
    if _B64.fullmatch(value):
        layer = "base64"
    elif _B64URL.fullmatch(value):
        layer = "base64url"
    else:
        return None
    # base64 of text mixes cases; hex digests, UUIDs, numbers and single-case words do not.
    if _HEXISH.fullmatch(value) or not (_UPPER.search(value) and _LOWER.search(value)):
        return None
    return layer


def _decode(value: str, layer: str) -> bytes | None:
    padded = value + "=" * (-len(value) % 4)
    try:
        if layer == "base64url":
            return base64.b64decode(padded, altchars=b"-_", validate=True)
        return base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return None


def _inflate(raw: bytes) -> tuple[bytes, str] | None:
    """Compressed bytes decompressed (bounded), with their coding; None when they are not."""
    coding = sniff_coding(raw)
    if coding is None:
        return None
    try:
        data, _ = decode_body(raw, (coding,), MAX_INFLATED_BYTES)
    except (BodyTooLarge, ContentEncodingError):
        return None
    return data, coding


def _split_layer(layer: str) -> tuple[str, str | None]:
    alphabet, _, coding = layer.partition("+")
    return alphabet, coding or None


def open_base64(value: str) -> Opened | None:
    """`value` decoded when it is base64(url) of UTF-8 text with no control characters (after
    decompressing it when its bytes are gzip, zlib or zstd), else None.

    Whether that text is a payload (JSON, or `looks_like_text`) is the caller's call."""
    layer = _alphabet(value)
    if layer is None:
        return None
    raw = _decode(value, layer)
    if raw is None:
        return None
    inflated = _inflate(raw)
    data = inflated[0] if inflated is not None else raw
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if _CONTROL.search(text):
        return None
    canonical = encode_like(layer, value, raw) == value
    return Opened(f"{layer}+{inflated[1]}" if inflated is not None else layer, text, canonical)


def decode_layer(layer: str, value: str) -> str | None:
    """The text of a value already read as `layer`, for a write-back; None when it no longer is."""
    alphabet, coding = _split_layer(layer)
    if _alphabet(value) != alphabet:
        return None
    raw = _decode(value, alphabet)
    if raw is None:
        return None
    if coding is not None:
        inflated = _inflate(raw)
        if inflated is None or inflated[1] != coding:
            return None
        raw = inflated[0]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def encode_layer(layer: str, original: str, data: bytes) -> str:
    """`data` written back as `layer` wrote `original`: compressed again if it was, then encoded."""
    alphabet, coding = _split_layer(layer)
    if coding is not None:
        data = encode_body(data, (coding,))
    return encode_like(alphabet, original, data)


def encode_like(layer: str, original: str, data: bytes) -> str:
    """`data` in `layer`'s alphabet, padded like `original` (a length of a multiple of 4 with no
    "=" reads as the padded style: that value needed none)."""
    padded = original.endswith("=") or len(original) % 4 == 0
    out = base64.b64encode(data) if _split_layer(layer)[0] == "base64" else base64.urlsafe_b64encode(data)
    text = out.decode("ascii")
    return text if padded else text.rstrip("=")


def looks_like_text(text: str) -> bool:
    """Whether decoded bytes read as something a person or a form wrote: no control characters
    and mostly letters and spaces. Random bytes almost never pass (an id decodes to binary)."""
    if _CONTROL.search(text):
        return False
    sample = text[:TEXT_SAMPLE_CHARS].strip()
    if not sample:
        return False
    letters = len(_LETTERISH.findall(sample))
    return letters >= MIN_TEXT_LETTERS and letters >= MIN_LETTER_SHARE * len(sample)
