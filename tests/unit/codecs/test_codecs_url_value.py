"""URLs inside parameters and path segments: their own query read as fields, each rewritten alone,
every other character of the outer value kept as the sender wrote it."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from urllib.parse import quote, quote_plus, unquote

from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs._requote import requote_path
from guardian.codecs.form import requote_value
from guardian.codecs.path import encode_path, path_candidates
from guardian.codecs.url_value import looks_like_url
from guardian.records import HttpRequest

FORM = (("Content-Type", "application/x-www-form-urlencoded"),)
JSON = (("Content-Type", "application/json"),)
# How senders escape a URL put in a parameter: everything, all but ":/", or form style.
OUTER: list[Callable[[str], str]] = [
    lambda s: quote(s, safe=""),
    lambda s: quote(s, safe=":/"),
    lambda s: quote_plus(s, safe=""),
    lambda s: re.sub("%[0-9A-F]{2}", lambda m: m.group().lower(), quote(s, safe="")),  # lower-case hex
]
_names = st.from_regex(r"[a-z][a-z_]{0,6}", fullmatch=True)
_values = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


def _inner_url(pairs: list[tuple[str, str]]) -> tuple[str, list[tuple[int, int]]]:
    """An inner URL and the span of each of its (encoded) values."""
    url = "https://shop.example/p/x"
    spans = []
    for i, (name, value) in enumerate(pairs):
        url += ("?" if i == 0 else "&") + name + "="
        start = len(url)
        url += quote(value, safe="")
        spans.append((start, len(url)))
    return url, spans


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(_names, _values), min_size=1, max_size=5), st.integers(0, len(OUTER) - 1), st.data())
def test_an_encoded_url_in_a_query_value_round_trips_and_rewrites_one_parameter(
    pairs: list[tuple[str, str]], style: int, data: st.DataObject
) -> None:
    inner, spans = _inner_url(pairs)
    enc = OUTER[style]
    url = f"https://www.google-analytics.example/g/collect?v=2&dl={enc(inner)}&en=page_view"
    request = HttpRequest("GET", url)
    payload = decode_request(request)
    inner_fields = [f for f in payload.fields if "|>url|>query:" in f.path]
    assert [(f.name, f.value) for f in inner_fields] == pairs
    assert encode_request(request, payload, {}).url == url
    index = data.draw(st.integers(0, len(pairs) - 1))
    new_value = data.draw(_values)
    rewritten = encode_request(request, payload, {inner_fields[index].path: new_value}).url
    start, end = spans[index]
    head = "https://www.google-analytics.example/g/collect?v=2&dl=" + enc(inner[:start])
    tail = enc(inner[end:]) + "&en=page_view"
    assert rewritten.startswith(head) and rewritten.endswith(tail)  # only the edited value changed
    again = decode_request(HttpRequest("GET", rewritten))
    expected = [(n, new_value if i == index else v) for i, (n, v) in enumerate(pairs)]
    assert [(f.name, f.value) for f in again.fields if "|>url|>query:" in f.path] == expected


def test_a_url_in_a_form_value_and_in_a_json_string_keeps_its_escapes() -> None:
    inner = "https://shop.example/p?email=jane%40x.com&id=7"
    body = f"redirect_uri={quote(inner, safe='')}&state=abc".encode()
    request = HttpRequest("POST", "https://auth.example/login", FORM, body)
    payload = decode_request(request)
    path = "form:redirect_uri#0|>url|>query:email#0"
    assert payload.by_path()[path].value == "jane@x.com"
    out = encode_request(request, payload, {path: "[EMAIL]"}).body
    assert out == b"redirect_uri=https%3A%2F%2Fshop.example%2Fp%3Femail%3D%255BEMAIL%255D%26id%3D7&state=abc"
    # PHP's json_encode escapes "/" as "\/": a rewrite keeps that where nothing changed.
    body = b'{"u":"https:\\/\\/shop.example\\/p?email=jane%40x.com&id=7","n":1}'
    request = HttpRequest("POST", "https://t.example/e", JSON, body)
    payload = decode_request(request)
    path = "json:$.u|>url|>query:email#0"
    assert payload.by_path()[path].value == "jane@x.com"
    out = encode_request(request, payload, {path: "[EMAIL]"}).body
    assert out == b'{"u":"https:\\/\\/shop.example\\/p?email=%5BEMAIL%5D&id=7","n":1}'
    assert json.loads(out)["u"] == "https://shop.example/p?email=%5BEMAIL%5D&id=7"


def test_href_and_fragment_are_fields_named_like_the_outer_parameter() -> None:
    inner = "https://shop.example/users/jane%40x.com/orders?tab=open#section=2"
    request = HttpRequest("GET", "https://t.example/c?ref=" + quote(inner, safe=""))
    payload = decode_request(request)
    fields = {f.path: (f.name, f.value) for f in payload.fields}
    assert fields["query:ref#0|>url|>href:"] == ("ref", "https://shop.example/users/jane@x.com/orders")
    assert fields["query:ref#0|>url|>fragment:"] == ("ref", "section=2")
    url = encode_request(
        request, payload, {"query:ref#0|>url|>href:": "https://shop.example/users/[EMAIL]/orders"}
    ).url
    assert unquote(url.split("ref=", 1)[1]) == "https://shop.example/users/%5BEMAIL%5D/orders?tab=open#section=2"


def test_urls_without_a_query_and_non_urls_stay_plain() -> None:
    for value in ("https://www.google.com/", "http://a.b", "ftp://x.example/?a=b", "see https://x.example/?a=b", "https://x.example/?novalue"):
        assert not looks_like_url(value)
        request = HttpRequest("GET", "https://t.example/c?dr=" + quote(value, safe=""))
        assert [f.path for f in decode_request(request).fields] == ["query:dr#0"]


def test_path_segments_only_count_when_they_pack_something() -> None:
    assert decode_request(HttpRequest("GET", "https://api.example/v2/users/123456789012345/orders")).fields == ()
    assert path_candidates("https://h.example?u=https://x/y/zzzzzzzzzzzzzzzzzz") == []
    blob = base64.urlsafe_b64encode(json.dumps({"email": "jane@x.com", "uid": "42"}).encode()).decode().rstrip("=")
    request = HttpRequest("GET", f"https://px.example/t/{blob}/p.gif?cb=1#top")
    payload = decode_request(request)
    layer = "base64url" if set("-_") & set(blob) else "base64"  # alphanumeric only reads as base64
    assert {f.path: f.value for f in payload.fields} == {
        "query:cb#0": "1",
        f"path:2|>{layer}|>json:$.email": "jane@x.com",
        f"path:2|>{layer}|>json:$.uid": "42",
    }
    email = next(f.path for f in payload.fields if f.name == "email")
    url = encode_request(request, payload, {email: "[EMAIL]"}).url
    assert url.startswith("https://px.example/t/") and url.endswith("/p.gif?cb=1#top")
    sent = unquote(url.split("/")[4])
    assert "=" not in sent
    decode = base64.urlsafe_b64decode if layer == "base64url" else base64.b64decode
    assert json.loads(decode(sent + "=" * (-len(sent) % 4))) == {"email": "[EMAIL]", "uid": "42"}
    redirect = "https://px.example/r/" + quote("https://shop.example/p?email=jane@x.com", safe="") + "/go"
    payload = decode_request(HttpRequest("GET", redirect))
    assert payload.by_path()["path:2|>url|>query:email#0"].value == "jane@x.com"


def test_requote_keeps_the_senders_escapes_where_nothing_changed() -> None:
    assert requote_value("a%2fb%2Fc+d", "a/b/c d", "a/X/c d", "utf-8") == "a%2fX%2Fc+d"
    assert requote_value("caf%C3%A9+%C3%A9t%C3%A9", "café été", "café hiver", "utf-8") == "caf%C3%A9+hiver"
    assert requote_value("x%zz", "x%zz", "y%zz", "utf-8") == "y%zz"  # a stray "%" is a character
    assert requote_path("a%20b", "a b", "a c") == "a%20c"
    assert encode_path("https://h.example/a/b%2Fc/d?q=1", {"path:2": "b/X"}) == "https://h.example/a/b%2FX/d?q=1"
