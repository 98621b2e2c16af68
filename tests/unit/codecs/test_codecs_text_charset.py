"""text/plain bodies and charset handling."""

from __future__ import annotations

import pytest

from guardian.codecs import decode_request, encode_request
from guardian.records import HttpRequest


def _req(body: bytes, content_type: str) -> HttpRequest:
    return HttpRequest("POST", "https://log.example/", (("Content-Type", content_type),), body)


def test_text_plain_is_one_field() -> None:
    payload = decode_request(_req(b"my phone is 555 0100\n", "text/plain"))
    assert payload.body_codec == "text"
    assert [(f.path, f.name, f.value) for f in payload] == [("text:", "", "my phone is 555 0100\n")]


def test_text_edit_in_declared_charset() -> None:
    request = _req("Grüße von Jörg".encode("cp1252"), "text/plain; charset=windows-1252")
    payload = decode_request(request)
    assert payload.fields[0].value == "Grüße von Jörg"
    rewrite = encode_request(request, payload, {"text:": "Grüße von [NAME]"})
    assert rewrite.body == "Grüße von [NAME]".encode("cp1252")


def test_invalid_utf8_bytes_round_trip_through_an_edit() -> None:
    body = b'{"a": "caf\xe9", "b": "x"}'  # latin-1 byte in a body declared utf-8
    request = _req(body, "application/json")
    payload = decode_request(request)
    assert payload.fields[0].value == "caf\udce9"
    assert encode_request(request, payload, {"json:$.b": "y"}).body == b'{"a": "caf\xe9", "b": "y"}'


def test_unknown_charset_is_opaque() -> None:
    payload = decode_request(_req(b"hello", "text/plain; charset=klingon-8"))
    assert payload.opaque_reason == "unknown charset 'klingon-8'"
    assert decode_request(_req(b"hello", "text/plain; charset=rot13")).opaque  # not a text encoding


def test_a_wrong_charset_on_text_reads_the_text() -> None:
    payload = decode_request(_req(b'{"a":"b"}', "application/json; charset=utf-16"))  # odd length
    assert payload.body_codec == "text" and payload.malformed is not None and "utf-16" in payload.malformed


def test_utf16_json_with_declared_charset_decodes() -> None:
    payload = decode_request(
        _req('{"email": "ann@example.com"}'.encode("utf-16"), "application/json; charset=UTF-16")
    )
    assert [(f.path, f.value) for f in payload] == [("json:$.email", "ann@example.com")]


@pytest.mark.parametrize("content_type", ["text/html", "text/css", "text/javascript"])
def test_page_code_is_opaque(content_type: str) -> None:
    payload = decode_request(_req(b"a=b", content_type))
    assert payload.opaque_reason == f"unsupported body type ({content_type})"


def test_a_content_type_set_twice_is_read_by_its_first_member() -> None:
    # Fetch joins a header the page set twice with ", ": the charset is a token, which holds no comma
    request = _req(b'{"msg": "hello", "email": "jo@example.org"}', "application/json; charset=utf-8, application/json")
    payload = decode_request(request)
    assert payload.body_codec == "json"
    rewrite = encode_request(request, payload, {"json:$.email": "[EMAIL]"})
    assert rewrite.body == b'{"msg": "hello", "email": "[EMAIL]"}'


def test_a_multipart_boundary_keeps_its_comma() -> None:
    from guardian.codecs._mime import parse_header

    assert parse_header("multipart/form-data; boundary=--x,y; charset=utf-8")[1] == {"boundary": "--x,y", "charset": "utf-8"}
