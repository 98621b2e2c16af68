"""Values inside values: JSON in query/form values and JSON strings, base64(url) JSON; rewritten
in the encoding they came in; bad input stays a plain value."""

from __future__ import annotations

import base64
import json
from urllib.parse import parse_qsl, quote, urlsplit

from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.nested import MAX_DEPTH, split_nested, unwrap
from guardian.records import Field, HttpRequest

FORM = (("Content-Type", "application/x-www-form-urlencoded"),)
JSON = (("Content-Type", "application/json"),)

_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=20)
_objects = st.dictionaries(st.from_regex(r"[a-z]{1,8}", fullmatch=True), _text, min_size=1, max_size=5)


def _b64(obj: object, *, url: bool = False, pad: bool = True) -> str:
    raw = json.dumps(obj).encode()
    text = (base64.urlsafe_b64encode(raw) if url else base64.b64encode(raw)).decode()
    return text if pad else text.rstrip("=")


@settings(max_examples=60, deadline=None)
@given(_objects, st.booleans(), st.booleans())
def test_base64_json_in_a_form_value_round_trips_and_rewrites_in_place(obj: dict[str, str], url: bool, pad: bool) -> None:
    value = _b64({"properties": obj}, url=url, pad=pad)
    req = HttpRequest("POST", "https://api.example/track", FORM, f"data={quote(value, safe='')}&v=2".encode())
    payload = decode_request(req)
    nested = [f for f in payload.fields if split_nested(f.path)]
    assert {f.name: f.value for f in nested} == obj
    assert encode_request(req, payload, {}).body == req.body  # nothing edited: byte-identical
    edits = {f.path: "X" for f in nested}
    body = encode_request(req, payload, edits).body
    new_value = dict(parse_qsl(body.decode()))["data"]
    padded = value.endswith("=") or len(value) % 4 == 0  # without "=", a multiple of 4 reads as padded
    assert (len(new_value) % 4 == 0) if padded else ("=" not in new_value)  # padded as it came ...
    assert ("-" in new_value or "_" in new_value) <= url  # ... and the same alphabet
    again = decode_request(HttpRequest("POST", "https://api.example/track", FORM, body))
    assert {f.name: f.value for f in again.fields if split_nested(f.path)} == {k: "X" for k in obj}


def test_json_in_a_query_value_and_in_a_json_string() -> None:
    inner = json.dumps({"site": {"page": "https://news.example/a"}, "user": {"email": "jane.doe@example.org"}})
    req = HttpRequest("GET", "https://bids.example/cygnus?r=" + quote(inner, safe=""))
    payload = decode_request(req)
    paths = {f.path: f.value for f in payload.fields}
    assert paths["query:r#0|>json|>json:$.user.email"] == "jane.doe@example.org"
    url = encode_request(req, payload, {"query:r#0|>json|>json:$.user.email": "[EMAIL]"}).url
    rewritten = json.loads(dict(parse_qsl(urlsplit(url).query))["r"])
    assert rewritten == {"site": {"page": "https://news.example/a"}, "user": {"email": "[EMAIL]"}}
    body = json.dumps({"payload": json.dumps({"email": "jane.doe@example.org", "n": 1})}).encode()
    req = HttpRequest("POST", "https://sdk.example/e", JSON, body)
    payload = decode_request(req)
    path = "json:$.payload|>json|>json:$.email"
    assert {f.path for f in payload.fields} == {path, "json:$.payload|>json|>json:$.n"}
    out = json.loads(encode_request(req, payload, {path: "[EMAIL]"}).body)
    assert json.loads(out["payload"]) == {"email": "[EMAIL]", "n": 1}


def test_a_json_string_as_a_parameters_value_is_read_and_written_inside_its_quotes() -> None:
    # an API that takes its parameters as JSON literals (Sanity's "$customerId=\"...\"")
    req = HttpRequest("GET", 'https://p.api.sanity.example/v1/data/query/production?%24customerId=%22usr_8f3k2m9qz4%22&x=%22%22')
    payload = decode_request(req)
    inner = {f.path: f for f in payload.fields if split_nested(f.path)}
    assert list(inner) == ["query:$customerId#0|>json|>json:$"]
    assert inner["query:$customerId#0|>json|>json:$"].value == "usr_8f3k2m9qz4"
    assert inner["query:$customerId#0|>json|>json:$"].name == "$customerId"  # the parameter's name, for its kind
    url = encode_request(req, payload, {"query:$customerId#0|>json|>json:$": "usr_3x1j5k9hb8"}).url
    assert dict(parse_qsl(urlsplit(url).query))["$customerId"] == '"usr_3x1j5k9hb8"'
    for value in ('"', '"a', 'a"', '"unterminated\\"', '"1" "2"'):  # not one JSON string: a plain field
        assert [f.path for f in unwrap([Field("query:x#0", "x", value)])] == ["query:x#0"]


def test_a_body_that_claims_json_but_does_not_parse_is_read_as_text() -> None:
    req = HttpRequest("POST", "https://metrics.example/c", JSON, b'{"event":"signup","email":"jane.doe@example.org","ev')
    payload = decode_request(req)
    assert payload.body_codec == "text" and not payload.opaque
    assert payload.fields[0].value.endswith('"ev') and "jane.doe@example.org" in payload.fields[0].value
    binary = HttpRequest("POST", "https://metrics.example/c", JSON, b'{"a": \x00\x01\x02')
    assert decode_request(binary).opaque


def test_bad_and_huge_values_stay_plain_and_depth_is_bounded() -> None:
    for value in ("{not json}", "eyJub3QiOiBqc29u", "A" * 64, "{" * 10_000 + "}" * 10_000, "=" * 20):
        fields = unwrap([Field("query:x#0", "x", value)])
        assert len(fields) >= 1
    deep: object = {"e": "jane.doe@example.org"}
    for _ in range(MAX_DEPTH + 3):
        deep = {"p": json.dumps(deep)}
    fields = unwrap([Field("query:x#0", "x", json.dumps(deep))])
    assert max(f.path.count("|>json|>") for f in fields) == MAX_DEPTH
