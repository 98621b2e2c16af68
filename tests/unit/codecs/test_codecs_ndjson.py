"""NDJSON and Sentry envelopes: each line's JSON leaves are fields, other lines are text, and a
rewritten payload gets its item header's `length` fixed."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.ndjson import split_envelope
from guardian.records import HttpRequest

_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=16)
_objects = st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), _text | st.integers(), min_size=1, max_size=4)
_lines = st.lists(_objects.map(json.dumps) | _text.filter(lambda t: t.strip() and not t.lstrip().startswith(("{", "["))), min_size=1, max_size=6)


def _ndjson(body: bytes, content_type: str = "application/x-ndjson") -> HttpRequest:
    return HttpRequest("POST", "https://logs.example/bulk", (("Content-Type", content_type),), body)


@settings(max_examples=80, deadline=None)
@given(_lines, st.sampled_from(["\n", "\r\n"]), st.booleans(), st.data())
def test_ndjson_round_trips_and_rewrites_one_line(lines: list[str], eol: str, final: bool, data: st.DataObject) -> None:
    body = (eol.join(lines) + (eol if final else "")).encode()
    request = _ndjson(body)
    payload = decode_request(request)
    assert payload.body_codec == "ndjson"
    assert encode_request(request, payload, {}).body == body
    field = data.draw(st.sampled_from(payload.fields))
    new = data.draw(_text.map(lambda t: "x" + t))  # not a number, not JSON: read back as written
    out = encode_request(request, payload, {field.path: new}).body.decode()
    index = int(field.path.split("|>")[0].split(":")[1])
    got, want = out.split(eol), body.decode().split(eol)
    assert [g for i, g in enumerate(got) if i != index] == [w for i, w in enumerate(want) if i != index]
    if "|>json|>" in field.path:
        assert new in json.loads(got[index]).values()
    else:
        assert got[index] == new


def test_a_text_line_is_a_text_field_and_blank_lines_are_kept() -> None:
    body = b'{"email":"jane@x.com"}\n\nplain log line from jane@x.com\n[1,"two"]\n'
    payload = decode_request(_ndjson(body, "application/jsonl"))
    assert {f.path: f.value for f in payload.fields} == {
        "ndjson:0|>json|>json:$.email": "jane@x.com",
        "ndjson:2": "plain log line from jane@x.com",
        "ndjson:3|>json|>json:$[0]": "1",
        "ndjson:3|>json|>json:$[1]": "two",
    }
    with pytest.raises(Exception, match="line framing"):
        encode_request(_ndjson(body), payload, {"ndjson:2": "two\nlines"})


def _envelope(event: dict[str, object], *, sized: bool, text_type: bool = False) -> HttpRequest:
    payload = json.dumps(event).encode()
    item = {"type": "event", "content_type": "application/json"} | ({"length": len(payload)} if sized else {})
    body = b"\n".join(
        [
            json.dumps({"event_id": "9ec79c33ec9942ab8353589fcb2e04dc", "sent_at": "2024-05-01T12:00:00Z"}).encode(),
            json.dumps(item).encode(),
            payload,
            json.dumps({"type": "attachment", "length": 6, "filename": "a.bin"}).encode(),
            b"\x00\x01\n\xff\x02\x03",  # binary, with a newline inside: only `length` frames it
            b"",
        ]
    )
    content_type = "text/plain;charset=UTF-8" if text_type else "application/x-sentry-envelope"
    return HttpRequest("POST", "https://o1.ingest.sentry.example/api/1/envelope/", (("Content-Type", content_type),), body)


def _items(body: bytes) -> list[bytes]:
    return [body[f.start : f.end] for f in split_envelope(body)]


@pytest.mark.parametrize(("sized", "text_type"), [(True, False), (False, False), (True, True)])
def test_envelope_payload_rewrite_fixes_the_length(sized: bool, text_type: bool) -> None:
    request = _envelope({"message": "boom", "user": {"email": "jane@x.com", "ip_address": "10.1.2.3"}}, sized=sized, text_type=text_type)
    payload = decode_request(request)
    assert payload.body_codec == "envelope"
    fields = payload.by_path()
    assert fields["envelope:2|>json|>json:$.user.email"].value == "jane@x.com"
    assert not any(p.startswith("envelope:4") for p in fields)  # the binary attachment is no field
    assert encode_request(request, payload, {}).body == request.body
    rewrite = encode_request(request, payload, {"envelope:2|>json|>json:$.user.email": "[EMAIL ADDRESS]"})
    items = _items(rewrite.body)
    assert json.loads(items[2])["user"] == {"email": "[EMAIL ADDRESS]", "ip_address": "10.1.2.3"}
    header = json.loads(items[1])
    assert header.get("length") == (len(items[2]) if sized else None)
    assert items[4] == b"\x00\x01\n\xff\x02\x03" and items[0] == _items(request.body)[0]
    assert rewrite.headers == (("content-length", str(len(rewrite.body))),)


def test_a_broken_envelope_is_read_as_text_not_opaque() -> None:
    body = b'{"event_id":"x"}\n{"type":"event","length":999}\n{"user":{"email":"jane@x.com"}}\n'
    payload = decode_request(_ndjson(body, "application/x-sentry-envelope"))
    assert payload.body_codec == "text" and payload.malformed and "jane@x.com" in payload.fields[0].value


def test_an_edit_that_would_break_the_framing_is_refused() -> None:
    request = _envelope({"message": "boom"}, sized=True)
    payload = decode_request(request)
    with pytest.raises(Exception, match="framing"):  # a header edit that lies about the length
        encode_request(request, payload, {"envelope:1|>json|>json:$.length": "3"})


@pytest.mark.parametrize(
    ("body", "codec"),
    [
        (b'{"a":1}\n{"b":"jane@x.com"}\n', "ndjson"),
        (b'{"a": 1, "b": "jane@x.com"}', "json"),
        (b'{"event_id":"x"}\n{"type":"session"}\n{"sid":"y"}\n', "envelope"),
        (b"Hello, my e-mail is jane@x.com\n{not json}\n", "text"),
    ],
)
def test_text_plain_bodies_are_read_by_their_shape(body: bytes, codec: str) -> None:
    assert decode_request(_ndjson(body, "text/plain;charset=UTF-8")).body_codec == codec
