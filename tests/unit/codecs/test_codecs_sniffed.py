"""Bodies an SDK compressed itself (no Content-Encoding) and text in no known structure."""

from __future__ import annotations

import gzip
import json
import zlib

import pytest
import zstandard

from guardian.codecs import decode_request, encode_request
from guardian.codecs.content_encoding import BodyTooLarge, decode_sniffed, sniff_coding
from guardian.codecs.text import reads_as_text
from guardian.records import HttpRequest

EVENT = {"event": "signup", "user": {"email": "ann@example.com", "plan": "pro"}, "pad": "x" * 300}
PLAIN = json.dumps(EVENT).encode()

COMPRESSORS = {
    "gzip": lambda b: gzip.compress(b, mtime=0),
    "deflate": zlib.compress,
    "zstd": lambda b: zstandard.ZstdCompressor().compress(b),
}


def _req(body: bytes, content_type: str = "text/plain;charset=UTF-8", encoding: str | None = None) -> HttpRequest:
    headers = [("Content-Type", content_type)]
    if encoding:
        headers.append(("Content-Encoding", encoding))
    return HttpRequest("POST", "https://collect.example/v1/batch", tuple(headers), body)


@pytest.mark.parametrize("coding", sorted(COMPRESSORS))
def test_a_self_compressed_body_is_read_as_what_it_holds(coding: str) -> None:
    payload = decode_request(_req(COMPRESSORS[coding](PLAIN)))
    assert not payload.opaque
    assert payload.body_codec == "json"
    assert payload.body_compression == coding
    assert {f.path: f.value for f in payload.fields}["json:$.user.email"] == "ann@example.com"


@pytest.mark.parametrize("coding", sorted(COMPRESSORS))
def test_an_edit_is_compressed_again_the_same_way(coding: str) -> None:
    request = _req(COMPRESSORS[coding](PLAIN))
    payload = decode_request(request)
    rewrite = encode_request(request, payload, {"json:$.user.email": "***@example.com"})
    data, chain = decode_sniffed(rewrite.body, 1 << 20)
    assert chain == (coding,)
    assert json.loads(data)["user"]["email"] == "***@example.com"
    assert ("content-length", str(len(rewrite.body))) in rewrite.headers


def test_inside_a_declared_content_encoding_too() -> None:
    request = _req(gzip.compress(gzip.compress(PLAIN, mtime=0), mtime=0), encoding="gzip")
    payload = decode_request(request)
    assert payload.body_codec == "json" and payload.body_compression == "gzip"
    rewrite = encode_request(request, payload, {"json:$.user.plan": "max"})
    assert json.loads(gzip.decompress(gzip.decompress(rewrite.body)))["user"]["plan"] == "max"


def test_no_edit_keeps_the_bytes() -> None:
    request = _req(gzip.compress(PLAIN, mtime=0))
    payload = decode_request(request)
    assert encode_request(request, payload, {}).body == request.body


def test_a_headerless_bomb_is_opaque_not_read() -> None:
    bomb = gzip.compress(b"\0" * (4 * 1024 * 1024))
    payload = decode_request(_req(bomb), max_body_bytes=1024 * 1024)
    assert payload.opaque and "larger than" in (payload.opaque_reason or "")
    with pytest.raises(BodyTooLarge):
        decode_sniffed(bomb, 1024)


@pytest.mark.parametrize("coding", ["gzip", "zstd"])
def test_a_truncated_stream_is_opaque_with_the_reason(coding: str) -> None:
    broken = COMPRESSORS[coding](PLAIN)[:40]
    payload = decode_request(_req(broken))
    assert payload.opaque
    assert "without Content-Encoding" in (payload.opaque_reason or "")
    assert not any(f.path.startswith("text:") for f in payload.fields)


@pytest.mark.parametrize("text", ["x^ marks the spot, said the map", "x^2 + y^2", "x\x01"])
def test_text_that_starts_like_a_zlib_header_is_still_text(text: str) -> None:
    assert sniff_coding(text.encode()) == "deflate"
    data, chain = decode_sniffed(text.encode(), 1 << 20)
    assert (data, chain) == (text.encode(), ())


def test_plain_bodies_announce_no_compression() -> None:
    for body in (b'{"a": 1}', b"hello", b"", b"\x1f"):
        assert sniff_coding(body) is None


@pytest.mark.parametrize(
    "body",
    [
        "bel.7;1,2,3;e,'load,1a,2b;5,'Checkout",
        "bel.7;2,'Checkout widget failed to render,1,'x;3,4",
        "1,2,3,4,5,6,7,8",
        "a|b|c|d|e|f",
    ],
)
def test_text_in_a_format_of_its_own_is_opaque(body: str) -> None:
    assert not reads_as_text(body)
    payload = decode_request(_req(body.encode()))
    assert payload.opaque and "no known structure" in (payload.opaque_reason or "")


@pytest.mark.parametrize(
    "body",
    [
        "Hi, I am Ann Lee and my e-mail is ann@example.com. Please call me back.",
        "ann@example.com",
        "2024-01-01T10:00:00Z ERROR checkout failed for user 42: timeout after 3000 ms",
        "",
    ],
)
def test_prose_and_one_plain_value_are_text(body: str) -> None:
    assert reads_as_text(body)


def test_an_address_in_an_opaque_body_is_a_field_that_cannot_be_written() -> None:
    from guardian.codecs import OPAQUE_ADDRESSES
    from guardian.errors import EncodeError

    body = b"\x00\x01\x05user\x1fann.lee@example.net\x00\xff\xfe\x02"
    request = HttpRequest("POST", "https://replay.example/i", (("Content-Type", "application/octet-stream"),), body)
    payload = decode_request(request)
    assert payload.opaque
    assert [(f.path, f.value) for f in payload.fields] == [(OPAQUE_ADDRESSES, "ann.lee@example.net")]
    with pytest.raises(EncodeError):
        encode_request(request, payload, {OPAQUE_ADDRESSES: "***@example.net"})


def test_an_opaque_body_without_an_address_has_no_fields() -> None:
    request = HttpRequest("POST", "https://replay.example/i", (("Content-Type", "application/octet-stream"),), b"\x00\x01\xff")
    assert decode_request(request).fields == ()
