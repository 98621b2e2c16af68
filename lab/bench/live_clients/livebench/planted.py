"""The planted personal values, and the search for them in what reached a collector.

A value counts as arrived when it is found in the URL, a header or the body, either as sent or
after any chain of these decodings (each applied to what the previous one produced, to a bounded
depth): URL-decoding (repeated), JSON string unescaping, base64/base64url decoding of any
base64-looking run of 16+ characters, and decompression by magic bytes (gzip 1f8b, zlib 78 01/5e/
9c/da, zstd 28b52ffd) or by the declared Content-Encoding (also brotli), plus a raw-deflate
attempt on binary bodies that declare none. The e-mail, user id and name are matched
case-insensitively (the name also as first and last name apart, never inside the e-mail); the
phone in any spacing or punctuation (`+1 415 555 0187`, `14155550187`, `(415) 555-0187`).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import unquote_plus

__all__ = ["PLANTED", "PLANTED_JS", "Hit", "find_planted", "text_variants", "body_variants", "decompress"]

PLANTED: dict[str, str] = {
    "name": "Marguerite Oyelaran",
    "email": "marguerite.oyelaran@example.net",
    "phone": "+1 415 555 0187",
    "user_id": "usr_8f3k2m9qz4",
}
# What the pages get (the identify page also sends plan: "pro", which is not personal).
PLANTED_JS: dict[str, str] = {**PLANTED, "first_name": "Marguerite", "last_name": "Oyelaran", "plan": "pro"}

_PATTERNS: dict[str, re.Pattern[str]] = {
    "name": re.compile(r"marguerite(?:\s|\+|_){1,3}oyelaran", re.I),  # not inside the e-mail
    "email": re.compile(re.escape(PLANTED["email"]), re.I),
    "phone": re.compile(r"(?:\+?\s?1\D{0,3})?\(?415\)?\D{0,3}555\D{0,3}0187(?!\d)"),
    "user_id": re.compile(re.escape(PLANTED["user_id"]), re.I),
}
# The name also counts as arrived when its two parts arrive apart (firstName/lastName fields),
# outside the e-mail address.
_FIRST = re.compile(r"(?<![.\w])marguerite\b(?!\.oyelaran)", re.I)
_LAST = re.compile(r"(?<![.\w])oyelaran\b(?!@)", re.I)
# Reported for information only (not part of "all kept"): a surname alone is still a clue.
PARTIAL: dict[str, re.Pattern[str]] = {"surname": re.compile(r"(?<![.\w])oyelaran\b(?!@)", re.I)}

MAX_DEPTH = 4
MAX_VARIANTS = 400
MAX_B64_RUNS = 3000
MAX_INFLATE = 32 * 1024 * 1024
_B64_RUN = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
_B64_PATH_PREFIX = 200  # a URL path before a base64 segment is shorter than this
_B64_MAX_TAILS = 8
_JSON_ESC = re.compile(r"\\u([0-9a-fA-F]{4})|\\([\"\\/bfnrt])")
_SIMPLE_ESC = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


@dataclass(frozen=True)
class Hit:
    """One planted value found: which, where (url/header name/body) and through which decodings."""

    value: str
    where: str
    chain: str


def decompress(data: bytes, encoding: str = "") -> tuple[str, bytes] | None:
    """(codec, inflated) when `data` is compressed by its declared encoding or its magic bytes."""
    enc = encoding.lower().strip()
    try:
        if enc == "br":
            import brotli

            return "br", brotli.decompress(data)
        if data[:2] == b"\x1f\x8b" or enc in ("gzip", "x-gzip"):
            return "gzip", zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, MAX_INFLATE)
        if len(data) > 2 and data[0] == 0x78 and data[1] in (0x01, 0x5E, 0x9C, 0xDA):
            return "zlib", zlib.decompressobj().decompress(data, MAX_INFLATE)
        if data[:4] == b"\x28\xb5\x2f\xfd" or enc == "zstd":
            import zstandard

            return "zstd", zstandard.ZstdDecompressor().decompressobj().decompress(data)
        if enc == "deflate":
            try:
                return "deflate", zlib.decompressobj().decompress(data, MAX_INFLATE)
            except zlib.error:
                return "deflate", zlib.decompressobj(-zlib.MAX_WBITS).decompress(data, MAX_INFLATE)
    except Exception:  # noqa: BLE001 - a body that only looks compressed is searched as it is
        return None
    return None


def _raw_deflate(data: bytes) -> bytes | None:
    """A raw-deflate attempt for a binary body that declares no encoding (None if it is not)."""
    try:
        d = zlib.decompressobj(-zlib.MAX_WBITS)
        out = d.decompress(data, MAX_INFLATE)
        return out if d.eof and out else None
    except zlib.error:
        return None


def _looks_binary(data: bytes) -> bool:
    """More than a tenth of the first 512 bytes are control bytes."""
    head = data[:512]
    if not head:
        return False
    ctrl = sum(1 for b in head if b < 9 or 13 < b < 32 or b == 127)
    return ctrl * 10 > len(head)


def _json_unescape(text: str) -> str:
    """JSON string escapes (\\uXXXX, \\", \\/ ...) resolved everywhere in `text`."""

    def sub(m: re.Match[str]) -> str:
        if m.group(1):
            return chr(int(m.group(1), 16))
        ch = m.group(2)
        return _SIMPLE_ESC.get(ch, ch)

    return _JSON_ESC.sub(sub, text)


def _b64(run: str) -> bytes | None:
    """base64 or base64url of `run`, or None when it is neither."""
    s = run.rstrip("=")
    pad = "=" * (-len(s) % 4)
    try:
        if "-" in s or "_" in s:
            return base64.urlsafe_b64decode(s + pad)
        return base64.b64decode(s + pad, validate=True)
    except (binascii.Error, ValueError):
        return None


def _b64_candidates(run: str) -> Iterator[str]:
    """The run, then its tails after each of its first few slashes: base64 that follows a URL path's
    slash (`/eval-with-context/eyJ...`) is swallowed into one run with the path before it, which then
    decodes to nothing. Only slashes near the start, so a long base64 body stays one decode."""
    yield run
    start, tails = run.find("/"), 0
    while 0 <= start < min(len(run) - 16, _B64_PATH_PREFIX) and tails < _B64_MAX_TAILS:
        yield run[start + 1:]
        start, tails = run.find("/", start + 1), tails + 1


def _printable_ratio(data: bytes) -> float:
    """Share of bytes that are printable ASCII, whitespace, or UTF-8 lead/continuation bytes."""
    if not data:
        return 0.0
    good = sum(1 for b in data if 32 <= b < 127 or b in (9, 10, 13) or b >= 0xC0 or 0x80 <= b < 0xC0)
    return good / len(data)


def _bytes_children(data: bytes, encoding: str = "", declared_none: bool = False) -> Iterator[tuple[str, bytes]]:
    """Decompressed forms of a byte string (by declared encoding, magic, or raw deflate)."""
    inflated = decompress(data, encoding)
    if inflated is not None:
        yield inflated
    elif declared_none and _looks_binary(data):
        raw = _raw_deflate(data)
        if raw is not None:
            yield "deflate-raw", raw


def text_variants(text: str, chain: str = "") -> Iterator[tuple[str, str]]:
    """(chain, text) for `text` and every decoding of it, breadth first, bounded."""
    yield from _variants([(chain or "raw", text, 0)])


def body_variants(body: bytes, encoding: str = "") -> Iterator[tuple[str, str]]:
    """(chain, text) for a body: as sent, decompressed, and every decoding of those."""
    start: list[tuple[str, str, int]] = [("raw", body.decode("utf-8", errors="replace"), 0)]
    for codec, inflated in _bytes_children(body, encoding, declared_none=not encoding):
        start.append((codec, inflated.decode("utf-8", errors="replace"), 1))
    yield from _variants(start)


def _variants(queue: list[tuple[str, str, int]]) -> Iterator[tuple[str, str]]:
    """The breadth-first walk behind `text_variants` and `body_variants`."""
    seen: set[int] = set()
    produced = 0
    while queue and produced < MAX_VARIANTS:
        chain, text, depth = queue.pop(0)
        key = hash(text)
        if key in seen:
            continue
        seen.add(key)
        produced += 1
        yield chain, text
        if depth >= MAX_DEPTH:
            continue
        if "%" in text or "+" in text:
            decoded = unquote_plus(text)
            if decoded != text:
                queue.append((f"{chain}>url", decoded, depth + 1))
        if "\\" in text:
            unescaped = _json_unescape(text)
            if unescaped != text:
                queue.append((f"{chain}>json", unescaped, depth + 1))
        for i, m in enumerate(_B64_RUN.finditer(text)):
            if i >= MAX_B64_RUNS:
                break
            for run in _b64_candidates(m.group(0)):
                raw = _b64(run)
                if not raw or len(raw) < 8:
                    continue
                inflated = decompress(raw)
                if inflated is not None:
                    inflated_text = inflated[1].decode("utf-8", errors="replace")
                    queue.append((f"{chain}>b64>{inflated[0]}", inflated_text, depth + 1))
                elif _printable_ratio(raw) > 0.9:
                    queue.append((f"{chain}>b64", raw.decode("utf-8", errors="replace"), depth + 1))


def _scan(where: str, variants: Iterator[tuple[str, str]], found: dict[str, Hit], partial: dict[str, Hit]) -> None:
    """Record the first hit of each planted value in `variants`."""
    for chain, text in variants:
        for name, pat in _PATTERNS.items():
            if name not in found and pat.search(text):
                found[name] = Hit(name, where, chain)
        if "name" not in found and _FIRST.search(text) and _LAST.search(text):
            found["name"] = Hit("name", where, f"{chain} (first and last name apart)")
        for name, pat in PARTIAL.items():
            if name not in partial and pat.search(text):
                partial[name] = Hit(name, where, chain)
        if len(found) == len(_PATTERNS) and len(partial) == len(PARTIAL):
            return


def find_planted(target: str, headers: list[tuple[str, str]], body: bytes) -> tuple[dict[str, Hit], dict[str, Hit]]:
    """({value: first hit}, {partial clue: first hit}) in one request (URL, headers, body)."""
    found: dict[str, Hit] = {}
    partial: dict[str, Hit] = {}
    _scan("url", text_variants(target), found, partial)
    for k, v in headers:
        if k.lower() in ("x-livebench-flow",):
            continue
        _scan(f"header:{k.lower()}", text_variants(v), found, partial)
    if body:
        encoding = next((v for k, v in headers if k.lower() == "content-encoding"), "")
        _scan("body", body_variants(body, encoding), found, partial)
    return found, partial
