"""URL path segments that hold an e-mail address (`path:N`): read as fields, written back in place.

REST APIs and trackers put the address in the path (`/v1/users/jane@x.org/traits`); a path with
no address gives no field, and an edit changes only the edited characters.
"""

from __future__ import annotations

import pytest

from guardian.codecs import decode_request, encode_request
from guardian.records import HttpRequest


def _fields(url: str) -> dict[str, str]:
    return {f.path: f.value for f in decode_request(HttpRequest("GET", url)).fields}


def _rewrite(url: str, edits: dict[str, str]) -> str:
    request = HttpRequest("GET", url)
    return encode_request(request, decode_request(request), edits).url


@pytest.mark.parametrize(
    ("url", "fields"),
    [
        ("https://api.example/v1/users/jane.doe@example.org/traits", {"path:3": "jane.doe@example.org"}),
        ("https://t.example/u/jane.doe%40example.org?x=1", {"path:2": "jane.doe@example.org", "query:x#0": "1"}),
        ("https://t.example/mailto:jane@example.org.json", {"path:1": "mailto:jane@example.org.json"}),
        ("https://t.example/a/b@c.io/d/e@f.io", {"path:2": "b@c.io", "path:4": "e@f.io"}),
        ("https://t.example/u/+14155550199/x", {"path:2": "+14155550199"}),  # E.164
        ("https://t.example/u/%2B442079460958", {"path:2": "+442079460958"}),
    ],
)
def test_a_segment_holding_an_address_is_a_field(url: str, fields: dict[str, str]) -> None:
    assert _fields(url) == fields


@pytest.mark.parametrize(
    "url",
    [
        "https://mastodon.example/@jane",  # a handle: no domain
        "https://t.example/u/jane@localhost/x",  # no dotted domain
        "https://t.example/u/%40%40/x",
        "https://user@t.example/a/b",  # the authority's user part is not the path
        "https://t.example/a/b?email=jane@x.org",  # the query's own field, not a segment
        "https://t.example/u/14155550199/x",  # digits alone: an id as often as a phone
        "https://t.example/a+b/+1/c%2Fd",
    ],
)
def test_no_address_no_segment_field(url: str) -> None:
    assert not any(path.startswith("path:") for path in _fields(url))


def test_an_address_inside_a_packed_segment_or_a_parameter_is_read_once() -> None:
    packed = "https://px.example/r/https%3A%2F%2Fshop.example%2Fp%3Femail%3Djane%40x.com/go"
    assert {p: v for p, v in _fields(packed).items() if "@" in v} == {"path:2|>url|>query:email#0": "jane@x.com"}
    params = "https://ad.example/activity;u1=jane%40x.org;ord=1"
    assert _fields(params) == {"path:1;u1#0": "jane@x.org", "path:1;ord#0": "1"}


def test_the_edit_lands_in_place_keeping_the_senders_escapes() -> None:
    url = "https://api.example/v1/users/jane.doe@example.org/traits?write_key=abc#top"
    assert _rewrite(url, {"path:3": "***@example.org"}) == "https://api.example/v1/users/***@example.org/traits?write_key=abc#top"
    escaped = "https://t.example/engage/jane%2Edoe%40example%2Eorg/p.gif"
    assert _rewrite(escaped, {"path:2": "***@example.org"}) == "https://t.example/engage/***%40example%2Eorg/p.gif"
    # A new value never adds a segment: its "/" is escaped.
    assert _rewrite(url, {"path:3": "a/b@c.io"}) == "https://api.example/v1/users/a%2Fb@c.io/traits?write_key=abc#top"


def test_a_rewritten_segment_never_gains_an_equals_sign_that_would_make_it_a_pair() -> None:
    # base64 padding: the old segment escaped its one "=", the new value has two
    import base64

    old = base64.b64encode(b"jane.doe@example.org doe;doe&").decode()
    new = "jane jane jane.doe@example.org;"
    url = f"https://sync.example/u/{old.replace('=', '%3D')}/pixel.gif?a=1"
    rewritten = _rewrite(url, {"path:2|>base64|>text:": new})
    assert "=" not in rewritten.split("?")[0]
    assert _fields(rewritten) == {"query:a#0": "1", "path:2|>base64|>text:": new}


def test_address_segments_are_bounded() -> None:
    from guardian.codecs.path import MAX_PATH_PARAMS

    url = "https://t.example/" + "/".join(f"u{i}@example.org" for i in range(5 * MAX_PATH_PARAMS))
    fields = _fields(url)
    assert len(fields) == MAX_PATH_PARAMS and fields["path:1"] == "u0@example.org"
