"""`key=value` parameters in the URL path (`path:N;KEY#i`): read as fields, written back in place.

Floodlight sends `;key=value` pairs after a segment's name, Lotame whole `key=value` segments; a
plain path gives no fields, and an edit changes only the characters of the edited value.
"""

from __future__ import annotations

import time
from urllib.parse import quote, unquote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.path import MAX_KEY_CHARS, MAX_PATH_PARAMS, PARAM_SAFE, encode_path, path_params_located
from guardian.errors import EncodeError
from guardian.records import HttpRequest

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SECONDS = 5.0  # generous for a shared CI machine; each case takes milliseconds
FLOODLIGHT = (
    "https://ad.doubleclick.net/activity;src=1234567;type=sales;cat=purch0;ord=1234;"
    "u1=jane%40example.org;dc_rdid=cea4a5a3-0b1c-4e5d-9f6a-123456789abc?"
)
LOTAME = "https://bcp.crwdcntrl.net/5/c=1234/tpid=8f3a9c2b7d1e4f60/"


def _fields(url: str) -> dict[str, str]:
    return {f.path: f.value for f in decode_request(HttpRequest("GET", url)).fields}


def _rewrite(url: str, edits: dict[str, str]) -> str:
    request = HttpRequest("GET", url)
    return encode_request(request, decode_request(request), edits).url


def test_floodlight_matrix_parameters_are_fields_named_by_their_keys() -> None:
    payload = decode_request(HttpRequest("GET", FLOODLIGHT))
    assert {f.path: (f.name, f.value) for f in payload.fields} == {
        "path:1;src#0": ("src", "1234567"),
        "path:1;type#0": ("type", "sales"),
        "path:1;cat#0": ("cat", "purch0"),
        "path:1;ord#0": ("ord", "1234"),
        "path:1;u1#0": ("u1", "jane@example.org"),
        "path:1;dc_rdid#0": ("dc_rdid", "cea4a5a3-0b1c-4e5d-9f6a-123456789abc"),
    }


def test_lotame_key_value_segments_are_fields() -> None:
    assert _fields(LOTAME) == {"path:2;c#0": "1234", "path:3;tpid#0": "8f3a9c2b7d1e4f60"}


@pytest.mark.parametrize(
    ("url", "fields"),
    [
        ("https://x.example/a=b", {"path:1;a#0": "b"}),
        ("https://x.example/shop;jsessionid=A1B2?p=1", {"query:p#0": "1", "path:1;jsessionid#0": "A1B2"}),
        ("https://x.example/x;a=1;a=2;b=", {"path:1;a#0": "1", "path:1;a#1": "2", "path:1;b#0": ""}),
        ("https://x.example/c=1;d=a==", {"path:1;c#0": "1", "path:1;d#0": "a=="}),  # after ";" "=" is value
        ("https://x.example/t;~oref=x;k=v;;1", {"path:1;k#0": "v"}),  # other pieces stay as they are
        ("https://x.example/k=caf%C3%A9%20%2F+x", {"path:1;k#0": "café /+x"}),  # "+" is itself in a path
        ("/rel;k=v", {"path:1;k#0": "v"}),  # a URL with no scheme: all of it is the path
    ],
)
def test_what_is_read_as_a_pair(url: str, fields: dict[str, str]) -> None:
    assert _fields(url) == fields


@pytest.mark.parametrize(
    "url",
    [
        "https://x.example/product/123",
        "https://api.example/v2/users/123456789012345/orders",
        "https://x.example/a;b;c/d",  # ";" but no "="
        "https://x.example/eyJhIjoiYiJ9==/p.gif",  # base64 with its padding
        "https://x.example/YWJjZA=",  # a single pad: an empty "value"
        "https://x.example/k=v=w",  # a whole segment with more than one "="
        "https://x.example/=v",  # no key
        "https://x.example/~k=v",  # not a key's characters
        "https://x.example/%6B=v",  # an escaped key is not read as one
        f"https://x.example/{'k' * (MAX_KEY_CHARS + 1)}=v",
        "https://x.example/p#a=b",  # a fragment is not the path
        "https://user=x@x.example/p",  # nor the authority
    ],
)
def test_plain_paths_give_no_fields(url: str) -> None:
    assert _fields(url) == {}


def test_an_edit_lands_in_place_escaping_what_would_split_the_path() -> None:
    new = "[EMAIL]; a=b/c?d#e%f+g"
    url = _rewrite(FLOODLIGHT, {"path:1;u1#0": new})
    assert url == FLOODLIGHT.replace("jane%40example.org", "%5BEMAIL%5D%3B%20a%3Db%2Fc%3Fd%23e%25f%2Bg")
    assert _fields(url)["path:1;u1#0"] == new
    assert _rewrite(LOTAME, {"path:3;tpid#0": "0000"}) == LOTAME.replace("8f3a9c2b7d1e4f60", "0000")
    # The sender's own escapes stay where the value did not change.
    assert _rewrite("https://x.example/a;k=caf%c3%a9%20x", {"path:1;k#0": "café y"}) == "https://x.example/a;k=caf%c3%a9%20y"


def test_no_edit_gives_the_identical_url() -> None:
    for url in (FLOODLIGHT, LOTAME, "https://x.example/a;k=%7e%7E+x;k=?q=1#f"):
        assert _rewrite(url, {}) == url
        assert encode_path(url, {}) is url


def test_a_url_inside_a_parameter_is_read_and_rewritten() -> None:
    inner = quote("https://shop.example/p?email=jane@x.com&tab=1", safe="")
    url = f"https://ad.example/activity;src=1;ref={inner};ord=2?"
    path = "path:1;ref#0|>url|>query:email#0"
    assert _fields(url)[path] == "jane@x.com"
    new = _rewrite(url, {path: "[EMAIL]"})
    assert new.startswith("https://ad.example/activity;src=1;ref=") and new.endswith(";ord=2?")
    assert _fields(new)[path] == "[EMAIL]"


def test_edits_of_a_segment_and_its_parameter_together_are_refused() -> None:
    with pytest.raises(EncodeError, match="overlap"):
        encode_path(FLOODLIGHT, {"path:1": "x", "path:1;src#0": "y"})
    with pytest.raises(EncodeError, match="unknown field path"):
        encode_path(FLOODLIGHT, {"path:1;nope#0": "y"})


def test_pairs_are_bounded_and_a_huge_path_is_linear() -> None:
    url = "https://x.example/t" + ";k=v" * (10 * MAX_PATH_PARAMS) + "/" + "a=b/" * 10
    assert len(_fields(url)) == MAX_PATH_PARAMS
    for path in ("/" + ";k=v" * 200_000, "/" + "=" * 1_000_000, "/" + "a=b/" * 200_000, "/" + "k" * 1_000_000 + "=v"):
        started = time.monotonic()
        fields = _fields("https://x.example" + path)
        assert time.monotonic() - started < SECONDS
        assert len(fields) <= MAX_PATH_PARAMS


# ---- properties ----

keys = st.from_regex(r"[A-Za-z0-9_.\-]{1,8}", fullmatch=True)
values = st.text(max_size=12)
escapes = st.sampled_from(["", PARAM_SAFE, "@:,", "~"])


@st.composite
def param_paths(draw: st.DrawFn) -> str:
    """A path of plain segments, `key=value` segments and `name;k=v;...` segments."""
    segments = []
    for _ in range(draw(st.integers(1, 4))):
        shape = draw(st.sampled_from(["plain", "pair", "matrix"]))
        if shape == "plain":
            segments.append(quote(draw(values), safe=draw(escapes)))
            continue
        pairs = [
            f"{draw(keys)}={quote(draw(values), safe=draw(escapes))}"
            for _ in range(draw(st.integers(1, 4)))
        ]
        name = "" if shape == "pair" else quote(draw(values), safe="") + ";"
        segments.append(name + ";".join(pairs))
    return "/" + "/".join(segments)


@SETTINGS
@given(param_paths(), st.sampled_from(["", "?q=1", "?", "#a;b=c", "?x=y#z"]), st.data())
def test_round_trip_identical_without_edit_and_in_place_with_one(path: str, tail: str, data: st.DataObject) -> None:
    url = f"https://h.example{path}{tail}"
    located = path_params_located(url)
    for loc in located:  # every span reads as its value
        assert unquote(url[loc.start : loc.end], errors="surrogateescape") == loc.field.value
    assert _rewrite(url, {}) == url
    if not located:
        return
    loc = data.draw(st.sampled_from(located))
    new = data.draw(st.text(min_size=1, max_size=12))
    out = encode_path(url, {loc.field.path: new})
    written = out[loc.start : len(out) - (len(url) - loc.end)]
    assert out[: loc.start] == url[: loc.start] and out[loc.start + len(written) :] == url[loc.end :]
    assert not set(written) & set(";/?#=")
    before = {f.path: f.value for f in (x.field for x in located)}
    after = {x.field.path: x.field.value for x in path_params_located(out)}
    assert after == {**before, loc.field.path: new}


@SETTINGS
@given(st.text(max_size=80), st.text(max_size=6))
def test_any_url_decodes_without_raising_and_spans_read_back(text: str, new: str) -> None:
    for url in (text, "https://h.example/" + text, "https://h.example/p;" + text):
        payload = decode_request(HttpRequest("GET", url))
        located = path_params_located(url)
        assert len(located) <= MAX_PATH_PARAMS
        for loc in located:
            assert unquote(url[loc.start : loc.end], errors="surrogateescape") == loc.field.value
            out = encode_path(url, {loc.field.path: new or "x"})
            assert out[: loc.start] == url[: loc.start]
        params = {f.path for f in payload.fields if ";" in f.path.split("|>")[0] and f.path.startswith("path:")}
        assert {x.field.path for x in located} >= {p.split("|>")[0] for p in params}
