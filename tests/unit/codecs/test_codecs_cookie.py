"""The Cookie header (`cookie:NAME#i`): read as fields, written back with every other byte kept."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.cookie import MAX_COOKIE_HEADER_CHARS, scan_cookies
from guardian.records import HttpRequest

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HEADER = '_ga=GA1.2.1234567890.1700000000; sessionid=abc123; prefs="dark"; mp=%7B%22id%22%3A%22u-77%22%7D; flag'


def _request(*cookies: str) -> HttpRequest:
    return HttpRequest("GET", "https://shop.example/p?q=1", tuple(("Cookie", c) for c in cookies))


def test_each_cookie_is_a_field_named_by_its_cookie_name() -> None:
    fields = {f.path: f.value for f in decode_request(_request(HEADER)).fields}
    assert fields["cookie:_ga#0"] == "GA1.2.1234567890.1700000000"
    assert fields["cookie:sessionid#0"] == "abc123"
    assert fields["cookie:prefs#0"] == "dark"  # the quotes are the header's, not the value's
    assert fields["query:q#0"] == "1"
    # a percent-encoded JSON value is read decoded and opened like any other packed value
    assert fields["cookie:mp#0|>json|>json:$.id"] == "u-77"
    assert not any("flag" in p for p in fields)  # a bare name carries no value


def test_an_edit_changes_only_that_value_and_the_rest_of_the_header_stays() -> None:
    request = _request(HEADER)
    rewrite = encode_request(request, decode_request(request), {"cookie:_ga#0": "GA1.2.9999999999.1700000000"})
    assert rewrite.headers == (("cookie", HEADER.replace("1234567890", "9999999999")),)
    assert rewrite.url == request.url and rewrite.body == request.body


def test_an_edit_inside_an_encoded_value_keeps_its_encoding() -> None:
    request = _request(HEADER)
    rewrite = encode_request(request, decode_request(request), {"cookie:mp#0|>json|>json:$.id": "u-12"})
    assert dict(rewrite.headers)["cookie"] == HEADER.replace("u-77", "u-12")


def test_a_value_a_cookie_cannot_hold_is_percent_encoded() -> None:
    request = _request("a=1; b=x")
    rewrite = encode_request(request, decode_request(request), {"cookie:b#0": "two words; more"})
    assert dict(rewrite.headers)["cookie"] == "a=1; b=two%20words%3B%20more"


def test_http2_cookie_crumbs_are_read_and_written_as_one_header() -> None:
    request = _request("a=1", "b=2")
    payload = decode_request(request)
    assert {f.path for f in payload.fields} >= {"cookie:a#0", "cookie:b#0"}
    assert dict(encode_request(request, payload, {"cookie:b#0": "3"}).headers)["cookie"] == "a=1; b=3"


def test_no_cookie_header_gives_no_cookie_fields_and_no_header_edit() -> None:
    request = HttpRequest("GET", "https://shop.example/p?q=1")
    assert [f.path for f in decode_request(request).fields] == ["query:q#0"]
    assert encode_request(request, decode_request(request), {"query:q#0": "2"}).headers == ()


def test_a_huge_header_is_left_alone() -> None:
    assert scan_cookies("a=" + "x" * MAX_COOKIE_HEADER_CHARS) == []


_NAME = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E, blacklist_characters=';=,"\\'), min_size=1, max_size=12)
_VALUE = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E, blacklist_characters=';,"\\% '), max_size=24)


@SETTINGS
@given(st.lists(st.tuples(_NAME, _VALUE), min_size=1, max_size=6), st.text(max_size=20))
def test_round_trip_edits_one_value_and_keeps_every_other_byte(pairs: list[tuple[str, str]], new: str) -> None:
    header = "; ".join(f"{n}={v}" for n, v in pairs)
    located = scan_cookies(header)
    assert [(loc.field.name, loc.field.value) for loc in located] == [(n.strip(), v) for n, v in pairs]
    request = _request(header)
    target = located[0]
    out = dict(encode_request(request, decode_request(request), {target.field.path: new}).headers)["cookie"]
    assert out[: target.start] == header[: target.start] and out.endswith(header[target.end :])
    again = scan_cookies(out)
    assert again[0].field.value == new or ("%" in out[target.start : len(out) - len(header) + target.end])
    assert [loc.field.value for loc in again[1:]] == [loc.field.value for loc in located[1:]]
