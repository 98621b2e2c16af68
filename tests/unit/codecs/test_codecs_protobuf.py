"""Protobuf bodies read without a schema: strings are fields, named by their map entry's key,
and an edit re-encodes only the lengths around it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.protobuf import MAX_DEPTH, ProtobufCodec, _encode_varint
from guardian.errors import DecodeError
from guardian.records import HttpRequest

OTLP = (Path(__file__).resolve().parents[2] / "fixtures" / "protobuf" / "otlp_traces.bin").read_bytes()
SPAN = "pb:1[0].2[0].2[0]"


def ld(number: int, payload: bytes) -> bytes:
    return _encode_varint(number << 3 | 2) + _encode_varint(len(payload)) + payload


def varint(number: int, value: int) -> bytes:
    return _encode_varint(number << 3) + _encode_varint(value)


def _request(body: bytes, content_type: str = "application/x-protobuf") -> HttpRequest:
    return HttpRequest("POST", "https://collector.example/v1/traces", (("Content-Type", content_type),), body)


def test_a_real_otlp_export_reads_its_attributes_by_their_keys() -> None:
    payload = decode_request(_request(OTLP))
    assert payload.body_codec == "protobuf"
    named = {f.name: (f.path, f.value) for f in payload.fields if f.name}
    assert named == {
        "service.name": ("pb:1[0].1[0].1[0].2[0].1[0]", "shop-web"),
        "user.id": (f"{SPAN}.9[0].2[0].1[0]", "u-4821-7734"),
        "user.email": (f"{SPAN}.9[1].2[0].1[0]", "jane.doe@example.org"),
        "user.full_name": (f"{SPAN}.9[2].2[0].1[0]", "Jane Doe"),
        "user.phone": (f"{SPAN}.9[3].2[0].1[0]", "+1 415 555 0199"),
        "plan": (f"{SPAN}.9[4].2[0].1[0]", "pro"),
    }
    # the span's name is a string; its trace and span ids are bytes, never fields
    assert (f"{SPAN}.5[0]", "sign_in") in {(f.path, f.value) for f in payload.fields}
    assert len(payload.fields) == 15


def test_an_edit_re_encodes_the_lengths_around_it_and_keeps_every_other_byte() -> None:
    request = _request(OTLP)
    payload = decode_request(request)
    assert encode_request(request, payload, {}).body == OTLP
    email, name = f"{SPAN}.9[1].2[0].1[0]", f"{SPAN}.9[2].2[0].1[0]"
    out = encode_request(request, payload, {email: "***@example.org", name: "J. D. (a much longer value than before)"}).body
    assert out is not None and b"jane" not in out
    after = {f.path: f.value for f in decode_request(_request(out)).fields}
    before = {f.path: f.value for f in payload.fields}
    assert after == {**before, email: "***@example.org", name: "J. D. (a much longer value than before)"}
    # the trace id (16 random bytes) and everything after the last attribute are as they were
    assert OTLP[0x33:0x43] in out and out.endswith(OTLP[-22:])


def test_grpc_frames_are_read_one_by_one_and_a_compressed_one_keeps_the_body_opaque() -> None:
    message = ld(1, b"jane.doe@example.org") + varint(2, 7)
    framed = b"\x00" + len(message).to_bytes(4, "big") + message
    body = framed + framed + b"\x80\x00\x00\x00\x00"  # two messages, then a (gRPC-web) trailer frame
    request = _request(body, "application/grpc-web+proto")
    payload = decode_request(request)
    assert [(f.path, f.value) for f in payload.fields] == [("pb:f0.1[0]", "jane.doe@example.org"), ("pb:f1.1[0]", "jane.doe@example.org")]
    out = encode_request(request, payload, {"pb:f1.1[0]": "x@example.org"}).body
    assert out == framed + b"\x00" + (len(message) - 7).to_bytes(4, "big") + ld(1, b"x@example.org") + varint(2, 7) + b"\x80\x00\x00\x00\x00"
    compressed = b"\x01" + framed[1:]
    assert decode_request(_request(compressed, "application/grpc")).body_codec == "opaque"


def test_a_word_that_parses_as_scalars_is_still_a_string() -> None:
    # "user.email" is two fixed32 fields to a parser that tries messages first
    fields = ProtobufCodec().decode(ld(1, ld(1, b"user.email") + ld(2, b"v")), "application/protobuf")
    assert [(f.path, f.name, f.value) for f in fields] == [("pb:1[0].1[0]", "", "user.email"), ("pb:1[0].2[0]", "user.email", "v")]


@pytest.mark.parametrize(
    "body, why",
    [
        (ld(1, b"abc")[:-1], "not a protobuf message"),  # cut short
        (b"\x0b\x01", "not a protobuf message"),  # a group (wire type 3)
        (ld(1, b"\xff\xfe jane.doe@example.org \x00"), "no string field holds"),  # an address in bytes
    ],
)
def test_what_does_not_parse_or_hides_an_address_stays_opaque(body: bytes, why: str) -> None:
    with pytest.raises(DecodeError, match=why):
        ProtobufCodec().decode(body, "application/x-protobuf")
    assert decode_request(_request(body)).body_codec == "opaque"


def test_a_string_written_back_as_it_was_keeps_an_overlong_length() -> None:
    body = b"\x0a\x85\x00hello" + varint(2, 1)  # field 1, length 5 written in two bytes
    codec = ProtobufCodec()
    assert [f.value for f in codec.decode(body, "application/x-protobuf")] == ["hello"]
    assert codec.encode(body, "application/x-protobuf", {"pb:1[0]": "hello"}) == body
    assert codec.encode(body, "application/x-protobuf", {"pb:1[0]": "hi"}) == b"\x0a\x02hi" + varint(2, 1)


def test_nesting_is_bounded() -> None:
    body = b"v-leaf"
    for _ in range(MAX_DEPTH + 2):
        body = ld(1, body)
    with pytest.raises(DecodeError, match="deeper"):
        ProtobufCodec().decode(body, "application/x-protobuf")


# Strings that start with "v" (wire type 6, no message starts so) are strings however they go on.
_TEXT = st.text(alphabet="abcdefghij @.+-0123456789", max_size=20).map(lambda s: "v" + s)
_TREE = st.recursive(
    _TEXT,
    lambda children: st.lists(st.tuples(st.integers(1, 20), children), min_size=1, max_size=4),
    max_leaves=12,
)


def _encode(tree: object) -> bytes:
    return b"".join(
        ld(number, child.encode() if isinstance(child, str) else _encode(child)) for number, child in tree  # type: ignore[attr-defined]
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 20), _TREE), min_size=1, max_size=4), st.data())
def test_any_message_tree_reads_back_its_strings_and_rewrites_one_in_place(tree: list, data: st.DataObject) -> None:  # type: ignore[type-arg]
    body = _encode(tree) + varint(21, 300)
    codec = ProtobufCodec()
    fields = codec.decode(body, "application/x-protobuf")

    def leaves(node: object) -> list[str]:
        return [node] if isinstance(node, str) else [s for _, child in node for s in leaves(child)]  # type: ignore[attr-defined]

    assert [f.value for f in fields] == [s for _, child in tree for s in leaves(child)]
    target = data.draw(st.sampled_from(fields))
    new = data.draw(_TEXT)
    out = codec.encode(body, "application/x-protobuf", {target.path: new})
    assert [(f.path, f.value) for f in codec.decode(out, "application/x-protobuf")] == [
        (f.path, new if f.path == target.path else f.value) for f in fields
    ]
    assert out.endswith(varint(21, 300))


def test_a_printable_body_that_says_protobuf_and_does_not_parse_is_never_read_as_text() -> None:
    # read as text, an edit of the address would be written into what may be binary
    payload = decode_request(_request(b"hello jane.doe@example.org"))
    assert payload.body_codec == "opaque" and payload.opaque_reason == "not a protobuf message"
    assert [f.path for f in payload.fields] == ["opaque:addresses"]


def test_grpc_web_text_is_read_inside_its_base64_and_written_back_in_it() -> None:
    import base64

    message = ld(1, b"jane.doe@example.org") + varint(2, 7)
    frame = b"\x00" + len(message).to_bytes(4, "big") + message
    request = _request(base64.b64encode(frame) + base64.b64encode(frame), "application/grpc-web-text")
    payload = decode_request(request)
    assert payload.body_codec == "protobuf"
    assert [(f.path, f.value) for f in payload.fields] == [("pb:f0.1[0]", "jane.doe@example.org"), ("pb:f1.1[0]", "jane.doe@example.org")]
    out = encode_request(request, payload, {"pb:f0.1[0]": "x@example.org"}).body
    assert out is not None
    short = ld(1, b"x@example.org") + varint(2, 7)
    assert base64.b64decode(out) == b"\x00" + len(short).to_bytes(4, "big") + short + frame
    assert decode_request(_request(b"not base64!", "application/grpc-web-text")).body_codec != "protobuf"


def test_a_protobufjs_message_of_every_wire_type_reads_its_strings_and_rewrites_cleanly() -> None:
    body = (Path(__file__).resolve().parents[2] / "fixtures" / "protobuf" / "contacts_batch.bin").read_bytes()
    codec = ProtobufCodec()
    fields = codec.decode(body, "application/x-protobuf")
    assert [(f.path, f.name, f.value) for f in fields] == [
        ("pb:1[0].1[0]", "", "Jane Doe"),
        ("pb:1[0].2[0]", "", "jane.doe@example.org"),
        ("pb:1[0].3[0]", "", "+1 415 555 0199"),
        ("pb:1[0].3[1]", "", "020 7946 0958"),
        ("pb:1[0].10[0].1[0]", "", "12 Baker Street"),
        ("pb:1[0].10[0].2[0]", "", "London"),
        ("pb:1[0].11[0].1[0]", "", "plan"),
        ("pb:1[0].11[0].2[0]", "plan", "pro"),
        ("pb:1[0].11[1].1[0]", "", "user.email"),
        ("pb:1[0].11[1].2[0]", "user.email", "jane.doe@example.org"),
        ("pb:1[0].14[0].2[0]", "", "Paris"),
        ("pb:1[1].1[0]", "", "x"),
        ("pb:2[0]", "", "hi"),  # parses as two scalars too, but reads as text
    ]
    long_street = "[ADDRESS]" + "." * 150  # needs a two-byte length
    edits = {"pb:1[0].2[0]": "***@example.org", "pb:1[0].10[0].1[0]": long_street, "pb:1[0].11[1].2[0]": "***@example.org"}
    out = codec.encode(body, "application/x-protobuf", edits)
    assert [(f.path, f.value) for f in codec.decode(out, "application/x-protobuf")] == [
        (f.path, edits.get(f.path, f.value)) for f in fields
    ]
    # the scalars between and after the edited strings are byte for byte those of the original
    repeated = bytes([0x48, 0x01, 0x48, 0xAC, 0x02, 0x48, 0xF0, 0xA2, 0x04, 0x48, 0x02])  # field 9: 1, 300, 70000, 2
    assert repeated in body and repeated in out and out.endswith(body[-10:])


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200), st.sampled_from(["application/x-protobuf", "application/grpc-web+proto", "application/grpc-web-text"]))
def test_any_bytes_decode_or_raise_decode_error_and_a_same_value_edit_changes_nothing(body: bytes, content_type: str) -> None:
    codec = ProtobufCodec()
    try:
        fields = codec.decode(body, content_type)
    except DecodeError:
        return
    # writing every string back as it was changes no byte
    same = {f.path: f.value for f in fields}
    assert codec.encode(body, content_type, same) == body
    assert [(f.path, f.value) for f in codec.decode(codec.encode(body, content_type, same), content_type)] == list(same.items())
