"""Content-Encoding: every coding round-trips through an edit; bombs and junk are opaque."""

from __future__ import annotations

import gzip
import zlib

import brotli
import pytest
import zstandard

from guardian.codecs import decode_request, encode_request
from guardian.codecs.content_encoding import decode_body, encode_body, parse_codings
from guardian.records import HttpRequest

PLAIN = b'{"email": "ann@example.com", "pad": "' + b"x" * 500 + b'"}'


def _raw_deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(wbits=-15)
    return packer.compress(data) + packer.flush()


def _zstd(data: bytes) -> bytes:
    return zstandard.ZstdCompressor().compress(data)


def _undo(data: bytes, coding: str) -> bytes:
    if coding in ("gzip", "x-gzip"):
        return gzip.decompress(data)
    if coding == "deflate":
        try:
            return zlib.decompress(data)
        except zlib.error:
            return zlib.decompress(data, -15)
    if coding == "br":
        return brotli.decompress(data)
    return zstandard.ZstdDecompressor().decompressobj().decompress(data)


ENCODERS = {
    "gzip": gzip.compress,
    "x-gzip": gzip.compress,
    "deflate": zlib.compress,
    "br": brotli.compress,
    "zstd": _zstd,
}


def _req(body: bytes, encoding: str | None) -> HttpRequest:
    headers = [("Content-Type", "application/json")]
    if encoding is not None:
        headers.append(("Content-Encoding", encoding))
    return HttpRequest("POST", "https://api.example/", tuple(headers), body)


@pytest.mark.parametrize("coding", sorted(ENCODERS))
def test_each_coding_round_trips_after_an_edit(coding: str) -> None:
    request = _req(ENCODERS[coding](PLAIN), coding)
    payload = decode_request(request)
    assert payload.body_codec == "json" and payload.content_encoding == coding
    rewrite = encode_request(request, payload, {"json:$.email": "nobody@example.invalid"})
    assert _undo(rewrite.body, coding) == PLAIN.replace(
        b"ann@example.com", b"nobody@example.invalid"
    )
    assert rewrite.headers == (("content-length", str(len(rewrite.body))),)


def test_raw_deflate_is_read_and_written_raw() -> None:
    request = _req(_raw_deflate(PLAIN), "deflate")
    rewrite = encode_request(request, decode_request(request), {"json:$.email": "x"})
    assert zlib.decompress(rewrite.body, -15) == PLAIN.replace(b"ann@example.com", b"x")


def test_chained_codings_decode_in_reverse_and_re_encode_in_order() -> None:
    body = brotli.compress(gzip.compress(PLAIN))
    request = _req(body, "gzip, br")
    payload = decode_request(request)
    assert [f.value for f in payload][0] == "ann@example.com"
    rewrite = encode_request(request, payload, {"json:$.email": "x"})
    assert gzip.decompress(brotli.decompress(rewrite.body)) == PLAIN.replace(
        b"ann@example.com", b"x"
    )


def test_multi_member_gzip_and_identity() -> None:
    half = len(PLAIN) // 2
    payload = decode_request(
        _req(gzip.compress(PLAIN[:half]) + gzip.compress(PLAIN[half:]), "gzip")
    )
    assert payload.fields[0].value == "ann@example.com"
    assert decode_request(_req(PLAIN, "identity")).body_codec == "json"


def test_edit_that_changes_nothing_keeps_the_compressed_bytes() -> None:
    request = _req(gzip.compress(PLAIN), "gzip")
    rewrite = encode_request(request, decode_request(request), {"json:$.email": "ann@example.com"})
    assert rewrite.body == request.body and rewrite.headers == ()


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br", "zstd"])
def test_zip_bomb_is_opaque_without_decoding_it_all(coding: str) -> None:
    packers = {"gzip": gzip.compress, "deflate": zlib.compress, "zstd": _zstd}
    bomb = packers.get(coding, lambda d: brotli.compress(d, quality=4))(b"\0" * (16 << 20))
    payload = decode_request(_req(bomb, coding), max_body_bytes=64 << 10)
    assert payload.opaque_reason == f"decoded body larger than {64 << 10} bytes"


def test_decode_body_cap_is_exact() -> None:
    data = b"a" * 1000
    assert decode_body(gzip.compress(data), ("gzip",), 1000)[0] == data
    with pytest.raises(Exception, match="larger than 999"):
        decode_body(gzip.compress(data), ("gzip",), 999)


@pytest.mark.parametrize(
    ("encoding", "body", "reason"),
    [
        ("foo", PLAIN, "unknown Content-Encoding 'foo'"),
        ("gzip, compress", PLAIN, "unknown Content-Encoding 'compress'"),
        ("gzip", PLAIN, "body does not decode as gzip"),
        ("gzip", gzip.compress(PLAIN, mtime=0)[:-12], "body does not decode as gzip"),
        ("br", b"\xff\xff\xff", "body does not decode as br"),
        ("zstd", b"not zstd", "body does not decode as zstd"),
        ("deflate", b"\xff\x00junk", "body does not decode as deflate"),
    ],
)
def test_bad_encodings_are_opaque(encoding: str, body: bytes, reason: str) -> None:
    payload = decode_request(_req(body, encoding))
    assert payload.opaque and payload.opaque_reason is not None
    assert payload.opaque_reason.startswith(reason)


def test_parse_and_encode_chain() -> None:
    assert parse_codings(" GZIP , identity,br") == ("gzip", "br")
    assert encode_body(b"abc", ()) == b"abc"
