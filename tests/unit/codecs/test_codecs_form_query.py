"""Form bodies and URL query strings: repeated keys, escapes, byte-identical untouched pairs."""

from __future__ import annotations

from urllib.parse import parse_qsl, unquote_plus

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.form import _unquote
from guardian.errors import DecodeError, EncodeError
from guardian.records import HttpRequest

FORM = "application/x-www-form-urlencoded"


def _req(
    body: bytes, content_type: str = FORM, url: str = "https://shop.example/checkout"
) -> HttpRequest:
    return HttpRequest("POST", url, (("Content-Type", content_type),), body)


def test_repeated_keys_plus_and_percent_escapes() -> None:
    payload = decode_request(
        _req(b"tag=a+b&email=ann%40example.com&tag=c%2Bd&flag&empty=&na%20me=J%C3%B6rg")
    )
    assert payload.body_codec == "form"
    assert [(f.path, f.name, f.value) for f in payload] == [
        ("form:tag#0", "tag", "a b"),
        ("form:email#0", "email", "ann@example.com"),
        ("form:tag#1", "tag", "c+d"),
        ("form:empty#0", "empty", ""),
        ("form:na me#0", "na me", "Jörg"),
    ]


def test_edit_changes_only_that_value_and_encodes_like_a_browser() -> None:
    body = b"a=%7e1&flag&tag=x&tag=y&&z=%E2%82%AC"
    request = _req(body)
    rewrite = encode_request(request, decode_request(request), {"form:tag#1": "Zoë & co=1*"})
    assert rewrite.body == b"a=%7e1&flag&tag=x&tag=Zo%C3%AB+%26+co%3D1*&&z=%E2%82%AC"
    assert rewrite.headers == (("content-length", str(len(rewrite.body))),)


def test_latin1_charset_is_honoured_both_ways() -> None:
    request = _req(b"name=J%F6rg&city=K%F6ln", f"{FORM}; charset=ISO-8859-1")
    payload = decode_request(request)
    assert [f.value for f in payload] == ["Jörg", "Köln"]
    rewrite = encode_request(request, payload, {"form:name#0": "Zoë €"})
    assert rewrite.body == b"name=Zo%EB+%26%238364%3B&city=K%F6ln"  # browsers send &#8364; for €


def test_undecodable_percent_bytes_round_trip() -> None:
    request = _req(b"a=%FF%FE&b=1")
    payload = decode_request(request)
    rewrite = encode_request(
        request, payload, {"form:b#0": "2", "form:a#0": payload.fields[0].value}
    )
    assert rewrite.body == b"a=%FF%FE&b=2"


def test_query_is_decoded_for_every_method_and_fragment_ignored() -> None:
    url = "https://t.example/p.gif?uid=42&em=ann%40example.com&em=b#x=1"
    payload = decode_request(HttpRequest("GET", url))
    assert payload.body_codec == "none" and not payload.opaque
    assert [(f.path, f.value) for f in payload] == [
        ("query:uid#0", "42"),
        ("query:em#0", "ann@example.com"),
        ("query:em#1", "b"),
    ]


def test_query_edit_rewrites_only_the_query_value() -> None:
    url = "https://t.example/a%20b/p.gif?uid=42&em=ann%40example.com&x#frag?em=no"
    request = HttpRequest("GET", url)
    rewrite = encode_request(request, decode_request(request), {"query:em#0": "redacted@example"})
    assert rewrite.url == "https://t.example/a%20b/p.gif?uid=42&em=redacted%40example&x#frag?em=no"
    assert rewrite.body == b"" and rewrite.headers == ()


def test_query_and_body_edits_together() -> None:
    request = _req(b"q=1", url="https://s.example/?q=2")
    payload = decode_request(request)
    assert [f.path for f in payload] == ["query:q#0", "form:q#0"]
    rewrite = encode_request(request, payload, {"query:q#0": "a", "form:q#0": "b"})
    assert (rewrite.url, rewrite.body) == ("https://s.example/?q=a", b"q=b")


def test_no_edits_is_identity() -> None:
    request = _req(b"a=%7e&b=c+d", url="https://s.example/?x=%7E")
    rewrite = encode_request(request, decode_request(request), {})
    assert rewrite.url is request.url and rewrite.body is request.body and rewrite.headers == ()


def test_unknown_query_path_raises() -> None:
    request = HttpRequest("GET", "https://s.example/path")
    with pytest.raises(EncodeError, match="unknown field path"):
        encode_request(request, decode_request(request), {"query:q#0": "x"})


def test_untyped_form_body_is_sniffed() -> None:
    request = HttpRequest("POST", "https://s.example/", (), b"user=ann&pw=hunter2")
    payload = decode_request(request)
    assert payload.body_codec == "form"
    assert parse_qsl(encode_request(request, payload, {"form:pw#0": "x y"}).body.decode()) == [
        ("user", "ann"),
        ("pw", "x y"),
    ]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab+ %20é\ud800Z9=&", max_size=14), st.sampled_from(["utf-8", "latin-1"]))
def test_a_pair_reads_as_unquote_plus_reads_it(text: str, charset: str) -> None:
    # the shortcut for text without a '%' gives what the library gives
    try:
        expected: str | None = unquote_plus(text, encoding=charset, errors="surrogateescape")
    except UnicodeError:
        expected = None
    try:
        got: str | None = _unquote(text, charset)
    except DecodeError:
        got = None
    assert got == expected


def test_a_key_that_holds_an_address_is_a_field_renamed_in_place() -> None:
    url = "https://t.example/c?jane.doe%40example.org=%2B14155550199&x=1&john@example.com&a@b=2"
    request = HttpRequest("GET", url)
    payload = decode_request(request)
    assert [(f.path, f.name, f.value) for f in payload.fields] == [
        ("query:jane.doe@example.org#0{key}", "", "jane.doe@example.org"),
        ("query:jane.doe@example.org#0", "jane.doe@example.org", "+14155550199"),
        ("query:x#0", "x", "1"),
        ("query:john@example.com#0{key}", "", "john@example.com"),  # a bare key: the key alone
        ("query:a@b#0", "a@b", "2"),  # no dotted domain: an ordinary key
    ]
    edits = {"query:jane.doe@example.org#0{key}": "***@example.org", "query:john@example.com#0{key}": "a&b=c"}
    assert encode_request(request, payload, edits).url == (
        "https://t.example/c?***%40example.org=%2B14155550199&x=1&a%26b%3Dc&a@b=2"
    )
    form = HttpRequest("POST", "https://t.example/f", (("Content-Type", "application/x-www-form-urlencoded"),),
                       b"list=1&jane%40example.org=on")
    payload = decode_request(form)
    assert payload.by_path()["form:jane@example.org#0{key}"].value == "jane@example.org"
    assert encode_request(form, payload, {"form:jane@example.org#0{key}": "x@example.org"}).body == b"list=1&x%40example.org=on"
