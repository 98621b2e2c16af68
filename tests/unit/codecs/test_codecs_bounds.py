"""Bad input for the nested decoders: invalid base64, recursive encodings, huge values and many
payloads are bounded in depth, size and time, and never raise."""

from __future__ import annotations

import base64
import json
import os
import time
from urllib.parse import quote, unquote

from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.nested import MAX_DEPTH, MAX_NESTED_CHARS, SEP, Budget, unwrap
from guardian.records import Field, HttpRequest

FORM = (("Content-Type", "application/x-www-form-urlencoded"),)
SECONDS = 5.0  # generous for a shared CI machine; each case takes well under a second


def _layers(path: str) -> int:
    return path.count(SEP) // 2


def test_recursive_base64_stops_at_max_depth() -> None:
    value = "user=jane.doe@example.org;plan=pro"
    for _ in range(12):
        value = base64.b64encode(value.encode()).decode()
    assert len(value) < MAX_NESTED_CHARS
    started = time.monotonic()
    payload = decode_request(HttpRequest("GET", f"https://x.example/?v={quote(value, safe='')}"))
    assert time.monotonic() - started < SECONDS
    (field,) = payload.fields
    assert _layers(field.path) == MAX_DEPTH and field.path.endswith("|>base64|>text:")
    # Within the depth limit the innermost text is reached, and rewritten back through every layer.
    short = base64.b64encode(base64.b64encode(b"user=jane.doe@example.org;plan=pro")).decode()
    request = HttpRequest("GET", f"https://x.example/?v={short}")
    payload = decode_request(request)
    (field,) = payload.fields
    assert (field.value, _layers(field.path)) == ("user=jane.doe@example.org;plan=pro", 2)
    url = encode_request(request, payload, {field.path: "user=[EMAIL];plan=pro"}).url
    sent = url.split("v=", 1)[1].replace("%3D", "=").replace("%2B", "+").replace("%2F", "/")
    assert base64.b64decode(base64.b64decode(sent)) == b"user=[EMAIL];plan=pro"


def test_ten_megabyte_values_are_scanned_as_they_are() -> None:
    text = ("Jane Doe lives at 1 Main Street. " * 330_000)[: 10 * 1024 * 1024]
    huge = base64.b64encode(text.encode()).decode()
    random_huge = base64.b64encode(os.urandom(7 * 1024 * 1024)).decode()
    near = MAX_NESTED_CHARS - 64  # under the cap, so the URL check runs on them in full
    urlish = ("http://a#?" + "x" * near, "http://" + "a" * near + "?b", "https://a/?" + "=" * near + " ")
    for value in (huge, random_huge, "A" * 10_000_000, "{" * 5_000_000 + "}" * 5_000_000, *urlish):
        started = time.monotonic()
        fields = unwrap([Field("query:v#0", "v", value)], Budget(8 * 1024 * 1024))
        assert time.monotonic() - started < SECONDS
        assert [f.path for f in fields] == ["query:v#0"]
    # Just under the per-value cap: decoded (text opens, random bytes do not), still quickly.
    for value, opens in ((huge[: MAX_NESTED_CHARS - 4], True), (random_huge[: MAX_NESTED_CHARS - 4], False)):
        started = time.monotonic()
        fields = unwrap([Field("query:v#0", "v", value)], Budget(8 * 1024 * 1024))
        assert time.monotonic() - started < SECONDS
        assert [f.path for f in fields] == (["query:v#0|>base64|>text:"] if opens else ["query:v#0"])
    big_body = b"data=" + random_huge[:6_000_000].encode()
    started = time.monotonic()
    payload = decode_request(HttpRequest("POST", "https://x.example/", FORM, big_body))
    assert time.monotonic() - started < SECONDS and [f.path for f in payload.fields] == ["form:data#0"]


def test_the_budget_bounds_the_decoded_size_of_a_whole_request() -> None:
    blob = base64.b64encode(json.dumps({"email": "jane@x.com", "pad": "x" * 200_000}).encode()).decode()
    decoded = len(base64.b64decode(blob))
    fields = [Field(f"form:d#{i}", "d", blob) for i in range(5)]
    opened = unwrap(fields, Budget(3 * decoded + 10))
    assert sum(1 for f in opened if f.name == "email") == 3
    assert [f.path for f in opened if SEP not in f.path] == ["form:d#3", "form:d#4"]
    body = "&".join(f"d={quote(blob, safe='')}" for _ in range(5)).encode()
    payload = decode_request(HttpRequest("POST", "https://x.example/", FORM, body), max_body_bytes=len(body))
    # base64 shrinks what it holds: a body within the size limit always has budget for one layer.
    assert sum(1 for f in payload.fields if f.name == "email") == 5


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.sampled_from(["query", "form", "json", "path", "ndjson"]))
def test_decoding_any_value_anywhere_never_raises_and_no_edit_is_identity(value: str, where: str) -> None:
    quoted = quote(value, safe="")
    if where == "query":
        request = HttpRequest("GET", f"https://x.example/?v={quoted}")
    elif where == "path":
        request = HttpRequest("GET", f"https://x.example/a/{quoted}/b")
    else:
        content_type, body = {
            "form": ("application/x-www-form-urlencoded", f"v={quoted}".encode()),
            "json": ("application/json", json.dumps({"v": value}).encode()),
            "ndjson": ("application/x-ndjson", json.dumps({"v": value}).encode() + b"\n" + value.encode("utf-8", "surrogatepass")),
        }[where]
        request = HttpRequest("POST", "https://x.example/", (("Content-Type", content_type),), body)
    payload = decode_request(request)
    rewrite = encode_request(request, payload, {})
    assert (rewrite.url, rewrite.body) == (request.url, request.body)


@settings(max_examples=100, deadline=None)
@given(st.binary(min_size=12, max_size=64), st.booleans())
def test_base64_of_any_bytes_never_raises_and_rewrites_or_stays(data: bytes, url: bool) -> None:
    value = (base64.urlsafe_b64encode(data) if url else base64.b64encode(data)).decode()
    request = HttpRequest("GET", f"https://x.example/?v={quote(value, safe='')}")
    payload = decode_request(request)
    for field in payload.fields:
        if SEP in field.path:  # when it opened, an edit of what is inside writes back
            rewrite = encode_request(request, payload, {field.path: "[X]"})
            # read the written value back by hand: "[X]" re-encoded may be too short to be opened again
            sent = unquote(rewrite.url.split("v=", 1)[1])
            raw = (base64.urlsafe_b64decode if url else base64.b64decode)(sent + "=" * (-len(sent) % 4))
            assert b"[X]" in raw
