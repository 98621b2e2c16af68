"""multipart/form-data: text parts are fields; file parts and framing keep their bytes."""

from __future__ import annotations

import pytest

from guardian.codecs import decode_request, encode_request
from guardian.errors import EncodeError
from guardian.records import HttpRequest

BOUNDARY = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
FILE_BYTES = bytes(range(256)) + b"\r\n--not-the-boundary\xff\xfe\x00"
BODY = (
    b"preamble to ignore\r\n"
    b"------WebKitFormBoundary7MA4YWxkTrZu0gW\r\n"
    b'Content-Disposition: form-data; name="name"\r\n\r\n'
    b"Ann Smith\r\n"
    b"------WebKitFormBoundary7MA4YWxkTrZu0gW\r\n"
    b'Content-Disposition: form-data; name="avatar"; filename="me \xc3\xa9.png"\r\n'
    b"Content-Type: image/png\r\n\r\n" + FILE_BYTES + b"\r\n"
    b"------WebKitFormBoundary7MA4YWxkTrZu0gW\r\n"
    b'Content-Disposition: form-data; name="name"\r\n'
    b"Content-Type: text/plain; charset=iso-8859-1\r\n\r\n"
    b"J\xf6rg\r\n"
    b"------WebKitFormBoundary7MA4YWxkTrZu0gW\r\n"
    b'Content-Disposition: form-data; name="empty"\r\n\r\n'
    b"\r\n"
    b"------WebKitFormBoundary7MA4YWxkTrZu0gW--\r\nepilogue"
)


def _req(body: bytes = BODY, boundary: str = BOUNDARY) -> HttpRequest:
    return HttpRequest(
        "POST",
        "https://up.example/",
        (("Content-Type", f'multipart/form-data; boundary="{boundary}"'),),
        body,
    )


def test_text_parts_are_fields_and_file_parts_are_not() -> None:
    payload = decode_request(_req())
    assert payload.body_codec == "multipart"
    assert [(f.path, f.name, f.value) for f in payload] == [
        ("multipart:name#0", "name", "Ann Smith"),
        ("multipart:name#1", "name", "Jörg"),
        ("multipart:empty#0", "empty", ""),
    ]


def test_text_part_edit_keeps_file_bytes_and_framing() -> None:
    request = _req()
    rewrite = encode_request(
        request,
        decode_request(request),
        {"multipart:name#0": "Bea Jones", "multipart:name#1": "Zoë"},
    )
    expected = BODY.replace(b"Ann Smith", b"Bea Jones").replace(b"J\xf6rg", b"Zo\xeb")
    assert rewrite.body == expected
    assert FILE_BYTES in rewrite.body
    assert rewrite.headers == (("content-length", str(len(expected))),)


def test_empty_part_can_be_filled() -> None:
    request = _req()
    rewrite = encode_request(request, decode_request(request), {"multipart:empty#0": "now set"})
    assert b'name="empty"\r\n\r\nnow set\r\n------WebKit' in rewrite.body


def test_bare_lf_multipart_is_read() -> None:
    body = b'--b\nContent-Disposition: form-data; name="q"\n\nhello\n--b--\n'
    request = _req(body, "b")
    payload = decode_request(request)
    assert [(f.path, f.value) for f in payload] == [("multipart:q#0", "hello")]
    assert encode_request(request, payload, {"multipart:q#0": "bye"}).body == body.replace(
        b"hello", b"bye"
    )


def test_value_containing_the_boundary_is_refused() -> None:
    request = _req()
    with pytest.raises(EncodeError, match="boundary"):
        encode_request(
            request, decode_request(request), {"multipart:name#0": f"x\r\n--{BOUNDARY}--"}
        )


@pytest.mark.parametrize(
    ("content_type", "body", "reason"),
    [
        (
            "multipart/form-data",
            b"--x\r\n\r\nv\r\n--x--",
            "multipart body without a usable boundary",
        ),
        (
            "multipart/form-data; boundary=x",
            b"no delimiter here",
            "multipart boundary not found in the body",
        ),
        (
            "multipart/form-data; boundary=x",
            b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nv',
            "multipart body is not closed",
        ),
    ],
)
def test_broken_multipart_is_read_as_text(content_type: str, body: bytes, reason: str) -> None:
    payload = decode_request(
        HttpRequest("POST", "https://up.example/", (("Content-Type", content_type),), body)
    )
    assert payload.malformed == reason and payload.body_codec == "text"


def test_a_name_or_file_name_that_holds_an_address_is_a_field_renamed_inside_its_quotes() -> None:
    body = (b'--B\r\nContent-Disposition: form-data; name="file"; filename="jane.doe@example.org.csv"\r\n'
            b"Content-Type: text/csv\r\n\r\njane.doe@example.org,1\r\n--B\r\n"
            b'Content-Disposition: form-data; name="jane.doe@example.org"\r\n\r\nyes\r\n'
            b'--B\r\nContent-Disposition: form-data; name="note"; filename="a@b"\r\n\r\nx\r\n--B--\r\n')
    request = HttpRequest("POST", "https://up.example/u", (("Content-Type", "multipart/form-data; boundary=B"),), body)
    payload = decode_request(request)
    assert [(f.path, f.name, f.value) for f in payload.fields] == [
        ("multipart:file#0{filename}", "filename", "jane.doe@example.org.csv"),  # the file's content is not read
        ("multipart:jane.doe@example.org#0{key}", "", "jane.doe@example.org"),
        ("multipart:jane.doe@example.org#0", "jane.doe@example.org", "yes"),
    ]
    edits = {"multipart:file#0{filename}": 'x"y@example.org.csv', "multipart:jane.doe@example.org#0{key}": "***@example.org"}
    out = encode_request(request, payload, edits).body
    assert out == body.replace(b'filename="jane.doe@example.org.csv"', b'filename="x%22y@example.org.csv"').replace(
        b'name="jane.doe@example.org"', b'name="***@example.org"')
    with pytest.raises(EncodeError, match="split"):
        encode_request(request, payload, {"multipart:file#0{filename}": "a\r\nb"})
