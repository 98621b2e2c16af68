"""JSON codec: paths, kinds, byte-preserving write-back, malformed and deep bodies."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.json_ import MAX_DEPTH, JsonCodec, json_fields, scan_json
from guardian.errors import DecodeError, EncodeError
from guardian.records import Field, FieldKind, HttpRequest


def _req(body: bytes, content_type: str = "application/json") -> HttpRequest:
    return HttpRequest(
        "POST", "https://api.example.com/v1", (("Content-Type", content_type),), body
    )


def test_nested_objects_and_arrays_become_paths() -> None:
    body = (
        b'{"user": {"email": "ann@example.com", "phones": ["555-1234", {"home": "555-9"}]},'
        b' "ok": true, "n": null}'
    )
    payload = decode_request(_req(body))
    assert payload.body_codec == "json"
    assert [(f.path, f.name, f.value) for f in payload] == [
        ("json:$.user.email", "email", "ann@example.com"),
        ("json:$.user.phones[0]", "phones", "555-1234"),
        ("json:$.user.phones[1].home", "home", "555-9"),
    ]


def test_numbers_keep_their_literal_text() -> None:
    payload = decode_request(
        _req(b'{"lat": 52.5200, "age": -7, "big": 1E+400, "id": 12345678901234567890}')
    )
    assert [(f.value, f.kind) for f in payload] == [
        ("52.5200", FieldKind.NUMBER),
        ("-7", FieldKind.NUMBER),
        ("1E+400", FieldKind.NUMBER),
        ("12345678901234567890", FieldKind.NUMBER),
    ]


def test_unicode_and_escapes_decode_and_odd_keys_are_quoted() -> None:
    text = '{"na\\u006de": "Jos\\u00e9 \\"J\\" M\\u00fcller\\n", "we.ird key": "ü€😀", "": "e"}'
    body = text.encode()
    payload = decode_request(_req(body))
    assert [(f.path, f.value) for f in payload] == [
        ("json:$.name", 'José "J" Müller\n'),
        ('json:$["we.ird key"]', "ü€😀"),
        ('json:$[""]', "e"),
    ]
    assert payload.fields[1].name == "we.ird key"


def test_edit_replaces_only_the_token_and_keeps_formatting() -> None:
    body = b'{\n  "email" :  "ann@example.com",\n  "esc": "\\u00e9",\n  "tags": [ "a" , "b" ]\n}'
    request = _req(body)
    rewrite = encode_request(request, decode_request(request), {"json:$.tags[1]": 'x"y'})
    assert rewrite.body == body.replace(b'"b"', b'"x\\"y"')
    assert ("content-length", str(len(rewrite.body))) in rewrite.headers


def test_root_array_and_scalar_paths() -> None:
    assert [f.path for f in decode_request(_req(b'["a", [1]]'))] == ["json:$[0]", "json:$[1][0]"]
    assert [(f.path, f.name) for f in decode_request(_req(b'"solo"'))] == [("json:$", "")]


def test_number_field_written_bare_when_numeric_else_as_string() -> None:
    request = _req(b'{"lat": 52.52, "lon": 13.40}')
    payload = decode_request(request)
    rewrite = encode_request(request, payload, {"json:$.lat": "52.5", "json:$.lon": "about 13"})
    assert rewrite.body == b'{"lat": 52.5, "lon": "about 13"}'


def test_non_ascii_edit_is_written_raw_in_utf8() -> None:
    request = _req(b'{"name": "ann"}')
    rewrite = encode_request(request, decode_request(request), {"json:$.name": "Zoë 😀"})
    assert rewrite.body == '{"name": "Zoë 😀"}'.encode()


def test_duplicate_keys_get_unique_writable_paths() -> None:
    request = _req(b'{"a": "1", "a": "2"}')
    payload = decode_request(request)
    assert [f.path for f in payload] == ["json:$.a", "json:$.a#1"]
    assert encode_request(request, payload, {"json:$.a#1": "z"}).body == b'{"a": "1", "a": "z"}'


@pytest.mark.parametrize(
    ("body", "offset"),
    [
        (b'{"a": "b",}', 10),
        (b'{"a" "b"}', 5),
        (b'{"\xc3\xa9": tru}', 7),  # byte, not char, offset
        (b'{"a": 1} x', 9),
        (b"[1, 2", 5),
        (b'{"a": NaN}', 6),
        (b'{"a": 1\xd9\xa0}', 7),  # a non-ASCII digit is not part of a number
        (b'{"a": "\x01"}', 7),
    ],
)
def test_malformed_json_is_read_as_text_with_the_byte_offset(body: bytes, offset: int) -> None:
    payload = decode_request(_req(body))
    reason = payload.malformed if not payload.opaque else payload.opaque_reason
    assert reason is not None and reason.startswith(f"malformed JSON at byte {offset}")
    if b"\x01" not in body:  # text: scanned as text, never opaque (else a broken body would evade the scan)
        assert payload.body_codec == "text" and [f.path for f in payload.fields] == ["text:"]
    else:  # a control byte is no text
        assert payload.opaque


def test_too_deep_json_is_text_not_recursion_error() -> None:
    payload = decode_request(_req(b"[" * 5000 + b"]" * 5000))
    assert payload.malformed == "JSON nested deeper than 200 levels" and payload.body_codec == "text"
    assert not decode_request(_req(b"[" * 200 + b"]" * 200)).opaque


def test_plus_json_and_beacon_text_plain_are_json() -> None:
    assert decode_request(_req(b'{"a": "b"}', "application/reports+json")).body_codec == "json"
    # Google's JSPB: a protobuf message as a JSON array (before, "protobuf" in the type made it opaque)
    jspb = decode_request(_req(b'[["jane@x.org",null,3],"web"]', "application/json+protobuf"))
    assert jspb.body_codec == "json" and [f.value for f in jspb.fields if f.path.startswith("json:")] == ["jane@x.org", "3", "web"]
    beacon = decode_request(
        _req(b' [{"event": "view", "uid": "u1"}]\n', "text/plain;charset=UTF-8")
    )
    assert beacon.body_codec == "json"
    assert [f.path for f in beacon] == ["json:$[0].event", "json:$[0].uid"]


def test_plain_text_that_only_starts_like_json_stays_text() -> None:
    payload = decode_request(_req(b"{not json at all", "text/plain"))
    assert payload.body_codec == "text"


def test_unknown_path_and_missing_body_raise_encode_error() -> None:
    request = _req(b'{"a": "b"}')
    with pytest.raises(EncodeError, match="unknown field path"):
        encode_request(request, decode_request(request), {"json:$.zzz": "x"})
    bare = HttpRequest("GET", "https://example.com/")
    with pytest.raises(EncodeError, match="no body"):
        encode_request(bare, decode_request(bare), {"json:$.a": "x"})


def test_edit_result_reparses() -> None:
    body = json.dumps({"a": ["x", {"b": "y", "c": 3}], "d": "\u2028"}).encode()
    request = _req(body)
    edits = {"json:$.a[0]": "\\ \n \t \u0000", "json:$.a[1].c": "-0.5e3"}
    rewritten = json.loads(encode_request(request, decode_request(request), edits).body)
    assert rewritten == {"a": ["\\ \n \t \u0000", {"b": "y", "c": -500.0}], "d": "\u2028"}


def test_leading_bom_is_skipped_and_kept() -> None:
    request = _req('\ufeff{"a": "b"}'.encode())
    payload = decode_request(request)
    assert [(f.path, f.value) for f in payload] == [("json:$.a", "b")]
    assert encode_request(request, payload, {"json:$.a": "c"}).body == '\ufeff{"a": "c"}'.encode()


def test_encode_after_decode_uses_the_body_it_is_given() -> None:
    # decode and encode of one body share a scan; an equal-looking request with another body must not
    first = HttpRequest("POST", "https://a.test/", (("Content-Type", "application/json"),), b'{"email": "a@b.test"}')
    second = HttpRequest("POST", "https://a.test/", (("Content-Type", "application/json"),), b'{"x": 1, "email": "c@d.test"}')
    decode_request(first)
    payload = decode_request(second)
    path = next(f.path for f in payload.fields if f.name == "email")
    rewrite = encode_request(second, payload, {path: "[EMAIL]"})
    assert json.loads(rewrite.body) == {"x": 1, "email": "[EMAIL]"}
    payload = decode_request(first)
    rewrite = encode_request(first, payload, {next(f.path for f in payload.fields): "[EMAIL]"})
    assert json.loads(rewrite.body) == {"email": "[EMAIL]"}


# -- json_fields: the C decoder's reading agrees with the scanner's ---------------------------


_KEYS = st.sampled_from(["a", "a", "email", "x.y", "we ird", "", "é", "\ud83d\ude00", "a\"b", "0"]) | st.text(max_size=6)
_SCALARS = (
    st.text(max_size=12)
    | st.integers(min_value=-10**30, max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([True, False, None, "", "\u2028", "\ud800"])
)
_DOCS = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.lists(st.tuples(_KEYS, inner), max_size=4).map(lambda kv: ("obj", kv)),
    max_leaves=25,
)


def _render(doc: object, style: int) -> str:
    """JSON text with repeated keys, escapes and spacing the way senders write it."""
    sep, colon = ((",", ":"), (", ", ": "), (" ,\n", " :\t"))[style % 3]
    if isinstance(doc, tuple) and doc and doc[0] == "obj":
        return "{" + sep.join(json.dumps(k, ensure_ascii=style % 2 == 0) + colon + _render(v, style) for k, v in doc[1]) + "}"
    if isinstance(doc, list):
        return "[" + sep.join(_render(v, style) for v in doc) + "]"
    return json.dumps(doc, ensure_ascii=style % 2 == 0)


def _scanned(text: str) -> list[Field] | str:
    try:
        return [loc.field for loc in scan_json(text, "json")]
    except DecodeError as e:
        return str(e)


def _read(text: str) -> list[Field] | str:
    try:
        return json_fields(text, "json")
    except DecodeError as e:
        return str(e)


@settings(max_examples=300, deadline=None)
@given(_DOCS, st.integers(min_value=0, max_value=5))
def test_json_fields_agrees_with_the_scanner_on_generated_documents(doc: object, style: int) -> None:
    text = _render(doc, style)
    assert _read(text) == _scanned(text)


@pytest.mark.parametrize("text", [
    '{"a": 1, "a": "x", "a": {"a": [1, 2.50, -0, 1E+3]}}',  # repeated keys, number tokens as written
    '\ufeff{"k": "v"}',  # a byte-order mark
    ' \r\n\t["x", true, null, false, "y"] \n',
    '"alone"', "12.0e-7", "true",
    '{"s": "\\ud800 \\u00e9 \\/ \\n"}',  # a lone surrogate, escapes
    '{"weird key": {"x.y": 1, "": 2, "0": 3}}',
    '{"n": NaN}', '{"n": -Infinity}', "[1, 2,]", '{"a": 1} x', "01", "-", "", "{", '{"a" 1}',  # malformed
    "[" * MAX_DEPTH + "]" * MAX_DEPTH, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),  # at and past the depth bound
    "[" * 5000 + "]" * 5000,  # past the decoder's recursion limit
    '{"a": "\x01"}',  # a raw control character in a string
])
def test_json_fields_agrees_with_the_scanner_on_edge_cases(text: str) -> None:
    assert _read(text) == _scanned(text)


def test_json_fields_reads_repeated_keys_and_number_tokens_as_written() -> None:
    fields = json_fields('{"a": 1.50, "a": [2, "x"]}', "json")
    assert [(f.path, f.name, f.value, f.kind) for f in fields] == [
        ("json:$.a", "a", "1.50", FieldKind.NUMBER),
        ("json:$.a#1[0]", "a", "2", FieldKind.NUMBER),
        ("json:$.a#1[1]", "a", "x", FieldKind.STRING),
    ]


def test_a_key_that_holds_an_address_is_a_field_renamed_in_place() -> None:
    from guardian.codecs.json_ import KEY_SUFFIX, json_locator

    body = b'{"to": {"jane.doe@example.org" : {"plan":"pro"}, "b": 1}, "x@y": 2}'
    codec = JsonCodec()
    fields = codec.decode(body, "application/json")
    assert [(f.path, f.name, f.value) for f in fields] == [
        ('json:$.to["jane.doe@example.org"]' + KEY_SUFFIX, "to", "jane.doe@example.org"),
        ('json:$.to["jane.doe@example.org"].plan', "plan", "pro"),
        ("json:$.to.b", "b", "1"),
        ('json:$["x@y"]', "x@y", "2"),  # no dotted domain: an ordinary key
    ]
    assert [loc.field for loc in codec.locate(body, "application/json")[2]] == fields  # the scanner agrees
    assert json_locator(fields[0].path) is None  # a key sits in no schema's place
    key, plan = fields[0].path, fields[1].path
    out = codec.encode(body, "application/json", {key: "***@example.org", plan: "free"})
    assert out == b'{"to": {"***@example.org" : {"plan":"free"}, "b": 1}, "x@y": 2}'


def test_two_keys_renamed_alike_stay_two_members() -> None:
    body = b'{"a@example.org": 1, "b@example.org": 2}'
    codec = JsonCodec()
    edits = {f.path: "***@example.org" for f in codec.decode(body, "application/json") if f.path.endswith("{key}")}
    assert json.loads(codec.encode(body, "application/json", edits)) == {"***@example.org": 1, "***@example.org~2": 2}


def test_a_phone_number_as_a_maps_key_is_a_field_of_its_own() -> None:
    from guardian.codecs.json_ import JsonCodec

    body = b'{"counts":{"+44 20 7946 0958":2,"plan":1,"+1":3}}'
    fields = {f.path: f.value for f in JsonCodec().decode(body, "application/json")}
    assert fields['json:$.counts["+44 20 7946 0958"]{key}'] == "+44 20 7946 0958"
    assert not any(p.endswith("{key}") and "plan" in p or p.endswith('"+1"]{key}') for p in fields)  # names and "+1" stay keys
    out = JsonCodec().encode(body, "application/json", {'json:$.counts["+44 20 7946 0958"]{key}': "+44 20 7946 0000"})
    assert out == body.replace(b"0958", b"0000")


def test_a_persons_name_as_a_maps_key_is_a_field_of_its_own() -> None:
    from guardian.codecs.json_ import JsonCodec, json_fields

    body = b'{"valuesCountMap":{"Ann Lee":1,"Mary de Souza":2,"new checkout":1,"pro":1}}'
    fields = {f.path: f.value for f in JsonCodec().decode(body, "application/json")}
    keys = sorted(v for p, v in fields.items() if p.endswith("{key}"))
    assert keys == ["Ann Lee", "Mary de Souza"]  # lower-case words and one word stay the schema's
    assert {f.path: f.value for f in json_fields(body.decode(), "json")} == fields  # the C decoder's reading is the same
    out = JsonCodec().encode(body, "application/json", {'json:$.valuesCountMap["Ann Lee"]{key}': "Kim Roe"})
    assert out == body.replace(b"Ann Lee", b"Kim Roe")
