"""Content-Encoding: undo a coding chain with a size cap, and redo it after an edit.

Browser SDKs also compress bodies themselves (a gzip or zstd stream made in JavaScript, sent
with no Content-Encoding and often as text/plain). `sniff_coding` recognises those by their magic
bytes (RFC 1952 gzip, RFC 1950 zlib, RFC 8878 zstd frames); `decode_sniffed` undoes one with the
same size cap, so a self-compressed body is read as what it holds and never as text.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Sequence

from guardian.errors import ContentEncodingError

__all__ = ["parse_codings", "decode_body", "encode_body", "BodyTooLarge", "sniff_coding", "decode_sniffed"]

_ALIASES = {"x-gzip": "gzip", "gzip": "gzip", "deflate": "deflate", "br": "br", "zstd": "zstd"}
_CHUNK = 64 * 1024
# brotli 1.1 has no output limit, so feed it a few bytes at a time: one call can then only
# finish a meta-block or two (<= 16 MiB each) before the size check runs.
_BROTLI_FEED = 16


class BodyTooLarge(ContentEncodingError):
    """The decoded body would pass the size cap (a zip bomb, or just too big to read)."""


def parse_codings(header: str) -> tuple[str, ...]:
    """`"gzip, br"` -> ("gzip", "br"), in the order they were applied; identity dropped."""
    codings = []
    for token in header.split(","):
        token = token.strip().lower()
        if not token or token == "identity":
            continue
        if token not in _ALIASES:
            raise ContentEncodingError(f"unknown Content-Encoding {token!r}")
        codings.append(_ALIASES[token])
    return tuple(codings)


def decode_body(
    body: bytes, codings: Sequence[str], max_bytes: int
) -> tuple[bytes, tuple[str, ...]]:
    """Undo `codings` (last applied first). Returns the data and the exact chain to redo it.

    The chain names raw deflate "deflate-raw" so the edit is re-encoded the way it came.
    """
    applied: list[str] = []
    for coding in reversed(codings):
        try:
            body, coding = _decode_one(body, coding, max_bytes)
        except BodyTooLarge:
            raise
        except Exception as e:  # zlib.error, brotli.error, zstandard.ZstdError share no base
            raise ContentEncodingError(f"body does not decode as {coding}: {e}") from None
        applied.append(coding)
    return body, tuple(reversed(applied))


def encode_body(data: bytes, chain: Sequence[str]) -> bytes:
    """Apply `chain` (as returned by `decode_body`) in order."""
    for coding in chain:
        if coding == "gzip":
            data = gzip.compress(data, mtime=0)
        elif coding == "deflate":
            data = zlib.compress(data)
        elif coding == "deflate-raw":
            packer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
            data = packer.compress(data) + packer.flush()
        elif coding == "br":
            import brotli

            data = brotli.compress(data)
        elif coding == "zstd":
            import zstandard

            data = zstandard.ZstdCompressor().compress(data)
        else:
            raise ContentEncodingError(f"unknown Content-Encoding {coding!r}")
    return data


_GZIP_MAGIC = b"\x1f\x8b\x08"  # RFC 1952: ID1 ID2 and CM = 8 (deflate), the only method defined
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"  # RFC 8878 section 3.1.1: the frame magic number, little-endian


def _zlib_header(data: bytes) -> bool:
    """RFC 1950: CM = 8 (deflate), CINFO <= 7, (CMF * 256 + FLG) a multiple of 31, no preset
    dictionary. Text can start so too ("x^"), so a match is only a candidate (`decode_sniffed`)."""
    if len(data) < 2:
        return False
    cmf, flg = data[0], data[1]
    return cmf & 0x0F == 8 and cmf >> 4 <= 7 and (cmf * 256 + flg) % 31 == 0 and not flg & 0x20


def sniff_coding(data: bytes) -> str | None:
    """The compression a body's first bytes announce ("gzip", "deflate" for zlib, "zstd"), or None."""
    if data.startswith(_GZIP_MAGIC):
        return "gzip"
    if data.startswith(_ZSTD_MAGIC):
        return "zstd"
    if _zlib_header(data):
        return "deflate"
    return None


def decode_sniffed(data: bytes, max_bytes: int) -> tuple[bytes, tuple[str, ...]]:
    """`data` decompressed when its magic bytes say it is compressed, with the chain to redo it;
    `(data, ())` when they do not. A gzip or zstd stream that does not decode raises
    `ContentEncodingError` (those magic bytes are never text); a zlib candidate that does not
    decode is taken as the plain data it probably is. `BodyTooLarge` past `max_bytes`."""
    coding = sniff_coding(data)
    if coding is None:
        return data, ()
    try:
        return decode_body(data, (coding,), max_bytes)
    except BodyTooLarge:
        raise
    except ContentEncodingError as e:
        if coding == "deflate":
            return data, ()
        why = str(e).partition(": ")[2] or str(e)
        raise ContentEncodingError(f"a {coding} body sent without Content-Encoding does not decode: {why}") from None


def _decode_one(body: bytes, coding: str, cap: int) -> tuple[bytes, str]:
    if coding == "gzip":
        return _inflate(body, 16 + zlib.MAX_WBITS, cap, members=True), coding
    if coding == "deflate":
        # RFC 9110 says zlib-wrapped, but some senders use raw deflate.
        try:
            return _inflate(body, zlib.MAX_WBITS, cap), "deflate"
        except zlib.error:
            return _inflate(body, -zlib.MAX_WBITS, cap), "deflate-raw"
    if coding == "br":
        return _unbrotli(body, cap), coding
    if coding == "zstd":
        return _unzstd(body, cap), coding
    raise ContentEncodingError(f"unknown Content-Encoding {coding!r}")


def _too_large(cap: int) -> BodyTooLarge:
    return BodyTooLarge(f"decoded body larger than {cap} bytes")


def _inflate(data: bytes, wbits: int, cap: int, *, members: bool = False) -> bytes:
    out = bytearray()
    inflater = zlib.decompressobj(wbits)
    pending = data
    while True:
        chunk = inflater.decompress(pending, cap + 1 - len(out))
        out += chunk
        if len(out) > cap:
            raise _too_large(cap)
        pending = inflater.unconsumed_tail
        if inflater.eof:
            rest = inflater.unused_data
            if members and rest.startswith(b"\x1f\x8b"):  # gzip allows concatenated members
                inflater, pending = zlib.decompressobj(wbits), rest
                continue
            if rest.strip(b"\0"):
                raise ValueError("trailing data after the compressed stream")
            return bytes(out)
        if not chunk and not pending:
            raise EOFError("truncated compressed stream")


def _unbrotli(data: bytes, cap: int) -> bytes:
    import brotli

    out = bytearray()
    unpacker = brotli.Decompressor()
    for i in range(0, len(data), _BROTLI_FEED):
        out += unpacker.process(data[i : i + _BROTLI_FEED])
        if len(out) > cap:
            raise _too_large(cap)
    if not unpacker.is_finished():
        raise EOFError("truncated brotli stream")
    return bytes(out)


def _unzstd(data: bytes, cap: int) -> bytes:
    import zstandard

    out = bytearray()
    reader = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(data), read_across_frames=True)
    while chunk := reader.read(min(_CHUNK, cap + 1 - len(out))):
        out += chunk
        if len(out) > cap:
            raise _too_large(cap)
    # The reader ends quietly at a cut-off frame; a second pass, bounded by the first (same
    # input, same output), checks that every frame ends.
    rest = data
    while rest.strip(b"\0"):
        frame = zstandard.ZstdDecompressor().decompressobj()
        frame.decompress(rest)
        if not frame.eof:
            raise EOFError("truncated zstd stream")
        rest = frame.unused_data
    return bytes(out)
