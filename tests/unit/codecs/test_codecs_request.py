"""decode_request / encode_request: opaque bodies, sizes, headers, sniffing."""

from __future__ import annotations

import pytest

from guardian.codecs import decode_request, encode_request
from guardian.errors import EncodeError
from guardian.records import HttpRequest


def _req(
    body: bytes, *headers: tuple[str, str], url: str = "https://x.example/?id=7"
) -> HttpRequest:
    return HttpRequest("POST", url, headers, body)


def test_empty_body_is_none_codec() -> None:
    payload = decode_request(_req(b"", ("Content-Type", "application/json")))
    assert (payload.body_codec, payload.opaque, payload.body_size) == ("none", False, 0)
    assert [f.path for f in payload] == ["query:id#0"]


def test_huge_body_is_opaque_but_keeps_query_fields() -> None:
    body = b'{"a": "' + b"x" * 2000 + b'"}'
    payload = decode_request(_req(body, ("Content-Type", "application/json")), max_body_bytes=1000)
    assert payload.opaque_reason == "body larger than 1000 bytes"
    assert payload.body_size == len(body)
    assert [f.path for f in payload] == ["query:id#0"]


@pytest.mark.parametrize(
    ("content_type", "body", "reason"),
    [
        ("image/png", b"\x89PNG\r\n\x1a\n", "binary body (image/png)"),
        ("application/octet-stream", b'{"a": "b"}', "binary body (application/octet-stream)"),
        ("application/x-protobuf", b"\x0b\x01", "not a protobuf message"),  # a group: no message we read
        ("application/grpc", b"\x01\x00\x00\x00\x01\x00", "compressed gRPC frame"),
        ("application/x-thing", b"\x00\x01\x02", "binary body (application/x-thing)"),
        (None, b"\xff\xfe\xfd", "binary body (no Content-Type)"),
        ("application/x-thing", b"just some words", "unsupported body type (application/x-thing)"),
        ("multipart/mixed; boundary=x", b"--x--", "unsupported body type (multipart/mixed)"),
    ],
)
def test_unreadable_bodies_are_opaque_with_reason(
    content_type: str | None, body: bytes, reason: str
) -> None:
    headers = () if content_type is None else (("Content-Type", content_type),)
    payload = decode_request(_req(body, *headers))
    assert (payload.body_codec, payload.opaque_reason) == ("opaque", reason)
    assert [f.path for f in payload] == ["query:id#0"]


@pytest.mark.parametrize(
    ("content_type", "body", "codec"),
    [
        (None, b'{"a": "b"}', "json"),
        ("application/x-unknown", b"a=1&b=2", "form"),
        (None, b'{"query": "{ me }", "variables": {"a": "b"}}', "graphql"),
    ],
)
def test_unknown_types_are_sniffed(content_type: str | None, body: bytes, codec: str) -> None:
    headers = () if content_type is None else (("Content-Type", content_type),)
    assert decode_request(_req(body, *headers)).body_codec == codec


def test_opaque_body_cannot_be_edited_but_query_can() -> None:
    request = _req(b"\x89PNG", ("Content-Type", "image/png"))
    payload = decode_request(request)
    with pytest.raises(EncodeError, match="binary body"):
        encode_request(request, payload, {"text:": "x"})
    rewrite = encode_request(request, payload, {"query:id#0": "0"})
    assert (rewrite.url, rewrite.body, rewrite.headers) == (
        "https://x.example/?id=0",
        request.body,
        (),
    )


def test_no_content_length_with_transfer_encoding() -> None:
    request = _req(b"hello", ("Content-Type", "text/plain"), ("Transfer-Encoding", "chunked"))
    rewrite = encode_request(request, decode_request(request), {"text:": "bye!!"})
    assert (rewrite.body, rewrite.headers) == (b"bye!!", ())


def test_empty_edits_are_identity_for_every_codec() -> None:
    for content_type, body in [
        ("application/json", b'{ "a" : "\\u00e9" }'),
        ("application/x-www-form-urlencoded", b"a=%7e"),
        ("text/plain", b"hi"),
        ("image/png", b"\x89PNG"),
    ]:
        request = _req(body, ("Content-Type", content_type))
        rewrite = encode_request(request, decode_request(request), {})
        assert (rewrite.url, rewrite.body, rewrite.headers) == (request.url, body, ())
